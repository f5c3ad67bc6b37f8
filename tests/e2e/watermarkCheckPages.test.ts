import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import type { Browser } from 'playwright-core';
import { buildUiIfStale } from '../../scripts/lib/uiBuild';
import { markToDb } from '../../domain/watermark';
import { embedWatermark } from '../../watermark';
import { syntheticImage } from '../../watermark/synthetic';
import { apiBase, closeTestDb, testDb } from '../support/http';
import { certifiedUser } from '../support/identity';
import { IP_NAMES, ipciRow } from '../support/ipcis';
import { launchChromium, openSized, OVERFLOW, screenshot, SIZES } from '../support/browser';

/**
 * Online identification in Chromium (issue 14): on protect/antifake a visitor drops a copy that was
 * recompressed and cropped and reads who registered it; the owner finds that check, with its
 * thumbnail, under usercenter/watermarkdetect's detected-watermark tab. Both pages fit a 390 px phone
 * and a 1440 px desktop in the three languages. IPCI_SCREENSHOT_DIR keeps every page to look at.
 */
let browser: Browser;
let owner: { username: string; password: string };
let code: string;
let suspect: Buffer;

beforeAll(async () => {
  buildUiIfStale(() => undefined);
  browser = await launchChromium();
  const who = await certifiedUser();
  owner = who.user;
  const ipci = await ipciRow(who.user.id);
  code = ipci.code;
  const [batch] = await testDb()('watermark_batches').insert({ user_id: who.user.id, media: 'image', ipci_id: ipci.id, total: 1, done: 1, state: 'finished' }).returning('id');
  const mark = randomBytes(8).readBigUInt64BE(0);
  await testDb()('watermark_items').insert({ batch_id: batch.id, user_id: who.user.id, media: 'image', source_name: 'mountains-and-seas-poster-2026-spring-edition.jpg', ipci_id: ipci.id, mark: markToDb(mark), state: 'done' });
  const photo = await sharp(Buffer.from(syntheticImage(800, 600, 21)), { raw: { width: 800, height: 600, channels: 3 } }).jpeg({ quality: 92 }).toBuffer();
  const { image } = await embedWatermark(photo, mark);
  suspect = await sharp(await sharp(image).jpeg({ quality: 50 }).toBuffer()).extract({ left: 31, top: 17, width: 720, height: 540 }).jpeg({ quality: 50 }).toBuffer();
}, 300_000);
afterAll(async () => {
  await browser?.close();
  await closeTestDb();
});

const NAMES = { 'en-US': IP_NAMES.en, 'zh-CN': IP_NAMES.zh, 'ja-JP': IP_NAMES.ja } as const;

describe.each(SIZES)('at %s px', (size, viewport) => {
  test.each(['en-US', 'zh-CN', 'ja-JP'] as const)('%s: a visitor identifies a recompressed, cropped copy; its owner sees the check', async (lang) => {
    const visitor = await openSized(browser, viewport, lang);
    await visitor.goto(`${apiBase()}/${lang}/ipci/protect/antifake`);
    await visitor.locator('[data-testid="identification-panel"]').waitFor();
    await visitor.waitForLoadState('networkidle');
    await screenshot(visitor, `antifake-${lang}-${size}`);
    await visitor.locator('[data-testid="identify-input"]').setInputFiles({ name: `shop-${lang}-${size}.jpg`, mimeType: 'image/jpeg', buffer: suspect });
    const found = visitor.locator('[data-testid="identify-found"]');
    await found.waitFor({ timeout: 30_000 });
    expect(await found.locator('[data-testid="identify-owner"]').textContent()).toBe('张三');
    expect(await found.locator('[data-testid="identify-ip"]').textContent()).toBe(NAMES[lang]);
    expect(await found.locator('[data-testid="identify-verify"]').getAttribute('href')).toBe(`/${lang}/ipci/right/certificate/${code}`);
    await screenshot(visitor, `antifake-found-${lang}-${size}`);
    expect(await visitor.evaluate<number>(OVERFLOW)).toBe(0);
    await visitor.context().close();

    const page = await openSized(browser, viewport, lang, [owner.username, owner.password]);
    await page.goto(`${apiBase()}/${lang}/ipci/usercenter/watermarkdetect`);
    await page.locator('[data-testid="detect-zone"]').waitFor();
    await page.waitForLoadState('networkidle');
    await screenshot(page, `watermarkdetect-${lang}-${size}`);
    expect(await page.evaluate<number>(OVERFLOW)).toBe(0);
    await page.goto(`${apiBase()}/${lang}/ipci/usercenter/watermarkdetect?tab=detected`);
    const row = page.locator('[data-testid="check-row"]', { hasText: `shop-${lang}-${size}.jpg` });
    await row.waitFor();
    await page.waitForLoadState('networkidle');
    // The evidence thumbnail loaded.
    expect(await row.locator('img').evaluate((img: { naturalWidth: number }) => img.naturalWidth)).toBeGreaterThan(0);
    await screenshot(page, `watermarkdetect-detected-${lang}-${size}`);
    expect(await page.evaluate<number>(OVERFLOW)).toBe(0);
    await page.context().close();
  }, 120_000);
});
