import type { Browser, Page } from 'playwright-core';
import type { ChildProcess } from 'node:child_process';
import { runTs, stopChild } from '../../scripts/lib/children';
import { buildUiIfStale } from '../../scripts/lib/uiBuild';
import { closeTestDb, DEMO, eventually, newUser, testDb } from '../support/http';
import { lastCode, uniqueEmail, uniqueName, uniquePhone } from '../support/accounts';
import { launchChromium, logIn, openPage } from '../support/browser';
import { waitHealthy } from '../support/health';
import { TEST_PORTS } from '../support/limits';

/**
 * An account's whole life in Debian's Chromium: registration with an invitation code (the code read
 * from the outbox), log-in, binding an e-mail, changing the password, logging in again, asking for
 * cancellation, an admin approving it in the inbox — after which the account cannot log in.
 */
const PORT = TEST_PORTS.e2eApi + 1;
const BASE = `http://127.0.0.1:${PORT}`;
const env = () => ({ ...process.env, PORT: String(PORT), TEMPORAL_TASK_QUEUE: `ipci-e2e-accounts-${process.pid}` });
let api: ChildProcess;
let worker: ChildProcess;
let browser: Browser;

beforeAll(async () => {
  buildUiIfStale(() => undefined);
  worker = runTs('e2e-accounts-worker', 'temporal/main.ts', env());
  api = runTs('e2e-accounts-api', 'api/main.ts', env());
  await waitHealthy(`${BASE}/api/health`);
  browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await Promise.all([stopChild(api), stopChild(worker)]);
  await closeTestDb();
});

const open = (lang: string) => openPage(browser, BASE, lang);

/** Clicks "Send code" and returns the code that arrived in the outbox for `address`. */
async function sendCode(page: Page, buttonId: string, address: string): Promise<string> {
  const sent = page.waitForResponse((r) => r.url().endsWith('/api/codes') && r.status() === 202);
  await page.locator(`#${buttonId}`).click();
  await sent;
  return lastCode(address);
}

async function logInOnPage(page: Page, login: string, password: string) {
  await page.goto(`${BASE}/en-US/ipci/login`);
  await logIn(page, login, password);
}

test('register with an invitation, bind an e-mail, change the password, cancel the account', async () => {
  const inviter = await newUser('personal');
  const { invite_code: inviteCode } = await testDb()('users').where({ id: inviter.id }).first('invite_code');
  const username = uniqueName();
  const phone = uniquePhone();
  const email = uniqueEmail().toLowerCase();
  const first = 'Start#2026x';
  const second = 'Changed#2026y';

  // Registration through the invitation link: the invitation code is filled in from the link.
  const { page } = await open('en-US');
  await page.goto(`${BASE}/en-US/ipci/register?invite=${inviteCode}`);
  await expect(page.locator('#register-inviteCode')).toHaveValueIn(inviteCode);
  await page.locator('#register-username').fill(username);
  await page.locator('#register-birthDate').fill('1990-05-17');
  await page.locator('#register-password').fill(first);
  await page.locator('#register-repeatPassword').fill(first);
  await page.locator('#register-address').fill(phone);
  await page.locator('#register-code').fill(await sendCode(page, 'register-sendCode', phone));
  for (const field of ['agreeUserAgreement', 'agreeDisclaimer', 'agreePrivacy', 'agreeChildRules']) {
    await page.locator(`#register-${field}`).check({ force: true });
  }
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  await page.waitForURL('**/en-US/ipci/usercenter');
  const user = await testDb()('users').where({ username }).first();
  expect(user).toMatchObject({ phone, invited_by: inviter.id, kind: 'personal', status: 'active' });

  // Log out, then log in with the phone number.
  await page.context().clearCookies({ name: 'cookie-token' });
  await logInOnPage(page, phone, first);
  await page.waitForURL('**/en-US/ipci/usercenter**');

  // Bind an e-mail address with a code sent to it.
  await page.goto(`${BASE}/en-US/ipci/usercenter/bindemail`);
  await page.locator('#bind-email-email').fill(email);
  await page.locator('#bind-email-code').fill(await sendCode(page, 'bind-email-sendCode', email));
  await page.getByRole('button', { name: 'Save e-mail' }).click();
  await page.getByText('E-mail changed', { exact: false }).first().waitFor();
  expect((await testDb()('users').where({ id: user.id }).first('email')).email).toBe(email);

  // Change the password, then log in again (by e-mail) with the new one; the old one is refused.
  await page.goto(`${BASE}/en-US/ipci/usercenter/password`);
  await page.locator('#password-oldPassword').fill(first);
  await page.locator('#password-password').fill(second);
  await page.locator('#password-repeatPassword').fill(second);
  await page.getByRole('button', { name: 'Change password' }).last().click();
  await eventually(async () => (await testDb()('users').where({ id: user.id }).first('password_changed_at')).password_changed_at);
  await page.context().clearCookies({ name: 'cookie-token' });
  await logInOnPage(page, email, first);
  await page.getByText('Wrong user name or password').first().waitFor();
  await logInOnPage(page, email, second);
  await page.waitForURL('**/en-US/ipci/usercenter**');

  // Ask for cancellation with a reason and a code to the bound phone.
  await page.goto(`${BASE}/en-US/ipci/usercenter/cancellation`);
  await page.locator('#cancellation-reason').fill('I no longer use this platform');
  await page.getByRole('radio', { name: /Mobile/ }).check({ force: true });
  await page.locator('#cancellation-code').fill(await sendCode(page, 'cancellation-sendCode', phone));
  await page.getByRole('button', { name: 'Request cancellation' }).click();
  await page.getByRole('button', { name: 'Yes, cancel my account' }).click();
  await page.getByText('Your cancellation request').first().waitFor();
  const request = await eventually(() => testDb()('account_cancellations').where({ user_id: user.id }).first());
  const task = await eventually(() => testDb()('tasks').where({ case_kind: 'accountCancellation', case_id: request.id }).first());

  // An admin approves it from the inbox.
  const staff = await open('en-US');
  const desk = staff.page;
  await desk.goto(`${BASE}/login/admin`);
  await desk.locator('#login-username').fill(DEMO.admin[0]);
  await desk.locator('#login-password').fill(DEMO.admin[1]);
  await desk.getByRole('button', { name: 'Log in', exact: true }).last().click();
  await desk.waitForURL('**/manage/inbox**');
  await desk.goto(`${BASE}/manage/inbox?queue=cancellation`);
  await desk.locator(`a[href$="${encodeURIComponent(task.id)}"]`).first().click();
  await desk.getByRole('button', { name: 'Claim' }).click();
  await desk.getByText('Claimed', { exact: true }).first().waitFor();
  await desk.getByRole('button', { name: 'Approve' }).last().click();
  await desk.getByText('Done', { exact: true }).first().waitFor();
  await eventually(async () => (await testDb()('users').where({ id: user.id }).first('status')).status === 'cancelled', 30_000);

  // The account is closed: the open session is gone and logging in is refused.
  await logInOnPage(page, username, second);
  await page.getByText(/cancelled/i).first().waitFor();
  const me = await page.request.get(`${BASE}/api/auth/me`);
  expect(await me.json()).toEqual({ user: null });
}, 240_000);

/** Extends expect for a locator's value without pulling in @playwright/test. */
declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace jest {
    interface Matchers<R> {
      toHaveValueIn(value: string): Promise<R>;
    }
  }
}
expect.extend({
  async toHaveValueIn(locator: import('playwright-core').Locator, value: string) {
    const deadline = Date.now() + 10_000;
    let actual = '';
    while (Date.now() < deadline) {
      actual = await locator.inputValue();
      if (actual === value) return { pass: true, message: () => `value is ${value}` };
      await new Promise((r) => setTimeout(r, 100));
    }
    return { pass: false, message: () => `expected value ${value}, got ${actual}` };
  },
});
