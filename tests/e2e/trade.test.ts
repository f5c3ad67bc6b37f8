import { Client, Connection } from '@temporalio/client';
import type { Browser, Page } from 'playwright-core';
import { buildUiIfStale } from '../../scripts/lib/uiBuild';
import { launchChromium, logIn, openPage } from '../support/browser';
import { listedIp } from '../support/catalogue';
import { Caller, closeTestDb, DEMO, eventually, PDF, png, taskPath, testDb } from '../support/http';
import { certifiedUser } from '../support/identity';
import { startIpciLifecycle } from '../support/ipcis';

/**
 * A self-service licence in Chromium against the real API, from the catalogue to the IP's page: a
 * visitor finds the IP by a word from the middle of its Chinese name, signs in as a certified buyer
 * in the login dialog, applies; staff pass the platform check on the inbox task page; the seller
 * agrees (confirmed first); the buyer pays the service fee at the sandbox gateway's hosted page and
 * confirms completion; both evaluate; the trade record shows on the IP's public page. Then a third
 * user objects to the IP from its page, staff uphold the objection with revocation in the inbox, and
 * the certificate's public verification page says revoked while the IP leaves the catalogue.
 */
let browser: Browser;
let temporal: Client;

beforeAll(async () => {
  buildUiIfStale(() => undefined);
  browser = await launchChromium();
  temporal = new Client({ connection: await Connection.connect({ address: process.env.TEMPORAL_ADDRESS! }) });
}, 300_000);
afterAll(async () => {
  await browser?.close();
  await closeTestDb();
});

/** Two CJK characters no other test's IP has: the word searched for, in the middle of the name. */
function rareWord(): string {
  const char = () => String.fromCharCode(0x9fa0 - Math.floor(Math.random() * 0x800));
  return char() + char();
}

async function evaluate(page: Page, comment: string) {
  await page.getByRole('button', { name: 'Evaluate' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('radio', { name: '5 of 5 stars' }).click();
  await dialog.getByLabel('Comment').fill(comment);
  await dialog.getByRole('button', { name: 'Submit evaluation' }).click();
  await page.getByTestId('evaluated').waitFor();
}

test('a visitor finds an IP by a word of its Chinese name, licenses it self-service, pays the fee, completes, both evaluate, the record shows on the IP page; an objection upheld by staff then revokes the certificate', async () => {
  const word = rareWord();
  const seller = await certifiedUser();
  const buyer = await certifiedUser();
  const ip = await listedIp(seller.user.id, { names: { zh: `敦煌${word}飞天`, en: 'Apsaras of Dunhuang', ja: '敦煌の飛天' } });
  // Its lifecycle runs as after a real issue, so an upheld objection can revoke it.
  await startIpciLifecycle(temporal, seller.user.id, ip);
  const base = process.env.IPCI_TEST_API!;

  // The visitor searches the catalogue with a word from the middle of the Chinese name.
  const { context, page } = await openPage(browser, base, 'en-US');
  await page.goto(`${base}/en-US/ipci/right`);
  await page.getByTestId('catalogue-q').fill(word);
  await page.getByTestId('catalogue-q').press('Enter');
  await page.getByTestId('ip-card').filter({ hasText: 'Apsaras of Dunhuang' }).click();
  await page.waitForURL(`**/en-US/ipci/right/detail/${ip.id}`);
  await page.getByTestId('action-selfService').click();

  // Trading needs a signed-in, certified user: the login dialog opens on the form's address.
  await page.waitForURL(`**/en-US/ipci/trade/autotrade?ipci=${ip.id}`);
  await logIn(page, buyer.user.username, buyer.user.password);
  await page.getByTestId('trade-ip').getByText('Apsaras of Dunhuang').waitFor();

  await page.locator('#trade-proposal').setInputFiles({ name: 'plan.pdf', mimeType: 'application/pdf', buffer: PDF });
  await page.getByTestId('upload-trade-proposal').getByText('plan.pdf').waitFor();
  await page.locator('#trade-price').fill('2000');
  await page.getByText('Non-exclusive', { exact: true }).click();
  await page.locator('#trade-channels').click();
  await page.getByRole('option', { name: 'Toys' }).click();
  await page.keyboard.press('Escape');
  await page.getByText('Permanent (no end date)').click();
  await page.locator('#trade-description').fill('Plush toys with the Apsaras');
  await page.locator('#trade-contactPerson').fill('李雷');
  await page.locator('#trade-phone').fill('13800138000');
  await page.locator('#trade-email').fill('lilei@example.com');
  await page.getByRole('button', { name: 'Submit application' }).click();
  await page.waitForURL(/\/en-US\/ipci\/usercenter\/tradedetail\/[0-9a-f-]{36}$/);
  const tradeId = page.url().split('/').pop()!;
  await page.getByTestId('trade-detail').getByText('Platform check', { exact: true }).first().waitFor();

  // Staff pass the platform check on the inbox task page, where the application is shown.
  const taskId = `tradeOrder/${tradeId}/platformCheck/1`;
  await eventually(() => testDb()('tasks').where({ id: taskId }).first());
  const staff = await openPage(browser, base, 'en-US');
  await staff.page.goto(`${base}/login/admin`);
  await logIn(staff.page, ...DEMO.reviewer);
  await staff.page.waitForURL('**/manage/inbox**');
  await staff.page.goto(`${base}/manage/tasks/${encodeURIComponent(taskId)}`);
  await staff.page.getByTestId('trade-subject').getByText('Plush toys with the Apsaras').waitFor();
  await staff.page.getByRole('button', { name: 'Claim' }).click();
  await staff.page.getByText('Claimed', { exact: true }).first().waitFor();
  await staff.page.getByRole('button', { name: 'Approve' }).last().click();
  await staff.page.getByText('Done', { exact: true }).first().waitFor();

  // The seller agrees from trade management, confirming first.
  const sellerSide = await openPage(browser, base, 'en-US');
  await sellerSide.context.addCookies([{ name: 'cookie-token', value: seller.caller.cookie.split('=')[1], url: base }]);
  const desk = sellerSide.page;
  await desk.goto(`${base}/en-US/ipci/usercenter/trade?side=seller`);
  const card = desk.getByTestId(`trade-${tradeId}`);
  await card.getByRole('button', { name: 'Agree' }).click();
  await desk.getByRole('alertdialog').getByRole('button', { name: 'Agree' }).click();
  await card.getByText('Service fee due').waitFor();

  // The buyer's detail follows live: pay the service fee at the sandbox gateway.
  await page.getByText('The seller agreed: pay the service fee').waitFor();
  await page.getByTestId('trade-actions').getByRole('button', { name: 'Pay service fee' }).click();
  await page.waitForURL(/\/usercenter\/pay\/[0-9a-f-]{36}$/);
  await page.getByRole('button', { name: 'Go to payment' }).click();
  await page.waitForURL(/\/sandbox-gateway\/pay\//);
  await page.getByRole('button', { name: 'Pay now' }).click();
  await page.waitForURL(/\/usercenter\/paysuccess/);

  // Paid: the buyer confirms the licence was carried out; the trade completes.
  await page.goto(`${base}/en-US/ipci/usercenter/tradedetail/${tradeId}`);
  await page.getByTestId('trade-actions').getByRole('button', { name: 'Confirm completion' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Confirm completion' }).click();
  await page.getByTestId('trade-detail').getByTestId('trade-state').first().getByText('Completed').waitFor();

  // Both evaluate once; the list then says "Evaluated".
  await evaluate(page, 'Quick and clear');
  await desk.goto(`${base}/en-US/ipci/usercenter/tradedetail/${tradeId}`);
  await evaluate(desk, 'Paid on time');
  await desk.goto(`${base}/en-US/ipci/usercenter/trade?side=seller&state=completed`);
  await desk.getByTestId(`trade-${tradeId}`).getByTestId('evaluated').waitFor();
  expect(await testDb()('evaluations').where({ trade_id: tradeId }).count({ n: '*' })).toEqual([{ n: '2' }]);

  // The completed trade's record shows on the IP's public page.
  await page.goto(`${base}/en-US/ipci/right/detail/${ip.id}`);
  const records = page.getByTestId('section-records');
  await records.getByText(buyer.user.displayName).waitFor();
  await records.getByText('Toys').waitFor();

  // A third user objects to the IP from its page, with a piece of evidence.
  const objector = await certifiedUser();
  const objecting = await openPage(browser, base, 'en-US');
  await objecting.context.addCookies([{ name: 'cookie-token', value: objector.caller.cookie.split('=')[1], url: base }]);
  await objecting.page.goto(`${base}/en-US/ipci/right/detail/${ip.id}`);
  await objecting.page.getByTestId('action-objection').click();
  const form = objecting.page.getByTestId('objection-form');
  await form.waitFor();
  await objecting.page.locator('#objection-form-content').fill('We created these Apsaras figures in 2019; the registrant copied our sketches.');
  await objecting.page.locator('#objection-form-companyName').fill('Shanhai Culture Co.');
  await objecting.page.locator('#objection-form-contact').fill('Li Si');
  await objecting.page.locator('#objection-form-phone').fill('13900139000');
  await objecting.page.locator('#objection-form-email').fill('legal@shanhai.example.com');
  const uploaded = objecting.page.waitForResponse((r) => r.url().includes('/api/uploads') && r.request().method() === 'POST' && r.status() === 201);
  await objecting.page.locator('#objection-form-attachments').setInputFiles({ name: 'sketches.png', mimeType: 'image/png', buffer: await png() });
  await uploaded;
  await form.getByRole('button', { name: 'Submit the objection' }).click();
  await objecting.page.waitForURL(/\/usercenter\/objectiondetail\/[0-9a-f-]{36}$/);
  const objectionId = objecting.page.url().split('/').pop()!;

  // Staff admit it, the holder answers, and the admin upholds it in the inbox with revocation.
  const reviewer = await new Caller().login(...DEMO.reviewer);
  const audit = await eventually(() => testDb()('tasks').where({ case_kind: 'objection', case_id: objectionId, step: 'formalReview' }).first());
  expect((await reviewer.post(`${taskPath(audit.id)}/complete`, { outcome: 'approve', reasons: {} })).status).toBe(200);
  await eventually(async () => (await testDb()('objections').where({ id: objectionId }).first()).state === 'pendingConfirmation');
  expect((await seller.caller.post(`/api/objections/${objectionId}/answer`, { statement: 'We hold the original manuscripts.' })).status).toBe(200);
  const decision = await eventually(() => testDb()('tasks').where({ case_kind: 'objection', case_id: objectionId, step: 'decision' }).first());
  const admin = await openPage(browser, base, 'en-US');
  await admin.page.goto(`${base}/login/admin`);
  await logIn(admin.page, ...DEMO.admin);
  await admin.page.waitForURL('**/manage/inbox**');
  await admin.page.goto(`${base}/manage/tasks/${encodeURIComponent(decision.id)}`);
  const verdict = admin.page.getByTestId('decision-form');
  await verdict.locator('#decision-value-outcome').selectOption('revoke');
  await verdict.locator('#decision-value-category').selectOption('infringesThirdParty');
  await verdict.locator('#decision-comment').fill('The sketches predate the registration.');
  await verdict.getByRole('button', { name: 'Approve' }).click();

  // The certificate's verification page says revoked, with the public reason only; the IP is gone.
  await eventually(async () => (await testDb()('ipcis').where({ id: ip.id }).first()).invalid_reason === 'revoked');
  await page.goto(`${base}/en-US/ipci/right/certificate/${ip.code}`);
  await page.getByTestId('verify-revocation').waitFor();
  expect(await page.getByTestId('verify-banner').innerText()).toContain("Reason: Infringes a third party's rights");
  expect(await page.locator('body').innerText()).not.toContain('Shanhai');
  await page.goto(`${base}/en-US/ipci/right`);
  await page.getByTestId('catalogue-q').fill(word);
  await page.getByTestId('catalogue-q').press('Enter');
  await page.getByText('no relevant information was found', { exact: false }).waitFor();

  await Promise.all([context.close(), staff.context.close(), sellerSide.context.close(), objecting.context.close(), admin.context.close()]);
}, 360_000);
