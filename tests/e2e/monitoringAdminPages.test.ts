import { randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { buildUiIfStale } from '../../scripts/lib/uiBuild';
import { apiBase, closeTestDb, DEMO, testDb } from '../support/http';
import { launchChromium, openSized, overflow, SIZES } from '../support/browser';
import { holderWithSuspect } from '../support/tortReports';

/**
 * The monitoring back office in Chromium (issue 15) at 390 px and 1440 px in three languages: the
 * reports and a report's audit page with its evidence, the inbox task that decides it, the crawl sites
 * with a site's form and fetch log, the crawl runs, the subscriptions and the monitoring orders —
 * nothing wider than the window. Long addresses and names must wrap. IPCI_SCREENSHOT_DIR keeps a
 * screenshot of each page to look at.
 */
let browser: Browser;
let reportId: string;
let taskId: string;
let siteId: string;

const LONG_HOST = 'shop-of-officially-licensed-merchandise-and-collectibles.example-marketplace.com';

beforeAll(async () => {
  buildUiIfStale(() => undefined);
  browser = await launchChromium();
  const db = testDb();
  for (let i = 0; i < 3; i++) {
    const h = await holderWithSuspect('zh-CN', { website: LONG_HOST });
    await db('users').where({ id: h.user.id }).update({ display_name: '星光文化创意传播有限公司（Starlight Cultural Creative Co., Ltd.）' });
    const { application } = (await h.caller.get(`/api/suspects/${h.suspect.id}/report-draft`)).body;
    const sent = await h.caller.post(`/api/suspects/${h.suspect.id}/report`, { application });
    if (sent.status !== 201) throw new Error(`report: ${sent.status} ${JSON.stringify(sent.body)}`);
    reportId ??= sent.body.report.id;
    // The subscription's order, as the order pages list it under the type monitoring.
    const tag = randomUUID();
    const [order] = await db('orders')
      .insert({
        order_no: `E2E${tag.replace(/-/g, '').slice(0, 13)}`,
        dedupe_key: `monitoring-admin-e2e/${tag}`,
        user_id: h.user.id,
        type: 'monitoring',
        subject_kind: 'monitoringSubscription',
        subject_id: h.subscriptionId,
        name: '侵权监测一年套餐',
        names: JSON.stringify({ zh: '侵权监测一年套餐', en: 'One-year infringement monitoring plan', ja: '侵害監視 1 年プラン' }),
        amount: 240_000,
        order_state: 2,
        pay_method: 'quickPay',
        workflow_id: `monitoring-admin-e2e/${tag}`,
        deadline_at: new Date(),
        paid_at: new Date(),
      })
      .returning('id');
    await db('monitoring_subscriptions').where({ id: h.subscriptionId }).update({ order_id: order.id, starts_at: new Date(), expires_at: new Date(Date.now() + 365 * 86_400_000), last_crawl_at: new Date() });
  }
  for (let n = 0; n < 100 && !taskId; n++) {
    taskId = (await db('tasks').where({ case_kind: 'tortReport', case_id: reportId }).first('id'))?.id;
    if (!taskId) await new Promise((r) => setTimeout(r, 200));
  }
  const [site] = await db('crawl_sites')
    .insert({ name: '官方授权周边与收藏品网上商城（Officially Licensed Merchandise Marketplace）', start_url: `https://${LONG_HOST}/catalogue/all-products?sort=newest`, extra_hosts: db.raw('?::text[]', [[`img.${LONG_HOST}`]]) })
    .returning('id');
  siteId = site.id;
  const [run] = await db('crawl_runs').insert({ trigger: `monitoringSubscription/${reportId}`, pages_fetched: 120, pages_unchanged: 40, errors: 2, bytes: 34_567_890, finished_at: new Date() }).returning('id');
  await db('crawl_fetches').insert(
    Array.from({ length: 12 }, (_, i) => ({
      run_id: run.id,
      site_id: siteId,
      url: `https://${LONG_HOST}/catalogue/products/mountains-and-seas-limited-edition-poster-${i}?variant=large&colour=red`,
      outcome: i % 5 === 4 ? 'error' : 'ok',
      status: i % 5 === 4 ? 503 : 200,
      ms: 120 + i,
      bytes: 45_678 * (i + 1),
      kind: i % 3 === 0 ? 'image' : 'page',
    })),
  );
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await closeTestDb();
});

const PAGES = (): Array<[string, string, string]> => [
  ['tort', '/admin/tort', '[data-testid="admin-tort-row"]'],
  ['tort-audit', `/admin/tort/audit/${reportId}`, '[data-testid="tort-evidence"] img'],
  ['tort-task', `/manage/tasks/${encodeURIComponent(taskId)}`, '[data-testid="tort-evidence"] img'],
  ['crawlSite', '/admin/crawlSite', '[data-testid="crawl-site-row"]'],
  ['crawlSite-edit', `/admin/crawlSite/edit/${siteId}`, '[data-testid="crawl-site-form"]'],
  ['crawlSite-fetches', `/admin/crawlSite/${siteId}/fetches`, '[data-testid="crawl-fetch-row"]'],
  ['crawlRun', '/admin/crawlRun', '[data-testid="crawl-run-row"]'],
  ['monitoringSubscription', '/admin/monitoringSubscription', '[data-testid="admin-subscription-row"]'],
  ['monitoringOrder', '/admin/monitoringOrder', '[data-testid="admin-order-row"]'],
];

describe.each(SIZES)('at %s px', (size, viewport) => {
  test.each(['en-US', 'zh-CN', 'ja-JP'] as const)('%s: every monitoring back-office page fits the window', async (lang) => {
    const page = await openSized(browser, viewport, lang, DEMO.admin);
    for (const [name, url, ready] of PAGES()) {
      const wide = await overflow(page, url, ready, `monitoring-admin-${name}-${lang}-${size}`);
      expect([name, wide]).toEqual([name, 0]);
    }
    // Lists show every column in sight: on a phone each row is a card, nothing hides past the right edge.
    for (const [name, url, row] of PAGES().filter(([, , ready]) => ready.endsWith('-row"]'))) {
      await page.goto(apiBase() + url);
      const box = await page.locator(`${row} td`).last().boundingBox();
      expect([name, box!.x + box!.width <= viewport.width]).toEqual([name, true]);
    }
    await page.context().close();
  }, 180_000);
});
