import type { Browser, Page } from 'playwright-core';
import { buildUiIfStale } from '../../scripts/lib/uiBuild';
import { launchChromium, openPage } from '../support/browser';
import { listedIp } from '../support/catalogue';
import { closeTestDb, DEMO, eventually, PDF, testDb } from '../support/http';
import { certifiedUser } from '../support/identity';

/**
 * A self-service licence in Chromium against the real API, from the catalogue to the IP's page: a
 * visitor finds the IP by a word from the middle of its Chinese name, signs in as a certified buyer
 * in the login dialog, applies; staff pass the platform check on the inbox task page; the seller
 * agrees (confirmed first); the buyer pays the service fee at the sandbox gateway's hosted page and
 * confirms completion; both evaluate; the trade record shows on the IP's public page.
 */
let browser: Browser;

beforeAll(async () => {
  buildUiIfStale(() => undefined);
  browser = await launchChromium();
}, 300_000);
afterAll(async () => {
  await browser?.close();
  await closeTestDb();
});

async function logIn(page: Page, username: string, password: string) {
  await page.locator('#login-username').fill(username);
  await page.locator('#login-password').fill(password);
  await page.getByRole('button', { name: 'Log in', exact: true }).last().click();
}

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

test('a visitor finds an IP by a word of its Chinese name, licenses it self-service, pays the fee, completes, both evaluate, and the record shows on the IP page', async () => {
  const word = rareWord();
  const seller = await certifiedUser();
  const buyer = await certifiedUser();
  const ip = await listedIp(seller.user.id, { names: { zh: `敦煌${word}飞天`, en: 'Apsaras of Dunhuang', ja: '敦煌の飛天' } });
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

  await Promise.all([context.close(), staff.context.close(), sellerSide.context.close()]);
}, 240_000);
