import { Client, Connection } from '@temporalio/client';
import type { Browser } from 'playwright-core';
import { buildUiIfStale } from '../../scripts/lib/uiBuild';
import { launchChromium, openSized, overflow, screenshot, SIZES } from '../support/browser';
import { apiBase, Caller, closeTestDb, DEMO, eventually, png, signedIn, taskPath, testDb } from '../support/http';
import { certifiedUser } from '../support/identity';
import { issuedIpci } from '../support/ipcis';

/**
 * The rights objection pages at 390 px and 1440 px in three languages: the objection form, the
 * objector's list and detail, the holder's answer page, the back office's objection and IP
 * information pages, the inbox task and a revoked certificate's verification page — nothing wider
 * than the window. IPCI_SCREENSHOT_DIR=/some/dir keeps a screenshot of each to look at.
 */

let browser: Browser;
let temporal: Client;
let objector: { username: string; password: string };
let holder: { username: string; password: string };
let ipciId: string;
let objectionId: string;
let decisionTaskId: string;
let revokedCode: string;

beforeAll(async () => {
  buildUiIfStale(() => undefined);
  browser = await launchChromium();
  temporal = new Client({ connection: await Connection.connect({ address: process.env.TEMPORAL_ADDRESS! }) });
  const owner = await signedIn('personal');
  holder = owner.user;
  const ipci = await issuedIpci(temporal, owner.user.id, { valid_until: '2090-12-31' });
  ipciId = ipci.id;
  await eventually(() => testDb()('ip_listings').where({ ipci_id: ipci.id, listed: true }).first());
  const who = await certifiedUser();
  objector = who.user;
  const file = (await who.caller.upload('evidence', await png(), 'evidence.png')).body.id;
  const r = await who.caller.post('/api/objections', {
    ipciId,
    content: '该作品由我方工作室于 2019 年创作，登记人抄袭了我方的原稿。A long line of evidence text that must wrap on a phone without widening the page.',
    companyName: '山海文化有限公司',
    contact: '李四',
    phone: '13900139000',
    email: 'legal@shanhai.example.com',
    attachments: [file],
  });
  objectionId = r.body.objection.id;
  const reviewer = await new Caller().login(...DEMO.reviewer);
  const audit = await eventually(() => testDb()('tasks').where({ case_kind: 'objection', case_id: objectionId, step: 'formalReview' }).first());
  await reviewer.post(`${taskPath(audit.id)}/complete`, { outcome: 'approve', reasons: {} });
  await eventually(async () => (await testDb()('objections').where({ id: objectionId }).first()).state === 'pendingConfirmation');
  await owner.caller.post(`/api/objections/${objectionId}/answer`, { statement: '我方持有原始手稿。' });
  decisionTaskId = (await eventually(() => testDb()('tasks').where({ case_kind: 'objection', case_id: objectionId, step: 'decision' }).first())).id;

  const revoked = await issuedIpci(temporal, owner.user.id, { valid_until: '2090-12-31' });
  await eventually(() => testDb()('ip_listings').where({ ipci_id: revoked.id }).first());
  await revoked.handle.executeUpdate('revokeIpci', { args: [{ reason: 'Objection upheld', category: 'forgedMaterials' }] });
  revokedCode = revoked.code;
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await temporal?.connection.close();
  await closeTestDb();
});

describe.each(['zh-CN', 'en-US', 'ja-JP'])('in %s', (lang) => {
  test.each(SIZES)('the objection pages fit a %s px window', async (size, viewport) => {
    const asObjector = await openSized(browser, viewport, lang, [objector.username, objector.password]);
    const mine = [
      ['form', `/${lang}/ipci/trade/objection?ipci=${ipciId}`, '[data-testid="objection-form"]'],
      ['list', `/${lang}/ipci/usercenter/objection`, '[data-testid="objection-row"]'],
      ['detail', `/${lang}/ipci/usercenter/objectiondetail/${objectionId}`, '[data-testid="objection-holder-answer"]'],
      ['verify-revoked', `/${lang}/ipci/right/certificate/${revokedCode}`, '[data-testid="verify-revocation"]'],
    ];
    for (const [name, url, ready] of mine) expect([name, await overflow(asObjector, url, ready, `objection-${name}-${lang}-${size}`)]).toEqual([name, 0]);
    await asObjector.context().close();

    const asHolder = await openSized(browser, viewport, lang, [holder.username, holder.password]);
    expect(await overflow(asHolder, `/${lang}/ipci/usercenter/objectionanswer/${objectionId}`, '[data-testid="objection-holder-answer"]', `objection-answer-${lang}-${size}`)).toBe(0);
    await asHolder.context().close();

    const asAdmin = await openSized(browser, viewport, lang, DEMO.admin);
    const staff = [
      ['admin-list', '/admin/objection', '[data-testid="admin-objection-row"]'],
      ['admin-detail', `/admin/objection/${objectionId}`, '[data-testid="admin-objection-task"]'],
      ['task', `/manage/tasks/${encodeURIComponent(decisionTaskId)}`, '[data-testid="objection-subject"]'],
      ['ip-list', '/admin/ipInformation', '[data-testid="ip-information-row"]'],
      ['ip-detail', `/admin/ipInformation/${ipciId}`, '[data-testid="ip-takedown"]'],
    ];
    for (const [name, url, ready] of staff) expect([name, await overflow(asAdmin, url, ready, `objection-${name}-${lang}-${size}`)]).toEqual([name, 0]);
    await asAdmin.context().close();
  }, 180_000);
});

test('staff uphold the objection in the inbox with revocation: the certificate\'s verification page says revoked, with the public reason only', async () => {
  const page = await openSized(browser, { width: 1440, height: 900 }, 'en-US', DEMO.admin);
  await page.goto(`${apiBase()}/manage/tasks/${encodeURIComponent(decisionTaskId)}`);
  const decision = page.locator('[data-testid="decision-form"]');
  await decision.waitFor();
  await decision.locator('#decision-value-outcome').selectOption('revoke');
  await decision.locator('#decision-value-category').selectOption('forgedMaterials');
  await decision.locator('#decision-comment').fill('The sketches were forged.');
  await decision.getByRole('button', { name: 'Approve' }).click();
  await eventually(async () => (await testDb()('ipcis').where({ id: ipciId }).first()).invalid_reason === 'revoked');
  const code = (await testDb()('ipcis').where({ id: ipciId }).first()).code;
  await page.goto(`${apiBase()}/en-US/ipci/right/certificate/${code}`);
  await page.locator('[data-testid="verify-revocation"]').waitFor();
  expect(await page.locator('[data-testid="verify-banner"]').innerText()).toContain('Reason: Forged materials');
  expect(await page.locator('body').innerText()).not.toContain('山海文化');
  await screenshot(page, 'objection-upheld-verify-en-US-1440');
  await page.context().close();
}, 120_000);
