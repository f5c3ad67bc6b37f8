import type { Browser, Page } from 'playwright-core';
import { buildUiIfStale } from '../../scripts/lib/uiBuild';
import { downloadBy, launchChromium, logIn, openPage } from '../support/browser';
import { decodeQr, renderFirstPage, verifySignature } from '../support/certificates';
import { closeTestDb, DEMO, eventually, PDF, png, testDb } from '../support/http';
import { certifiedUser } from '../support/identity';

/**
 * Rights confirmation in Chromium against the real API, from the wizard to a verified certificate:
 * pictures uploaded through the page (several at once, a portrait one refused with its rule), the
 * draft saved as the user goes and resumed on another device at the same step, submitted into the
 * title audit; a reviewer approves it in the staff task page; the user pays at the sandbox gateway's
 * hosted page; the IPCI is issued; the downloaded PDF's signature verifies with the published key
 * and its QR code opens the public verification page.
 */
let browser: Browser;
const file = async (name: string, w = 640, h = 400) => ({ name, mimeType: 'image/png', buffer: await png(w, h) });

beforeAll(async () => {
  buildUiIfStale(() => undefined);
  browser = await launchChromium();
}, 300_000);
afterAll(async () => {
  await browser?.close();
  await closeTestDb();
});

async function device(token: string) {
  const base = process.env.IPCI_TEST_API!;
  const { context, page } = await openPage(browser, base, 'en-US');
  await context.addCookies([{ name: 'cookie-token', value: token, url: base }]);
  return { context, page, base };
}
const next = (page: Page) => page.getByRole('button', { name: 'Next' }).click();
const step = (page: Page) => page.locator('[aria-current=step]');

test('a registration is filled in, resumed on another device, submitted, approved, paid and issued with a verifiable certificate', async () => {
  const { user, caller } = await certifiedUser();
  const token = caller.cookie.split('=')[1];
  const first = await device(token);
  const page = first.page;

  await page.goto(`${first.base}/en-US/ipci/usercenter/traceability`);
  await page.getByRole('button', { name: 'New registration' }).click();
  // Opening the wizard stores nothing; the first thing entered creates the draft, at its own address.
  await page.waitForURL(/\/usercenter\/traceability\/new$/);
  await next(page);
  await page.getByText('Please agree to the registration terms before continuing').waitFor();
  await page.getByText('I have read and agree to the registration terms above').click();
  await page.waitForURL(/\/usercenter\/traceability\/draft\/[0-9a-f-]{36}$/);
  const draftUrl = page.url();
  const draftId = draftUrl.split('/').pop()!;
  await page.getByText('Owner', { exact: true }).click();
  await page.getByText('I declare that I lawfully hold this IP or am entitled to authorize it').click();
  await next(page);
  await page.getByText('First registration', { exact: true }).click();
  await next(page);

  await page.locator('#title-ipNameZh').fill('山海图');
  await page.locator('#title-ipNameEn').fill('Mountains and Seas');
  await page.locator('#title-ipNameJa').fill('山海図');
  await page.locator('#title-ipCategory').selectOption('fineArt');
  await page.locator('#title-ipCountry').selectOption('CN');
  await page.locator('#title-holder').fill('张三');
  await page.locator('#title-holderStatus').selectOption('naturalPerson');
  await page.locator('#title-introZh').fill('一组山海主题的原创插画。');
  // A portrait picture is refused by the server with the rule it breaks; nothing joins the field.
  await page.locator('#title-cover').setInputFiles([await file('portrait.png', 400, 600)]);
  await page.getByTestId('error-cover').getByText('Please use a landscape picture (wider than it is tall)').waitFor();
  await page.locator('#title-cover').setInputFiles([await file('cover.png')]);
  await page.getByTestId('upload-title-cover').getByRole('img', { name: 'cover.png' }).waitFor();
  // Four main images are not enough for 'next'; five more in one batch are.
  await page.locator('#title-mainImages').setInputFiles(await Promise.all([1, 2, 3, 4].map((i) => file(`main${i}.png`, 640 + i))));
  await page.getByTestId('upload-title-mainImages').getByRole('img', { name: 'main4.png' }).waitFor();
  await next(page);
  await page.getByTestId('error-mainImages').getByText('At least 5 items').waitFor();
  await page.locator('#title-mainImages').setInputFiles([await file('main5.png', 700)]);
  await page.getByTestId('upload-title-mainImages').getByRole('img', { name: 'main5.png' }).waitFor();
  await next(page);
  await step(page).getByText('Copyright information').waitFor();
  await page.locator('#title-usageScope').fill('衍生品');
  await page.getByTestId('save-state').getByText(/Saved/).waitFor();
  await eventually(async () => {
    const row = await testDb()('title_drafts').where({ id: draftId }).first();
    return row?.step === 'copyright' && row.data.usageScope === '衍生品' && row.data.mainImages.length === 5;
  });

  // Another device opens the draft at the same step with the same data.
  const second = await device(token);
  const other = second.page;
  await other.goto(draftUrl);
  await step(other).getByText('Copyright information').waitFor();
  expect(await other.locator('#title-usageScope').inputValue()).toBe('衍生品');
  await other.getByText('Can sublicense', { exact: true }).click();
  await other.getByText('Exclusive', { exact: true }).click();
  await other.locator('#title-rightsRegion').fill('全球');
  await other.getByText('Permanent', { exact: true }).click();
  await next(other);
  const risk = other.getByTestId('step-risk');
  await risk.getByText('No', { exact: true }).first().click();
  await risk.getByText('No', { exact: true }).nth(1).click();
  await next(other);
  const proof = { name: 'warranty.pdf', mimeType: 'application/pdf', buffer: PDF };
  await other.locator('#title-rightsWarranty').setInputFiles([proof]);
  await other.getByTestId('upload-title-rightsWarranty').getByText('warranty.pdf').waitFor();
  await other.locator('#title-workStatement').setInputFiles([{ ...proof, name: 'statement.pdf' }]);
  await other.getByTestId('upload-title-workStatement').getByText('statement.pdf').waitFor();
  const proofStep = other.getByTestId('step-proof');
  await proofStep.getByText('Yes', { exact: true }).first().click();
  await proofStep.getByText('Yes', { exact: true }).nth(1).click();
  await next(other);
  await other.getByTestId('title-data').getByText('Mountains and Seas').waitFor();
  await other.getByRole('button', { name: 'Submit for audit' }).click();
  await other.getByTestId('result-success').waitFor();

  const registration = await eventually(async () => testDb()('title_registrations').where({ id: draftId }).first());
  expect(registration).toMatchObject({ user_id: user.id, state: 'toAudit', ip_name_en: 'Mountains and Seas' });
  expect(registration.data.mainImages).toHaveLength(5);
  await other.getByRole('link', { name: 'View the registration' }).click();
  await other.getByTestId('title-detail').getByText('Pending audit').waitFor();

  // A reviewer claims and approves it on the staff task page.
  const taskId = `titleAudit/${draftId}/review/1`;
  await eventually(() => testDb()('tasks').where({ id: taskId }).first());
  const staff = await openPage(browser, first.base, 'en-US');
  const desk = staff.page;
  await desk.goto(`${first.base}/login/admin`);
  await logIn(desk, ...DEMO.reviewer);
  await desk.waitForURL('**/manage/inbox**');
  await desk.goto(`${first.base}/manage/tasks/${encodeURIComponent(taskId)}`);
  await desk.getByTestId('title-data').getByText('Mountains and Seas').waitFor();
  await desk.getByRole('button', { name: 'Claim' }).click();
  await desk.getByText('Claimed', { exact: true }).first().waitFor();
  await desk.getByRole('button', { name: 'Approve' }).last().click();
  await desk.getByText('Done', { exact: true }).first().waitFor();

  // The user pays the certification fee at the sandbox gateway's hosted page.
  await eventually(() => testDb()('title_registrations').where({ id: draftId, state: 'pendingPayment' }).first());
  await other.reload();
  await other.getByRole('button', { name: 'Pay', exact: true }).first().click();
  await other.waitForURL(/\/usercenter\/pay\/[0-9a-f-]{36}$/);
  await other.getByRole('button', { name: 'Go to payment' }).click();
  await other.waitForURL(/\/sandbox-gateway\/pay\//);
  await other.getByRole('img', { name: 'QR' }).waitFor();
  await other.getByRole('button', { name: 'Pay now' }).click();
  await other.waitForURL(/\/usercenter\/paysuccess/);
  await other.getByText('Payment received. Thank you!').waitFor();

  // The IPCI is issued automatically; its certificate is downloaded from the IPCI list.
  const issued = await eventually(async () => {
    const row = await testDb()('title_registrations').where({ id: draftId, state: 'completed' }).first();
    return row && testDb()('ipcis').where({ id: row.ipci_id }).whereNotNull('certificate_key').first();
  }, 60_000);
  await other.goto(`${first.base}/en-US/ipci/usercenter/certificates`);
  const row = other.getByTestId(`ipci-${issued.id}`);
  await row.getByRole('button', { name: 'Certificate (PDF)' }).waitFor();
  const pdf = (await downloadBy(other, 'Certificate (PDF)')).bytes;
  const signature = (await downloadBy(other, 'Signature')).bytes.toString('utf8').trim();
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

  // Verified offline with the published key; a changed byte does not verify.
  const key = await (await fetch(`${first.base}/.well-known/ipci-signing-key.pem`)).text();
  expect(verifySignature(pdf, signature, key)).toBe(true);
  const tampered = Buffer.from(pdf);
  tampered[tampered.length - 20] ^= 1;
  expect(verifySignature(tampered, signature, key)).toBe(false);

  // The QR code on the first page opens the public verification page, which says it is valid.
  const qr = await decodeQr(await renderFirstPage(pdf, 150));
  expect(qr).toBe(`${first.base}/ipci/right/certificate/${issued.code}`);
  const visitor = await openPage(browser, first.base, 'en-US');
  await visitor.page.goto(qr!);
  await visitor.page.getByTestId('verify-banner').getByText('Verified').waitFor();
  await visitor.page.getByTestId('verify-holder').getByText('张三').waitFor();

  await Promise.all([first.context.close(), second.context.close(), staff.context.close(), visitor.context.close()]);
}, 300_000);
