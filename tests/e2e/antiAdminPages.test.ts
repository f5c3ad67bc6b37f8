import { randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { buildUiIfStale } from '../../scripts/lib/uiBuild';
import { addDays } from '../../domain/antiAdmin';
import { chinaDate } from '../../domain/dates';
import { markToDb } from '../../domain/watermark';
import { apiBase, closeTestDb, DEMO, newUser, testDb } from '../support/http';
import { ipciRow } from '../support/ipcis';
import { launchChromium, openSized, overflow, SIZES } from '../support/browser';

/**
 * The anti-counterfeiting back office in Chromium (issue 14) at 390 px and 1440 px in three
 * languages: every list, an order's detail and the statistics with their charts drawn — nothing wider
 * than the window. Rows go straight into the tables, with long names that must wrap. IPCI_SCREENSHOT_DIR
 * keeps a screenshot of each page to look at.
 */
let browser: Browser;
let orderId: string;
const MB = 1024 * 1024;

beforeAll(async () => {
  buildUiIfStale(() => undefined);
  browser = await launchChromium();
  const db = testDb();
  const buyer = await newUser('enterprise');
  await db('users').where({ id: buyer.id }).update({ display_name: '星光文化创意传播有限公司（Starlight Cultural Creative Co., Ltd.）' });
  const ipci = await ipciRow(buyer.id);
  const [pkg] = await db('capacity_packages')
    .insert({ name_zh: '防伪专业版', name_en: 'Anti-counterfeit Professional', name_ja: '偽造防止プロ', capacity: 50, capacity_unit: 'G', capacity_bytes: 50 * 1024 * MB, validity_months: 12, price_fen: 99_900 })
    .returning('id');
  const today = chinaDate(new Date());
  for (let i = 0; i < 12; i++) {
    const at = new Date(`${addDays(today, -i * 2)}T10:00:00+08:00`);
    const tag = randomUUID();
    const [order] = await db('orders')
      .insert({
        order_no: `E2E${tag.replace(/-/g, '').slice(0, 13)}`,
        dedupe_key: `anti-admin-e2e/${tag}`,
        user_id: buyer.id,
        type: 'antiCounterfeit',
        subject_kind: 'capacityPurchase',
        subject_id: tag,
        name: '防伪专业版',
        amount: 99_900,
        order_state: i % 4 === 3 ? 0 : 2,
        workflow_id: `anti-admin-e2e/${tag}`,
        created_at: at,
        deadline_at: at,
        paid_at: i % 4 === 3 ? null : at,
        pay_method: i % 4 === 3 ? null : 'quickPay',
        anti_package: JSON.stringify({ packageId: pkg.id, nameZh: '防伪专业版', nameEn: 'Anti-counterfeit Professional', nameJa: '偽造防止プロ', capacity: 50, capacityUnit: 'G', bytes: 50 * 1024 * MB, validityMonths: 12, priceFen: 99_900 }),
      })
      .returning('id');
    orderId ??= order.id;
    if (i % 4 !== 3) {
      await db('capacity_grants').insert({ user_id: buyer.id, order_id: order.id, package_id: pkg.id, package: db.raw('(select anti_package from orders where id = ?)', [order.id]), bytes: 50 * 1024 * MB, starts_at: at, expires_at: new Date(at.getTime() + 365 * 86_400_000), created_at: at });
    }
    const [upload] = await db('uploads').insert({ owner_id: buyer.id, kind: 'gallery', mime: 'image/jpeg', ext: 'jpg', size: (i + 1) * 300 * MB, original_name: 'poster.jpg', storage_key: `anti-admin-e2e/${tag}` }).returning('id');
    await db('gallery_files').insert({ user_id: buyer.id, upload_id: upload.id, kind: i % 2 ? 'watermarked' : 'original', size: (i + 1) * 300 * MB, created_at: at });
    for (const media of ['image', 'video'] as const) {
      const [batch] = await db('watermark_batches').insert({ user_id: buyer.id, media, total: 1, created_at: at }).returning('id');
      const [item] = await db('watermark_items')
        .insert({
          batch_id: batch.id,
          user_id: buyer.id,
          media,
          source_name: `mountains-and-seas-poster-2026-spring-edition-${i}.${media === 'image' ? 'jpg' : 'mp4'}`,
          ipci_id: ipci.id,
          mark: markToDb(BigInt(`0x${tag.replace(/-/g, '').slice(0, 15)}${media === 'image' ? 1 : 2}`)),
          state: ['done', 'failed', 'embedding', 'pending'][i % 4],
          error: i % 4 === 1 ? 'validation.required' : null,
          file_size: 2_345_678,
          created_at: at,
        })
        .returning('id');
      await db('watermark_checks').insert({ checked_at: at, origin: i % 2 ? 'owner' : 'public', checker_id: i % 2 ? buyer.id : null, media, found: i % 3 !== 0, item_id: i % 3 ? item.id : null, owner_id: i % 3 ? buyer.id : null, file_name: `suspect-from-a-marketplace-listing-${i}.${media === 'image' ? 'jpg' : 'mp4'}`, file_size: 734_003, sha256: 'b'.repeat(64) });
    }
  }
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await closeTestDb();
});

const PAGES: Array<[string, string, string]> = [
  ['antifakeOrder', '/admin/antifakeOrder', '[data-testid="anti-order-row"]'],
  ['antifakeOrder-detail', '', '[data-testid="anti-order-grant"]'],
  ['antiStatistics', '/admin/antiStatistics', '[data-testid="chart-checks"] .recharts-bar-rectangle'],
  ['imageWatermark', '/admin/imageWatermark', '[data-testid="admin-watermark-row"]'],
  ['videoWatermark', '/admin/videoWatermark', '[data-testid="admin-watermark-row"]'],
  ['imageDetection', '/admin/imageDetection', '[data-testid="admin-check-row"]'],
  ['videoDetection', '/admin/videoDetection', '[data-testid="admin-check-row"]'],
  ['detectedWatermark', '/admin/detectedWatermark', '[data-testid="admin-check-row"]'],
];

describe.each(SIZES)('at %s px', (size, viewport) => {
  test.each(['en-US', 'zh-CN', 'ja-JP'] as const)('%s: every anti-counterfeiting back-office page fits the window', async (lang) => {
    const page = await openSized(browser, viewport, lang, DEMO.admin);
    for (const [name, url, ready] of PAGES) {
      const wide = await overflow(page, url || `/admin/antifakeOrder/${orderId}`, ready, `anti-${name}-${lang}-${size}`);
      expect([name, wide]).toEqual([name, 0]);
    }
    // The statistics draw every chart.
    await page.goto(`${apiBase()}/admin/antiStatistics`);
    for (const chart of ['chart-sold', 'chart-capacity', 'chart-checks']) await page.locator(`[data-testid="${chart}"] .recharts-bar-rectangle`).first().waitFor();
    await page.context().close();
  }, 120_000);
});
