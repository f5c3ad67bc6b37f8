import { Client, Connection } from '@temporalio/client';
import type { Browser } from 'playwright-core';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { formatIpciCode } from '../../domain/ipci';
import { buildUiIfStale } from '../../scripts/lib/uiBuild';
import { launchChromium, logIn, openPage } from '../support/browser';
import { closeTestDb, DEMO, eventually, newUser, testDb } from '../support/http';
import { issuedIpci } from '../support/ipcis';

/**
 * The IPCI list in Debian's Chromium against the shared test stack: a title take-down behind its
 * confirmation, a paper certificate requested, mailed by finance from the staff inbox with a
 * tracking number, and the tracking number shown to the owner.
 */
let temporal: Client;
let browser: Browser;
const shots = mkdtempSync(path.join(os.tmpdir(), 'ipci-e2e-life-'));
const base = () => process.env.IPCI_TEST_API!;

beforeAll(async () => {
  buildUiIfStale(() => undefined);
  temporal = new Client({ connection: await Connection.connect({ address: process.env.TEMPORAL_ADDRESS! }) });
  browser = await launchChromium();
}, 300_000);
afterAll(async () => {
  await browser?.close();
  await temporal?.connection.close();
  await closeTestDb();
});

test('take down a title with confirmation; request a paper certificate; finance mails it; the owner sees the tracking number', async () => {
  const user = await newUser('personal');
  const ipci = await issuedIpci(temporal, user.id);
  await eventually(() => testDb()('ip_listings').where({ ipci_id: ipci.id }).first());

  const { page } = await openPage(browser, base(), 'en-US');
  await page.goto(`${base()}/en-US/ipci/usercenter/certificates`);
  await logIn(page, user.username, user.password);
  const row = page.getByTestId(`ipci-${ipci.id}`);
  await row.getByText(formatIpciCode(ipci.code)).waitFor();
  await row.getByText('Completed', { exact: true }).waitFor();

  // The take-down asks first and says what it does.
  await row.getByRole('checkbox').check({ force: true });
  await page.getByTestId('batch-takeDownTitle').click();
  await page.getByText('Third parties will no longer be able to verify them').waitFor();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Take down title' }).click();
  await row.getByText('Taken down', { exact: true }).waitFor();
  await eventually(async () => (await testDb()('ipcis').where({ id: ipci.id }).first()).title_taken_down);
  expect((await testDb()('ip_listings').where({ ipci_id: ipci.id }).first()).listed).toBe(false);

  // Paper certificate to a Beijing address.
  await row.getByTestId('row-paper').click();
  const dialog = page.getByTestId('paper-dialog');
  await dialog.locator('#paper-recipient').fill('王小明');
  await dialog.locator('#paper-phone').fill('13800138000');
  await dialog.locator('#paper-province').selectOption('11');
  await dialog.locator('#paper-city').fill('北京市');
  await dialog.locator('#paper-district').fill('朝阳区');
  await dialog.locator('#paper-postalCode').fill('100020');
  await dialog.locator('#paper-addressLine').fill('建国路 1 号');
  await dialog.getByRole('button', { name: 'Request' }).click();
  await dialog.getByText('Being prepared').waitFor();
  await page.screenshot({ path: path.join(shots, 'requested.png') });

  // Finance mails it from the inbox, giving carrier and tracking number.
  const paper = await eventually(() => testDb()('paper_certificates').where({ ipci_id: ipci.id }).first());
  const taskId = `paperCertificate/${paper.id}/fulfilment/1`;
  await eventually(() => testDb()('tasks').where({ id: taskId }).first());
  const staff = await openPage(browser, base(), 'en-US');
  const desk = staff.page;
  await desk.goto(`${base()}/login/admin`);
  await logIn(desk, ...DEMO.reviewer);
  await desk.waitForURL('**/manage/inbox**');
  await desk.goto(`${base()}/manage/tasks/${encodeURIComponent(taskId)}`);
  await desk.getByTestId('paper-subject').getByText('建国路 1 号').waitFor();
  await desk.getByRole('button', { name: 'Claim' }).click();
  await desk.getByText('Claimed', { exact: true }).first().waitFor();
  await desk.getByLabel('Carrier').fill('EMS');
  await desk.getByLabel('Tracking number').fill('EA123456789CN');
  await desk.getByRole('button', { name: 'Approve' }).last().click();
  await desk.getByText('Done', { exact: true }).first().waitFor();

  // The owner sees it mailed, with the tracking number, in the dialog and in a message.
  await eventually(async () => (await testDb()('paper_certificates').where({ id: paper.id }).first()).state === 'mailed');
  await page.reload();
  await page.getByTestId(`ipci-${ipci.id}`).getByTestId('row-paper').click();
  await page.getByTestId('tracking').getByText('EMS, tracking number EA123456789CN').waitFor();
  await page.screenshot({ path: path.join(shots, 'mailed.png') });
  const message = await eventually(() => testDb()('messages').where({ user_id: user.id, title_key: 'paperMailed' }).first());
  expect(message.params).toMatchObject({ carrier: 'EMS', trackingNo: 'EA123456789CN', code: ipci.code });
}, 240_000);
