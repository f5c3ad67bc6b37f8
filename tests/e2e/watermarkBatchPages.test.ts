import sharp from 'sharp';
import type { Browser } from 'playwright-core';
import { buildUiIfStale } from '../../scripts/lib/uiBuild';
import { formatIpciCode } from '../../domain/ipci';
import { markFromDb } from '../../domain/watermark';
import { payloadBigInt, readWatermark } from '../../watermark';
import { syntheticImage } from '../../watermark/synthetic';
import { galleryUpload, grantCapacity } from '../support/gallery';
import { apiBase, closeTestDb, eventually, signedIn, testDb, type Caller } from '../support/http';
import { ipciRow } from '../support/ipcis';
import { downloadBy, launchChromium, openSized, OVERFLOW, screenshot, SIZES } from '../support/browser';

/**
 * usercenter/addwatermarkimage in Chromium (issue 14): the owner picks two gallery pictures and an
 * IPCI, starts the batch, watches both copies get done, downloads one and it carries its item's
 * mark; the page with a finished batch and the list of copies (pictures, then videos) fits a 390 px
 * phone and a 1440 px desktop in the three languages. IPCI_SCREENSHOT_DIR keeps every page to look at.
 */
let browser: Browser;
let owner: { username: string; password: string; id: string };
let caller: Caller;
let ipciCode: string;

const picture = (seed: number) => sharp(Buffer.from(syntheticImage(640, 480, seed)), { raw: { width: 640, height: 480, channels: 3 } }).jpeg({ quality: 90 }).toBuffer();

async function upload(name: string, seed: number): Promise<string> {
  const r = await galleryUpload(caller, await picture(seed), name);
  if (r.status !== 201) throw new Error(`upload ${name}: ${r.status}`);
  return r.body.file.id;
}

beforeAll(async () => {
  buildUiIfStale(() => undefined);
  browser = await launchChromium();
  const who = await signedIn('personal');
  owner = who.user;
  caller = who.caller;
  await grantCapacity(owner.id, 20);
  ipciCode = (await ipciRow(owner.id)).code;
  await upload('mountains-and-seas-poster-2026-spring-edition.jpg', 51);
  await upload('logo.jpg', 52);
}, 300_000);
afterAll(async () => {
  await browser?.close();
  await closeTestDb();
});

describe.each(SIZES)('at %s px', (size, viewport) => {
  test.each(['en-US', 'zh-CN', 'ja-JP'] as const)('%s: picks two pictures and an IPCI, follows the batch to the end and downloads a marked copy', async (lang) => {
    const page = await openSized(browser, viewport, lang, [owner.username, owner.password]);
    await page.goto(`${apiBase()}/${lang}/ipci/usercenter/addwatermarkimage`);
    await page.locator('[data-testid="gallery-grid"]').waitFor();
    await page.waitForLoadState('networkidle');
    await screenshot(page, `addwatermarkimage-${lang}-${size}`);
    expect(await page.evaluate<number>(OVERFLOW)).toBe(0);

    const boxes = page.locator('[data-testid="gallery-grid"] input[type="checkbox"]');
    await boxes.nth(0).check({ force: true });
    await boxes.nth(1).check({ force: true });
    const ipci = page.locator('select[data-testid="watermark-ipci"]');
    const value = await ipci.locator('option').nth(1).getAttribute('value');
    await ipci.selectOption(value!);
    await page.locator('[data-testid="watermark-form-submit"]').click();

    const batch = page.locator('[data-testid="watermark-batch"]');
    await batch.waitFor();
    await page.locator('[data-testid="watermark-item-download"]').nth(1).waitFor({ timeout: 60_000 });
    await page.waitForLoadState('networkidle');
    await screenshot(page, `addwatermarkimage-batch-${lang}-${size}`);
    expect(await page.evaluate<number>(OVERFLOW)).toBe(0);
    expect(await page.locator('[data-testid="watermark-row"]').count()).toBeGreaterThanOrEqual(2);
    expect(await page.locator('[data-testid="watermark-list"]').textContent()).toContain(formatIpciCode(ipciCode));

    const batchId = new URL(page.url()).searchParams.get('batch')!;
    const items = await eventually(async () => {
      const rows = await testDb()('watermark_items').where({ batch_id: batchId }).orderBy('created_at').select('id', 'mark', 'state');
      return rows.every((r) => r.state === 'done') && rows;
    });
    const first = page.locator(`[data-testid="watermark-item-${items[0].id}"]`);
    const [file] = await Promise.all([page.waitForEvent('download'), first.locator('[data-testid="watermark-item-download"]').click()]);
    expect(file.suggestedFilename()).toMatch(/-watermarked\.jpg$/);
    const chunks: Buffer[] = [];
    for await (const chunk of await file.createReadStream()) chunks.push(chunk as Buffer);
    const reading = await readWatermark(Buffer.concat(chunks));
    expect(reading && payloadBigInt(reading.payload)).toBe(markFromDb(items[0].mark));

    // The list's switch to videos: this owner has marked none, and the page still fits.
    const media = page.locator('[data-testid="watermark-list-media"] [role="radio"]');
    await media.nth(1).click();
    await page.locator('[data-testid="watermark-row"]').first().waitFor({ state: 'detached' });
    expect(await media.nth(1).getAttribute('aria-checked')).toBe('true');
    await screenshot(page, `addwatermarkimage-videos-${lang}-${size}`);
    expect(await page.evaluate<number>(OVERFLOW)).toBe(0);
    await page.context().close();
  }, 180_000);
});

// downloadBy finds a button by its accessible name; the list's buttons are named per file.
test('the list offers each done copy by name', async () => {
  const page = await openSized(browser, SIZES[1][1], 'en-US', [owner.username, owner.password]);
  await page.goto(`${apiBase()}/en-US/ipci/usercenter/addwatermarkimage`);
  await page.locator('[data-testid="watermark-list"]').waitFor();
  const { bytes } = await downloadBy(page, 'Download the watermarked copy of logo.jpg');
  expect((await sharp(bytes).metadata()).format).toBe('jpeg');
  await page.context().close();
}, 60_000);
