import type { Browser } from 'playwright-core';
import { buildUiIfStale } from '../../scripts/lib/uiBuild';
import { DEMO_ORIGINALS, demoOriginal } from '../../demoMarket';
import { messageOf, openTask } from '../support/cases';
import { apiBase, Caller, closeTestDb, DEMO, eventually, taskPath, testDb } from '../support/http';
import { certifiedUser } from '../support/identity';
import { ipciRow } from '../support/ipcis';
import { payOrder } from '../support/orders';
import { DESKTOP, launchChromium, openSized, screenshot } from '../support/browser';

/**
 * A rights holder's monitoring from end to end in Chromium, on the real API, worker, Temporal and
 * the demo marketplace the test services run: order a plan on protect/monitoring for a valid IPCI,
 * pay it (sandbox), add a comparison picture and a keyword on the subscription's page, let the crawl
 * of the marketplace find copies, see the digest in the header's unread count, open the picture
 * match beside its original, report it with the prefilled protection form, and once staff confirm
 * it in the tort queue follow the link to the protection case.
 */
let browser: Browser;

beforeAll(async () => {
  buildUiIfStale(() => undefined);
  browser = await launchChromium();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await closeTestDb();
});

test('order, pay, monitor, find, report, confirmed into a protection case', async () => {
  const ip = DEMO_ORIGINALS[0];
  const { user, caller } = await certifiedUser();
  const ipci = await ipciRow(user.id, { valid_until: '2090-12-31' });
  const page = await openSized(browser, DESKTOP, 'en-US', [user.username, user.password]);
  const shot = (name: string) => screenshot(page, `monitoring-journey-${name}`);

  // Ordering: the IPCI is the only valid one and chosen; a plan and the no-refund notice, then the pay page.
  await page.goto(`${apiBase()}/en-US/ipci/protect/monitoring`);
  await page.locator('[data-testid="monitoring-ipci"] input:checked').waitFor();
  await page.locator('[data-testid="plan-month"] input').check();
  await page.getByText('I have read this: no unsubscribe and no refund').click();
  expect(await page.getByTestId('no-refund-accept').isChecked()).toBe(true);
  await shot('order');
  await page.getByTestId('monitoring-order-submit').click();
  await page.waitForURL(/\/usercenter\/pay\//);
  const orderId = page.url().split('/pay/')[1];
  await payOrder(caller, orderId);
  const subscription = await eventually(async () => {
    const items = (await caller.get('/api/monitoring/subscriptions')).body.items as Array<{ id: string; ipciId: string; state: string }>;
    return items.find((s) => s.ipciId === ipci.id && s.state === 'active');
  }, 60_000);

  // Monitored content: one of the marketplace's originals as the comparison picture, and its name.
  await page.goto(`${apiBase()}/en-US/ipci/usercenter/monitoring/${subscription.id}`);
  await page.locator('#monitoring-pictures').setInputFiles({ name: `${ip.slug}.jpg`, mimeType: 'image/jpeg', buffer: await demoOriginal(0) });
  await page.getByTestId('picture-kind-row').waitFor();
  await page.locator('#monitoring-keyword').fill(ip.keywords[0].text);
  await page.locator('#monitoring-keyword').press('Enter');
  const saved = page.waitForResponse((r) => r.url().endsWith(`/api/monitoring/subscriptions/${subscription.id}/content`) && r.request().method() === 'PUT');
  await page.getByTestId('monitoring-content-submit').click();
  expect((await saved).status()).toBe(200);

  // The crawl of the marketplace finds copies of the picture; one digest message says so.
  const found = await eventually(async () => {
    const r = await caller.get(`/api/suspects?subscriptionId=${subscription.id}&match=image`);
    return r.body.items.length > 0 && r.body.items;
  }, 240_000);
  await messageOf(caller, 'suspectDigest');
  await page.reload();
  await page.getByTestId('unread-count').waitFor();
  expect(Number(await page.getByTestId('unread-count').textContent())).toBeGreaterThan(0);

  // The picture match beside the original, with how it matched.
  await page.goto(`${apiBase()}/en-US/ipci/usercenter/suspecttort?subscriptionId=${subscription.id}&match=image`);
  await page.getByTestId('suspect-link').first().click();
  await page.waitForURL(new RegExp(`/suspecttort/${found[0].id}\\?`));
  await page.getByTestId('suspect-copy').waitFor();
  await eventually(async () => (await page.getByTestId('suspect-copy').evaluate((img: any) => img.naturalWidth)) > 0);
  await eventually(async () => (await page.getByTestId('suspect-original').evaluate((img: any) => img.naturalWidth)) > 0);
  expect(await page.getByTestId('suspect-evidence').textContent()).toMatch(/match/);
  await shot('suspect');

  // Report: the prefilled protection form, sent after the question.
  await page.getByTestId('suspect-report-button').click();
  await page.getByTestId('protection-form').waitFor();
  expect(await page.locator('#protection-form-description').inputValue()).toContain(found[0].pageUrl);
  await shot('report');
  await page.getByTestId('protection-form-submit').click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Send the report' }).click();
  await page.waitForURL(new RegExp(`/suspecttort/${found[0].id}(\\?|$)`));
  await page.getByTestId('suspect-report').waitFor();
  const report = await eventually(() => testDb()('tort_reports').where({ suspect_id: found[0].id }).first());

  // Staff confirm it; the suspect's page then leads to the protection case.
  const reviewer = await new Caller().login(...DEMO.reviewer);
  const task = await openTask('tortReport', report.id, 'review');
  expect((await reviewer.post(`${taskPath(task.id)}/complete`, { outcome: 'approve', reasons: {} })).status).toBe(200);
  const caseId = (await eventually(async () => (await testDb()('tort_reports').where({ id: report.id }).first()).protection_case_id)) as string;
  await page.reload();
  await page.getByTestId('suspect-case-link').waitFor();
  await shot('confirmed');
  await page.getByTestId('suspect-case-link').click();
  await page.waitForURL(new RegExp(`/usercenter/protectdetail/${caseId}`));
  await page.context().close();
}, 420_000);
