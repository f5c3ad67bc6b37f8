import type { Browser, BrowserContext, Page } from 'playwright-core';
import { randomUUID } from 'node:crypto';
import { buildUiIfStale } from '../../scripts/lib/uiBuild';
import { launchChromium, openPage } from '../support/browser';
import { closeTestDb, DEMO, eventually, PDF, png, signedIn, testDb } from '../support/http';
import { certifiedUser } from '../support/identity';
import { ipciRow } from '../support/ipcis';

/**
 * Issue 12 in Chromium against the real API, workflows and sandbox gateway: the holder named on a
 * valid IPCI applies for administrative protection from the process page; a certified user who is not
 * the named holder is stopped by the form with the rule that fails; staff accept the case in the
 * inbox, post progress on the back office's case page and close it as processed with publication;
 * the holder sees the publicity number; an admin approves the draft entry's text and publishes it,
 * and a visitor opens it on the public publicity list. A law firm then accepts the listing agreement,
 * applies with its pictures and documents, staff confirm the paper documents and pass the review in
 * the inbox, the firm pays the listing fee at the sandbox gateway and a visitor finds it in the directory.
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

/** A fresh profile reading the site in English, signed in with `cookie` (a Caller's) when given. */
async function browse(cookie?: string): Promise<Page> {
  const { context, page } = await openPage(browser, base(), 'en-US');
  contexts.push(context);
  if (cookie) await context.addCookies([{ name: 'cookie-token', value: cookie.split('=')[1], url: base() }]);
  return page;
}

/** The back office, signed in as `who` through its log-in page. */
async function staffDesk(who: readonly [string, string]): Promise<Page> {
  const page = await browse();
  await page.goto(`${base()}/login/admin`);
  await page.locator('#login-username').fill(who[0]);
  await page.locator('#login-password').fill(who[1]);
  await page.getByRole('button', { name: 'Log in', exact: true }).last().click();
  await page.waitForURL('**/manage/inbox**');
  return page;
}

/** Claims the inbox task once it exists and approves it, filling the decision form with `fill` first. */
async function approveTask(page: Page, taskId: string, ready: string, fill?: (form: ReturnType<Page['getByTestId']>) => Promise<void>) {
  await eventually(() => testDb()('tasks').where({ id: taskId }).first());
  await page.goto(`${base()}/manage/tasks/${encodeURIComponent(taskId)}`);
  await page.getByTestId(ready).waitFor();
  await page.getByRole('button', { name: 'Claim' }).click();
  await page.getByText('Claimed', { exact: true }).first().waitFor();
  const form = page.getByTestId('decision-form');
  await fill?.(form);
  await form.getByRole('button', { name: 'Approve' }).click();
  // A decided task has no decision form any more.
  await form.waitFor({ state: 'detached' });
}

/** Sets `file` on the upload field `input` and waits until the server took it. */
async function upload(page: Page, input: string, file: { name: string; mimeType: string; buffer: Buffer }) {
  const taken = page.waitForResponse((r) => r.url().endsWith('/api/uploads') && r.request().method() === 'POST' && r.status() === 201);
  await page.locator(input).setInputFiles(file);
  await taken;
}

test('a named holder applies for administrative protection, a non-holder is stopped by the form, staff accept, post progress and process it, its publicity entry is published; a law firm applies, is approved, pays at the sandbox and is listed', async () => {
  const tag = randomUUID().slice(0, 8);
  const ipNames = { ip_name_zh: `凤鸣图${tag}`, ip_name_en: `Phoenix Song ${tag}`, ip_name_ja: `鳳鳴図${tag}` };
  const holder = await certifiedUser();
  await ipciRow(holder.user.id, { valid_until: '2090-12-31', ...ipNames });
  // Certified as 张三, but the IPCI names someone else as its holder.
  const other = await certifiedUser();
  const foreign = await ipciRow(other.user.id, { valid_until: '2090-12-31', holder: '李四' });

  // 1. The holder reads the process with its diagram and applies below it.
  const page = await browse(holder.caller.cookie);
  await page.goto(`${base()}/en-US/ipci/protect/rightprocess`);
  await page.getByTestId('timeline-flow').getByTestId('step-acceptance').waitFor();
  await page.getByTestId('protect-sla').getByText('7 working days', { exact: false }).waitFor();
  const form = page.getByTestId('protection-form');
  // The one usable IPCI is chosen and the IP's name filled in from it.
  expect(await page.locator('#protection-form-ipName').inputValue()).toBe(ipNames.ip_name_en);
  await page.locator('#protection-form-ipIntroduction').fill('A scroll painting of phoenixes, registered on the platform.');
  await page.locator('#protection-form-infringer').fill('Copycat Prints Ltd.');
  await page.locator('#protection-form-description').fill('Copycat Prints sells posters of the painting on its online shop.');
  await upload(page, '#protection-form-proof', { name: 'shop-listing.pdf', mimeType: 'application/pdf', buffer: PDF });
  await page.getByTestId('upload-protection-form-proof').getByText('shop-listing.pdf').waitFor();
  await form.getByRole('button', { name: 'Submit the application' }).click();
  await page.waitForURL(/\/en-US\/ipci\/usercenter\/protectdetail\/[0-9a-f-]{36}$/);
  const caseId = page.url().split('/').pop()!;
  await page.getByTestId('protection-state').first().getByText('Awaiting acceptance').waitFor();

  // 2. The non-holder's form names the failing rule and cannot be sent; the API refuses the same way.
  const stranger = await browse(other.caller.cookie);
  await stranger.goto(`${base()}/en-US/ipci/protect/rightprocess`);
  await stranger.getByTestId('protection-rule').getByText('You are not the holder named on this IPCI', { exact: false }).waitFor();
  await stranger.locator('#protection-form-ipciId').selectOption(foreign.id);
  await stranger.getByTestId('protection-rule').nth(1).getByText('You are not the holder named on this IPCI', { exact: false }).waitFor();
  expect(await stranger.getByTestId('protection-form-submit').isDisabled()).toBe(true);
  const refused = await other.caller.post('/api/protection/cases', {
    kind: 'administrative',
    ipciId: foreign.id,
    ipName: 'Mountains and Seas',
    ipIntroduction: 'x',
    description: 'y',
    lawFirmId: '',
  });
  expect([refused.status, refused.body.fields?.ipciId]).toEqual([422, expect.stringContaining('not the holder named')]);

  // 3. Staff accept it in the inbox, post progress on its case page, then close processing with publication.
  const admin = await staffDesk(DEMO.admin);
  await approveTask(admin, `protectionCase/${caseId}/acceptance`, 'protection-subject');
  await eventually(async () => (await testDb()('protection_cases').where({ id: caseId }).first()).state === 'processing');
  await admin.goto(`${base()}/admin/rightProtect/audit/${caseId}`);
  await admin.locator('#protection-progress-form-note').fill('We wrote to the shop; it promised to take the posters down.');
  await admin.getByTestId('protection-progress-form').getByRole('button', { name: 'Post' }).click();
  await admin.getByTestId('protection-update').getByText('it promised to take the posters down').waitFor();
  await approveTask(admin, `protectionCase/${caseId}/processing`, 'protection-subject', async (decision) => {
    await decision.locator('#decision-value-result').selectOption('resolved');
    await decision.locator('#decision-value-publish').selectOption('yes');
    await decision.locator('#decision-comment').fill('The posters were taken down and the shop apologised.');
  });
  const publicityNo = (await eventually(async () => (await testDb()('protection_cases').where({ id: caseId, state: 'processed' }).first())?.publicity_no)) as string;

  // The holder reads the outcome, the progress posted and the publicity number.
  await page.goto(`${base()}/en-US/ipci/usercenter/protectdetail/${caseId}`);
  await page.getByTestId('protection-publicity-no').getByText(publicityNo).waitFor();
  await page.getByTestId('protection-state').first().getByText('Processed').waitFor();
  await page.getByTestId('protection-outcome').getByText('The posters were taken down').waitFor();
  await page.getByTestId('protection-update').getByText('it promised to take the posters down').waitFor();
  await page.goto(`${base()}/en-US/ipci/usercenter/rightprotect?tab=processed`);
  await page.getByTestId('protection-row').filter({ hasText: ipNames.ip_name_en }).getByText('Processed').waitFor();

  // 4. The admin finds the draft, approves its English text and publishes it.
  await admin.goto(`${base()}/admin/rightPublic`);
  await admin.getByTestId('admin-publicity-search').fill(publicityNo);
  await admin.getByTestId('admin-publicity-search').press('Enter');
  await admin.getByTestId('admin-publicity-row').filter({ hasText: publicityNo }).getByTestId('publicity-state').getByText('Draft').waitFor();
  await admin.getByRole('link', { name: publicityNo }).click();
  await admin.getByTestId('admin-publicity-edit').click();
  await admin.locator('#publicity-summaryEn').fill('The infringing posters were taken down after the platform intervened.');
  await admin.locator('#publicity-published').check({ force: true });
  await admin.getByTestId('publicity-submit').click();
  await admin.getByRole('alertdialog').getByRole('button', { name: 'Publish' }).click();
  await admin.getByTestId('admin-publicity-detail').getByTestId('publicity-state').getByText('Published').waitFor();

  // A visitor finds it on the public list and opens it.
  const visitor = await browse();
  await visitor.goto(`${base()}/en-US/ipci/protect/publicity`);
  await visitor.getByTestId('publicity-search').fill(publicityNo);
  await visitor.getByTestId('publicity-search').press('Enter');
  await visitor.getByTestId('publicity-row').filter({ hasText: publicityNo }).getByRole('link', { name: ipNames.ip_name_en }).click();
  const dialog = visitor.getByRole('dialog');
  await dialog.getByTestId('publicity-summary').getByText('taken down after the platform intervened').waitFor();
  expect(await dialog.innerText()).not.toContain('张三');

  // 5. A law firm's account accepts the agreement, then applies.
  const firm = await signedIn('personal');
  const firmName = `Lumen ${tag} Law Firm`;
  const desk = await browse(firm.caller.cookie);
  await desk.goto(`${base()}/en-US/ipci/protect/lawapply`);
  expect(await desk.getByTestId('lawfirm-form').count()).toBe(0);
  await desk.getByTestId('lawfirm-agreement-continue').and(desk.locator(':disabled')).waitFor();
  await desk.getByText('I have read and accept the law-firm listing agreement').click();
  await desk.getByTestId('lawfirm-agreement-continue').click();
  await desk.locator('#lawfirm-form-nameZh').fill(`流明${tag}律师事务所`);
  await desk.locator('#lawfirm-form-nameEn').fill(firmName);
  await desk.locator('#lawfirm-form-organisationForm').selectOption('partnership');
  await desk.locator('#lawfirm-form-registeredAddress').fill('88 Jianguo Road, Chaoyang, Beijing');
  await desk.locator('#lawfirm-form-businessAddress').fill('12F, 88 Jianguo Road, Chaoyang, Beijing');
  await desk.locator('#lawfirm-form-lawyers').fill('24');
  await desk.locator('#lawfirm-form-countries').fill('Japan');
  await desk.getByRole('option', { name: /Japan/ }).click();
  await desk.keyboard.press('Escape');
  await desk.locator('#lawfirm-form-contactName').fill('Zhou Min');
  await desk.locator('#lawfirm-form-contactPhone').fill('010-65880000');
  await desk.locator('#lawfirm-form-email').fill('ip@lumen-law.com.cn');
  await desk.locator('#lawfirm-form-website').fill('https://lumen-law.example');
  await desk.locator('#lawfirm-form-introduction').fill('Copyright and cultural IP litigation.');
  await upload(desk, '#lawfirm-form-displayImages', { name: 'office.png', mimeType: 'image/png', buffer: await png(600, 400) });
  await upload(desk, '#lawfirm-form-licence', { name: 'licence.pdf', mimeType: 'application/pdf', buffer: PDF });
  await upload(desk, '#lawfirm-form-qualification', { name: 'qualification.pdf', mimeType: 'application/pdf', buffer: PDF });
  await desk.getByTestId('lawfirm-form-submit').click();
  await desk.waitForURL('**/en-US/ipci/usercenter/lawfirm');
  await desk.getByTestId('lawfirm-documents').waitFor();
  const firmId = (await testDb()('law_firms').where({ user_id: firm.user.id }).first()).id as string;

  // Staff confirm the paper documents, then pass the review.
  await approveTask(admin, `lawFirmListing/${firmId}/documents/1`, 'lawfirm-subject');
  await approveTask(admin, `lawFirmListing/${firmId}/review/1`, 'lawfirm-subject');

  // The firm pays the listing fee at the sandbox gateway from its user-centre page.
  await eventually(async () => (await testDb()('law_firms').where({ id: firmId }).first()).state === 'awaitingPayment');
  await desk.goto(`${base()}/en-US/ipci/usercenter/lawfirm`);
  await desk.getByTestId('lawfirm-pay').click();
  await desk.waitForURL(/\/usercenter\/pay\/[0-9a-f-]{36}$/);
  await desk.getByRole('button', { name: 'Go to payment' }).click();
  await desk.waitForURL(/\/sandbox-gateway\/pay\//);
  await desk.getByRole('button', { name: 'Pay now' }).click();
  await desk.waitForURL(/\/usercenter\/paysuccess/);
  await eventually(async () => (await testDb()('law_firms').where({ id: firmId }).first()).state === 'listed');
  await desk.goto(`${base()}/en-US/ipci/usercenter/lawfirm`);
  await desk.getByTestId('lawfirm-term').waitFor();

  // A visitor finds the firm in the directory and opens it.
  await visitor.goto(`${base()}/en-US/ipci/protect/legalrights`);
  await visitor.getByTestId('lawfirm-search').fill(firmName);
  await visitor.getByTestId('lawfirm-search').press('Enter');
  await visitor.getByTestId('lawfirm-card').filter({ hasText: firmName }).click();
  await visitor.waitForURL(`**/en-US/ipci/protect/legalrightsdetail/${firmId}`);
  await visitor.getByTestId('lawfirm-title').getByText(firmName).waitFor();
  await visitor.getByTestId('lawfirm-gallery').locator('img').first().waitFor();
}, 240_000);
