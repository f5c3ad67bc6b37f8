import type { Browser, Page } from 'playwright-core';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runTs, stopChild } from '../../scripts/lib/children';
import { buildUiIfStale } from '../../scripts/lib/uiBuild';
import { closeTestDb, DEMO, eventually, newUser, png, testDb } from '../support/http';
import { launchChromium, logIn, openPage } from '../support/browser';
import { waitHealthy } from '../support/health';
import { TEST_PORTS } from '../support/limits';

/**
 * The whole identity story in Debian's Chromium, against its own API and worker processes (own port
 * and task queue) so that the worker can be killed and restarted mid-review.
 */
const PORT = TEST_PORTS.e2eApi;
const BASE = `http://127.0.0.1:${PORT}`;
const env = () => ({ ...process.env, PORT: String(PORT), TEMPORAL_TASK_QUEUE: `ipci-e2e-${process.pid}` });
let api: ChildProcess;
let worker: ChildProcess;
let browser: Browser;
const files = mkdtempSync(path.join(os.tmpdir(), 'ipci-e2e-'));

beforeAll(async () => {
  buildUiIfStale(() => undefined);
  worker = runTs('e2e-worker', 'temporal/main.ts', env());
  api = runTs('e2e-api', 'api/main.ts', env());
  await waitHealthy(`${BASE}/api/health`);
  browser = await launchChromium();
  writeFileSync(path.join(files, 'front.png'), await png(640, 400));
  writeFileSync(path.join(files, 'back.png'), await png(640, 400));
  writeFileSync(path.join(files, 'front-sharp.png'), await png(900, 560));
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await Promise.all([stopChild(api), stopChild(worker)]);
  await closeTestDb();
});

const open = (lang: string) => openPage(browser, BASE, lang);

async function upload(page: Page, field: string, file: string) {
  const done = page.waitForResponse((r) => r.url().endsWith('/api/uploads') && r.status() === 201);
  await page.locator(`#identity-${field}`).setInputFiles(path.join(files, file));
  await done;
}

test('a person is failed on the ID photo, corrects it, and is verified after a worker crash', async () => {
  const user = await newUser('personal');
  const { page } = await open('en-US');

  // The user centre asks for a login, then shows the empty certification form.
  await page.goto(`${BASE}/en-US/ipci/usercenter/identity`);
  await logIn(page, user.username, user.password);
  const form = page.getByTestId('identity-form');
  await form.waitFor();
  await page.locator('#identity-name').fill('王小明');
  await page.locator('#identity-nationality').selectOption('CN');
  await page.locator('#identity-idNumber').fill('11010519491231002X');
  await page.locator('#identity-idValidUntil').fill('2035-01-01');
  await page.locator('#identity-phone').fill('13800138000');
  await upload(page, 'idFront', 'front.png');
  await upload(page, 'idBack', 'back.png');
  await page.getByRole('button', { name: 'Submit for review' }).click();
  await page.getByText('Your certification materials are under review').first().waitFor();

  // A reviewer claims the task from the inbox and fails it with a reason on the ID photo.
  const staff = await open('en-US');
  const desk = staff.page;
  await desk.goto(`${BASE}/login/admin`);
  await logIn(desk, ...DEMO.reviewer);
  await desk.waitForURL('**/manage/inbox**');
  await desk.getByRole('link', { name: `王小明 (${user.username})` }).click();
  await desk.getByRole('button', { name: 'Claim' }).click();
  await desk.getByText('Claimed', { exact: true }).first().waitFor();
  await desk.getByText('Fail', { exact: true }).click();
  await desk.getByRole('checkbox', { name: 'ID card front' }).check({ force: true });
  await desk.getByLabel('Reason: ID card front').fill('The photo is blurred');
  await desk.getByRole('button', { name: 'Fail with reasons' }).click();
  await desk.getByText('Done', { exact: true }).first().waitFor();

  // The user's open timeline shows the reason without a reload.
  await page.getByText('The photo is blurred').first().waitFor({ timeout: 15_000 });
  await page.reload();
  await page.getByText('Certification failed').waitFor();
  await expect(page.locator('#identity-name')).toBeDisabledIn();
  await upload(page, 'idFront', 'front-sharp.png');
  await page.getByRole('button', { name: 'Resubmit' }).click();
  await page.getByText('Your certification materials are under review').first().waitFor();

  // The second round waits in the inbox; the worker dies while it waits.
  const cert = await testDb()('identity_certifications').where({ user_id: user.id }).first();
  expect(cert).toMatchObject({ state: 1, round: 2 });
  const taskId = `identityReview/${cert.id}/review/2`;
  await eventually(() => testDb()('tasks').where({ id: taskId }).first());
  worker.kill('SIGKILL');
  await new Promise((r) => worker.once('exit', r));

  // The approval is clicked while no worker runs; it completes once a worker is back.
  await desk.goto(`${BASE}/manage/tasks/${encodeURIComponent(taskId)}`);
  await desk.getByRole('button', { name: 'Approve' }).last().click();
  await new Promise((r) => setTimeout(r, 1500));
  worker = runTs('e2e-worker', 'temporal/main.ts', env());
  await desk.getByText('Done', { exact: true }).first().waitFor({ timeout: 60_000 });

  await eventually(async () => (await testDb()('identity_certifications').where({ id: cert.id }).first()).state === 3, 30_000);
  await page.reload();
  await page.getByText('Verified', { exact: true }).first().waitFor();
  const events = await eventually(async () => {
    const rows = await testDb()('case_events').where({ case_id: cert.id }).orderBy('id');
    return rows.length >= 8 && rows;
  });
  expect(events.map((e) => `${e.step}:${e.status}`)).toEqual([
    'submit:done',
    'review:current',
    'review:failed',
    'correction:current',
    'correction:done',
    'review:current',
    'review:done',
    'verified:done',
  ]);
  const messages = await eventually(async () => {
    const rows = await testDb()('messages').where({ user_id: user.id }).orderBy('id');
    return rows.length >= 2 && rows;
  });
  expect(messages.map((m) => m.title_key)).toEqual(['identityFailed', 'identityVerified']);
  await page.screenshot({ path: path.join(files, 'verified.png'), fullPage: true });
}, 240_000);

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace jest {
    interface Matchers<R> {
      toBeDisabledIn(): Promise<R>;
    }
  }
}
expect.extend({
  async toBeDisabledIn(locator: import('playwright-core').Locator) {
    const disabled = await locator.isDisabled();
    return { pass: disabled, message: () => `expected ${locator} to be disabled` };
  },
});
