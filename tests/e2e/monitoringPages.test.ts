import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { buildUiIfStale } from '../../scripts/lib/uiBuild';
import { apiBase, closeTestDb, testDb } from '../support/http';
import { ipciRow } from '../support/ipcis';
import { holderWithSuspect } from '../support/tortReports';
import { launchChromium, openSized, overflow, SIZES } from '../support/browser';

/**
 * The user's monitoring pages (issue 15) fit a phone and a desktop in every language: the service
 * introduction and order with a valid and a revoked IPCI, the IP infringement list, a subscription's
 * monitored content, the suspected infringements and one's detail and report. Nothing reaches past
 * the window; a list's last column is in sight (on a phone each row is a card). With
 * IPCI_SCREENSHOT_DIR set each page is kept as monitoring-<page>-<lang>-<width>.png.
 */
let browser: Browser;
let login: readonly [string, string];
let subscriptionId: string;
let suspectId: string;

/** A long address without spaces, as shops' pages have: it must wrap or cut inside its cell, never widen the page. */
const LONG_PATH = 'products/detail/guochao-shanhaitu-mythical-beasts-limited-edition-poster-collection-2026-autumn?from=search&spm=a21bo.jianhua.201876.3';

beforeAll(async () => {
  buildUiIfStale(() => undefined);
  browser = await launchChromium();
  const holder = await holderWithSuspect('en-US', { website: 'www.guochao-mythical-beasts-flagship-store.example.com' });
  login = [holder.user.username, holder.user.password];
  subscriptionId = holder.subscriptionId;
  suspectId = holder.suspect.id;
  const db = testDb();
  const now = Date.now();
  await db('monitoring_subscriptions')
    .where({ id: subscriptionId })
    .update({
      label: '海报与周边',
      keywords: JSON.stringify([
        { text: '山海图', category: 'name' },
        { text: 'Mountains and Seas', category: 'name' },
        { text: '白泽', category: 'character' },
        { text: '昆仑山', category: 'scene' },
      ]),
      starts_at: new Date(now - 25 * 86_400_000),
      expires_at: new Date(now + 5 * 86_400_000),
      last_crawl_at: new Date(now - 3_600_000),
      next_crawl_at: new Date(now + 20 * 3_600_000),
    });
  await db('suspects').where({ id: suspectId }).update({ page_url: `https://www.guochao-mythical-beasts-flagship-store.example.com/${LONG_PATH}` });
  // A keyword-only find beside the picture match, and a revoked IPCI the order page shows disabled with its reason.
  const { rows } = await db.raw(`select nextval('suspect_serial') as serial`);
  await db('suspects').insert({
    number: `ST20261125${String(rows[0].serial).padStart(6, '0')}`,
    subscription_id: subscriptionId,
    user_id: holder.user.id,
    ipci_id: holder.ipci.id,
    match_kind: 'keyword',
    work_title: '山海图',
    website: 'bbs.example.org',
    page_url: `https://bbs.example.org/thread/${randomUUID()}`,
    evidence: JSON.stringify({ kind: 'keyword', keywords: ['山海图', '白泽'] }),
    snapshot_sha256: 'b'.repeat(64),
    snapshot_title: '山海图白泽同人',
    snapshot_text: '山海图 白泽',
    fetched_at: new Date(now - 7_200_000),
    detected_at: new Date(now - 7_000_000),
  });
  await ipciRow(holder.user.id, { invalid_at: new Date(), invalid_reason: 'revoked' });
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await closeTestDb();
});

/** The list's last column ends inside the window. */
async function lastColumnInSight(page: Page, viewport: { width: number }, row: string) {
  const box = await page.locator(`${row} td:last-child`).first().boundingBox();
  expect([row, box!.x + box!.width <= viewport.width]).toEqual([row, true]);
}

describe.each(['zh-CN', 'en-US', 'ja-JP'])('in %s', (lang) => {
  test.each(SIZES)('the monitoring pages fit a %s px window', async (size, viewport) => {
    const page = await openSized(browser, viewport, lang, login);
    const pages = [
      ['order', `/${lang}/ipci/protect/monitoring`, '[data-testid="monitoring-ipci-reason"]'],
      ['subscriptions', `/${lang}/ipci/usercenter/monitoring`, '[data-testid="subscription-row"]'],
      ['subscription', `/${lang}/ipci/usercenter/monitoring/${subscriptionId}`, '[data-testid="keyword-tag"]'],
      ['suspects', `/${lang}/ipci/usercenter/suspecttort`, '[data-testid="suspect-row"]'],
      ['suspect', `/${lang}/ipci/usercenter/suspecttort/${suspectId}`, '[data-testid="suspect-copy"]'],
      ['report', `/${lang}/ipci/usercenter/suspecttort/${suspectId}/report`, '[data-testid="protection-form"]'],
    ];
    for (const [name, url, ready] of pages) expect([name, await overflow(page, url, ready, `monitoring-${name}-${lang}-${size}`)]).toEqual([name, 0]);

    await page.goto(`${apiBase()}/${lang}/ipci/usercenter/monitoring`);
    await page.locator('[data-testid="subscription-renew"]').first().waitFor();
    await lastColumnInSight(page, viewport, '[data-testid="subscription-row"]');
    await page.goto(`${apiBase()}/${lang}/ipci/usercenter/suspecttort`);
    await page.locator('[data-testid="suspect-row"]').first().waitFor();
    await lastColumnInSight(page, viewport, '[data-testid="suspect-row"]');
    await page.context().close();
  }, 180_000);
});
