import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { buildUiIfStale } from '../../scripts/lib/uiBuild';
import { syntheticImage } from '../../watermark/synthetic';
import { launchChromium, openPage } from '../support/browser';
import { closeTestDb, eventually, testDb } from '../support/http';
import { certifiedUser } from '../support/identity';
import { IP_NAMES, ipciRow } from '../support/ipcis';

/**
 * Issue 14's whole journey in Chromium against the real API, workflows, sandbox gateway and store: a
 * brand owner buys a capacity package on protect/capacitypay and pays at the sandbox gateway, lands
 * on protect/opensuccess once the capacity is granted, uploads a photograph to the gallery, has it
 * watermarked for their IPCI on usercenter/addwatermarkimage and downloads the copy. The copy is then
 * recompressed to JPEG quality 50 and cropped by 10 % at an odd offset, as a counterfeiter's shop
 * would show it, and a visitor identifies it on protect/antifake as the owner's, with the IP and a
 * link to the IPCI's verification page.
 */
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  buildUiIfStale(() => undefined);
  browser = await launchChromium();
}, 300_000);
afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
  await browser?.close();
  await closeTestDb();
});

const base = () => process.env.IPCI_TEST_API!;

async function browse(cookie?: string): Promise<Page> {
  const { context, page } = await openPage(browser, base(), 'en-US');
  contexts.push(context);
  if (cookie) await context.addCookies([{ name: 'cookie-token', value: cookie.split('=')[1], url: base() }]);
  return page;
}

test('buy a package at the sandbox, upload to the gallery, watermark, download, recompress and crop, identify it on the public antifake page', async () => {
  const tag = randomUUID().slice(0, 6);
  const packageName = `Journey pack ${tag}`;
  await testDb()('capacity_packages').insert({ name_zh: `旅程套餐${tag}`, name_en: packageName, name_ja: `ジャーニー${tag}`, capacity: 50, capacity_unit: 'M', capacity_bytes: 50 * 1024 * 1024, validity_months: 12, price_fen: 9_900, on_sale: true, sort: -1 });
  const owner = await certifiedUser();
  const ipci = await ipciRow(owner.user.id, { valid_until: '2090-12-31' });
  const page = await browse(owner.caller.cookie);

  // The package, bought and paid at the sandbox gateway; capacity once the workflow granted it.
  await page.goto(`${base()}/en-US/ipci/protect/capacitypay`);
  await page.getByTestId('capacity-package').filter({ hasText: packageName }).getByTestId('capacity-buy').click();
  await page.waitForURL(/\/usercenter\/pay\/[0-9a-f-]{36}$/);
  await page.getByRole('button', { name: 'Go to payment' }).click();
  await page.waitForURL(/\/sandbox-gateway\/pay\//);
  await page.getByRole('button', { name: 'Pay now' }).click();
  await page.waitForURL(/\/protect\/opensuccess/);
  await page.getByTestId('open-to-capacity').waitFor({ timeout: 60_000 });

  // A photograph into the gallery.
  const photo = await sharp(Buffer.from(syntheticImage(1280, 960, 4242)), { raw: { width: 1280, height: 960, channels: 3 } }).jpeg({ quality: 90 }).toBuffer();
  await page.goto(`${base()}/en-US/ipci/usercenter/gallerymanagement`);
  await page.getByTestId('gallery-upload').waitFor();
  await page.getByTestId('gallery-file-input').setInputFiles({ name: `spring-poster-${tag}.jpg`, mimeType: 'image/jpeg', buffer: photo });
  await page.locator('[data-testid^="gallery-file-"]').filter({ hasText: `spring-poster-${tag}` }).first().waitFor({ timeout: 30_000 });

  // Watermarked for the IPCI, followed to the end, downloaded.
  await page.goto(`${base()}/en-US/ipci/usercenter/addwatermarkimage`);
  await page.locator('[data-testid="gallery-grid"] input[type="checkbox"]').first().check({ force: true });
  await page.locator('select[data-testid="watermark-ipci"]').selectOption(ipci.id);
  await page.getByTestId('watermark-form-submit').click();
  const download = page.getByTestId('watermark-batch').getByTestId('watermark-item-download').first();
  await download.waitFor({ timeout: 90_000 });
  const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
  expect(file.suggestedFilename()).toBe(`spring-poster-${tag}-watermarked.jpg`);
  const chunks: Buffer[] = [];
  for await (const chunk of await file.createReadStream()) chunks.push(chunk as Buffer);
  const copy = Buffer.concat(chunks);
  const item = await eventually(() => testDb()('watermark_items').where({ user_id: owner.user.id, state: 'done' }).first());
  expect(item.ipci_id).toBe(ipci.id);

  // What a counterfeiter's shop shows: recompressed at quality 50, 10 % cropped at an odd offset.
  const q50 = await sharp(copy).jpeg({ quality: 50 }).toBuffer();
  const suspect = await sharp(q50).extract({ left: 77, top: 41, width: 1152, height: 864 }).jpeg({ quality: 50 }).toBuffer();

  // A visitor, not signed in, identifies it.
  const visitor = await browse();
  await visitor.goto(`${base()}/en-US/ipci/protect/antifake`);
  await visitor.getByTestId('identification-panel').waitFor();
  await visitor.getByTestId('identify-input').setInputFiles({ name: 'seen-in-a-shop.jpg', mimeType: 'image/jpeg', buffer: suspect });
  const found = visitor.getByTestId('identify-found');
  await found.waitFor({ timeout: 60_000 });
  expect(await found.getByTestId('identify-owner').textContent()).toBe('张三');
  expect(await found.getByTestId('identify-ip').textContent()).toBe(IP_NAMES.en);
  expect(await found.getByTestId('identify-verify').getAttribute('href')).toBe(`/en-US/ipci/right/certificate/${ipci.code}`);

  // The check is logged and names the owner's item.
  const check = await eventually(() => testDb()('watermark_checks').where({ item_id: item.id, origin: 'public', found: true }).first());
  expect(check.owner_id).toBe(owner.user.id);
}, 300_000);
