import { randomUUID } from 'node:crypto';
import { insertLawFirm } from '../../db/lawFirms';
import { DEFAULT_LAW_FIRM_LISTING_FEE_FEN, LAW_FIRM_FIELDS, type LawFirmData } from '../../domain/lawFirms';
import { chinaDate } from '../../domain/dates';
import { addMonths } from '../../activities/lawFirmListing';
import { lawFirmListing, type LawFirmListingInput } from '../../workflows/lawFirmListing';
import { saveHistory } from '../support/histories';
import { apiBase, Caller, eventually, png, signedIn, taskPath, testDb } from '../support/http';
import { lawFirmData, lawFirmRow } from '../support/lawFirms';
import { licencePdf, listingTestKit, showcasePicture } from '../support/listings';
import { staffAndTemporal } from '../support/staffAndTemporal';
import { messageOf, openTask, stepsOf } from '../support/cases';
import { payOrder } from '../support/orders';

const { temporal, reviewer, admin } = staffAndTemporal();

const picture = (caller: Caller, width = 600, height = 400) => showcasePicture(caller, 'office.png', width, height);
const document = licencePdf;

/** A firm's form with its own uploads; `token` makes its names findable apart from other tests' firms. */
async function formOf(caller: Caller, token = randomUUID().slice(0, 8), over: Partial<LawFirmData> = {}): Promise<LawFirmData> {
  return lawFirmData({
    nameZh: `金诚律师事务所${token}`,
    nameEn: `Jincheng Law Firm ${token}`,
    nameJa: `金誠法律事務所${token}`,
    // tests/support lawFirmData's address ends in .example, which the e-mail rule refuses.
    email: `ip-${token}@jincheng-law.cn`,
    displayImages: [await picture(caller)],
    detailImages: [await picture(caller, 800, 500)],
    licence: [await document(caller)],
    qualification: [await document(caller)],
    ...over,
  });
}

/** Started directly with short windows (the API takes them from LAW_FIRM_PAYMENT_MS and LAW_FIRM_TERM_MS). */
const { applicationOf, inState, decide, directory, startedWith } = listingTestKit<LawFirmData, LawFirmListingInput>({
  kind: 'lawFirmListing',
  area: 'lawfirm',
  directory: 'lawfirms',
  firstState: 'documents',
  temporal,
  reviewer,
  formOf: (caller) => formOf(caller),
  insert: insertLawFirm,
  workflow: lawFirmListing,
  input: (firmId, userId) => ({ firmId, userId }),
});

test('applying: the agreement first, required prompts in three languages, showcase picture rules, own files of the right kind', async () => {
  const { caller } = await signedIn('enterprise');
  const data = await formOf(caller);
  const noAgreement = await caller.post('/api/lawfirm/application', data);
  expect(noAgreement.status).toBe(400);
  expect(noAgreement.body.fields).toEqual({ agreementAccepted: 'Read and accept the listing agreement first' });

  const empty = { agreementAccepted: true, displayImages: [], licence: [], qualification: [] };
  const en = (await caller.post('/api/lawfirm/application', empty)).body.fields;
  expect(en).toMatchObject({
    nameZh: 'Name cannot be empty',
    organisationForm: 'Choose the form of organisation',
    registeredAddress: 'Enter the registered address',
    businessAddress: 'Enter the business address',
    lawyers: 'Enter the number of lawyers',
    countries: 'Choose the countries you serve',
    contactName: 'Enter the contact name',
    contactPhone: 'Enter the contact phone',
    email: 'Enter the e-mail address',
    website: 'Enter the website address',
    displayImages: 'Upload at least one display picture',
    licence: 'Upload the business licence',
    qualification: 'Upload the qualification proof',
  });
  const { caller: zh } = await signedIn('enterprise', ['user'], 'zh-CN');
  expect((await zh.post('/api/lawfirm/application', empty)).body.fields).toMatchObject({ nameZh: '名称不能为空', countries: expect.any(String) });
  const { caller: ja } = await signedIn('enterprise', ['user'], 'ja-JP');
  const jaFields = (await ja.post('/api/lawfirm/application', empty)).body.fields;
  expect(jaFields.nameZh).toEqual(expect.any(String));
  expect(jaFields.nameZh).not.toBe(en.nameZh);

  // Part 2 §5: landscape pictures of at least 420 × 290.
  for (const [w, h] of [
    [400, 600],
    [300, 200],
  ]) {
    const r = await caller.upload('showcase', await png(w, h), 'bad.png');
    expect(r.status).toBe(422);
    expect(r.body.fields.file).toEqual(expect.any(String));
  }
  const ten: string[] = [];
  for (let i = 0; i < 10; i++) ten.push(await picture(caller, 600 + i, 400));
  const tooMany = await caller.post('/api/lawfirm/application', { ...data, displayImages: ten, agreementAccepted: true });
  expect(tooMany.status).toBe(400);
  expect(Object.keys(tooMany.body.fields)).toEqual(['displayImages']);

  const { caller: other } = await signedIn('enterprise');
  const foreign = await picture(other);
  const wrong = await caller.post('/api/lawfirm/application', { ...data, displayImages: [data.licence[0]], detailImages: [foreign], agreementAccepted: true });
  expect(wrong.status).toBe(400);
  expect(Object.keys(wrong.body.fields).sort()).toEqual(['detailImages[0]', 'displayImages[0]']);
  expect(await applicationOf(caller)).toBeNull();
});

test('documents → review fails with flags → the firm corrects → approved → order and e-mail → paid → listed and public; recheck suspends and restores; others see nothing', async () => {
  const { user, caller } = await signedIn('enterprise');
  const token = randomUUID().slice(0, 8);
  const data = await formOf(caller, token, { countries: ['CN', 'DE'] });
  const r = await caller.post('/api/lawfirm/application', { ...data, agreementAccepted: true });
  expect(r.status).toBe(201);
  const id = r.body.application.id as string;
  expect(r.body.application).toMatchObject({ state: 'documents', round: 1, data, names: { zh: data.nameZh, en: data.nameEn, ja: data.nameJa }, orderId: null });
  expect((await caller.post('/api/lawfirm/application', { ...data, agreementAccepted: true })).status).toBe(409);
  await messageOf(caller, 'lawFirmApplied');

  // Another account: no application of its own, and this one's timeline is not found.
  const { user: strangerUser, caller: stranger } = await signedIn('enterprise');
  expect(await applicationOf(stranger)).toBeNull();
  expect((await stranger.get(`/api/cases/lawFirmListing/${id}`)).status).toBe(403);
  expect((await stranger.put('/api/lawfirm/application', data)).status).toBe(404);
  expect((await stranger.post('/api/lawfirm/application/renew')).status).toBe(404);

  const documents = await openTask('lawFirmListing', id, 'documents');
  expect(documents).toMatchObject({ queue: 'directory', candidate_role: 'reviewer', title: `${data.nameZh} (${user.username})` });
  expect(documents.titles).toMatchObject({ 'en-US': `${data.nameEn} (${user.username})`, 'ja-JP': `${data.nameJa} (${user.username})` });
  expect((await reviewer.get(taskPath(documents.id))).body.fields).toEqual([]);
  // Correcting is only for a failed review.
  expect((await caller.put('/api/lawfirm/application', data)).status).toBe(409);
  const handle = temporal.workflow.getHandle(`lawFirmListing/${id}`);
  const waiting = await handle.describe();
  expect(waiting.searchAttributes).toMatchObject({ CaseId: [id], CaseKind: ['lawFirmListing'], CaseState: ['documents'], OwnerUserId: [user.id], InboxQueue: ['directory'] });
  expect(await waiting.memo).toEqual({ title: `Law firm listing ${id}` });
  await decide(id, 'documents', { outcome: 'approve' });
  await inState(caller, 'review');
  await messageOf(caller, 'lawFirmDocumentsReceived');

  const review = await openTask('lawFirmListing', id, 'review');
  const detail = (await reviewer.get(taskPath(review.id))).body;
  expect(detail.fields).toEqual(LAW_FIRM_FIELDS);
  expect(detail.subject.application).toMatchObject({ id, state: 'review' });
  expect(detail.subject.user.id).toBe(user.id);
  expect(Object.keys(detail.subject.uploads)).toEqual(expect.arrayContaining([...data.licence, ...data.displayImages]));
  await decide(id, 'review', { outcome: 'fail', reasons: { website: 'The website does not open' } });
  const correction = await inState(caller, 'correction');
  expect(correction.reviewFlags).toEqual({ website: 'The website does not open' });
  await messageOf(caller, 'lawFirmCorrection');

  // The firm has the application in hand: staff cannot edit it meanwhile (the resubmission would overwrite it).
  const staffEdit = await admin.put(`/api/admin/lawfirms/${id}`, { ...data, lawyers: 99 });
  expect(staffEdit).toMatchObject({ status: 409, body: { message: 'The firm is correcting its application; edit it once it is back with staff' } });
  const bad = await caller.put('/api/lawfirm/application', { ...data, website: 'not a site' });
  expect(bad.status).toBe(400);
  const corrected = await caller.put('/api/lawfirm/application', { ...data, website: 'https://jincheng.example.cn' });
  expect(corrected.status).toBe(200);
  expect(corrected.body.application).toMatchObject({ state: 'review', round: 2, data: { website: 'https://jincheng.example.cn' } });
  expect((await caller.put('/api/lawfirm/application', data)).status).toBe(409);

  await decide(id, 'review', { outcome: 'approve' });
  const awaiting = await inState(caller, 'awaitingPayment');
  expect(awaiting.orderId).toEqual(expect.any(String));
  // Ten working days are at least two weeks.
  expect(Date.parse(awaiting.paymentDueAt) - Date.now()).toBeGreaterThan(13 * 86_400_000);
  const order = await testDb()('orders').where({ id: awaiting.orderId }).first();
  expect(order).toMatchObject({ type: 'lawFirmListing', subject_kind: 'lawFirm', subject_id: id, name: data.nameZh, user_id: user.id });
  expect(Number(order.amount)).toBe(DEFAULT_LAW_FIRM_LISTING_FEE_FEN);
  expect(order.names).toMatchObject({ zh: data.nameZh, en: data.nameEn });
  expect((await messageOf(caller, 'lawFirmPaymentNotice')).params).toMatchObject({ amount: '5000.00', name: data.nameZh });
  const mail = await eventually(() => testDb()('outbox').where({ dedupe_key: `lawFirmListing/${id}/payment/1` }).first());
  expect(mail).toMatchObject({ channel: 'email', recipient: data.email });
  expect(mail.body).toContain('5000.00');

  // Not public before it is listed.
  expect((await new Caller().get(`/api/public/lawfirms/${id}`)).status).toBe(404);
  await payOrder(caller, awaiting.orderId);
  const listed = await inState(caller, 'listed');
  expect(listed.listedUntil).toBe(addMonths(chinaDate(new Date()), 12));
  await messageOf(caller, 'lawFirmListed');
  const listedNow = await eventually(async () => {
    const d = await handle.describe();
    return (d.searchAttributes.CaseState as string[])[0] === 'listed' && d;
  });
  expect(listedNow.searchAttributes.InboxQueue ?? []).not.toContain('directory');

  // The directory: a recommended firm first, then by listing time; the country filter.
  const first = await lawFirmRow(strangerUser.id, { recommended: true, data: { nameZh: `推荐律所${token}`, nameEn: '', nameJa: '', countries: ['FR'] } });
  const items = await directory(`q=${token}`);
  expect(items.map((f) => f.id)).toEqual([first.id, id]);
  expect(items[1]).toMatchObject({ names: { zh: data.nameZh }, countries: ['CN', 'DE'], recommended: false, website: 'https://jincheng.example.cn' });
  expect(JSON.stringify(items[1])).not.toContain(data.licence[0]);
  expect((await directory(`q=${token}&country=DE`)).map((f) => f.id)).toEqual([id]);
  expect((await directory(`q=${token}&country=FR`)).map((f) => f.id)).toEqual([first.id]);
  const paged = await new Caller().get(`/api/public/lawfirms?q=${token}&limit=1`);
  expect(paged.body.items.map((f: any) => f.id)).toEqual([first.id]);
  expect((await directory(`q=${token}&limit=1&after=${paged.body.next}`)).map((f) => f.id)).toEqual([id]);
  expect((await new Caller().get('/api/public/lawfirms?country=XX')).status).toBe(400);

  const publicFirm = (await new Caller().get(`/api/public/lawfirms/${id}`)).body.firm;
  expect(publicFirm.displayImages).toEqual([`/api/public/lawfirms/${id}/images/${data.displayImages[0]}`]);
  const image = await fetch(apiBase() + publicFirm.detailImages[0]);
  expect(image.status).toBe(200);
  expect(image.headers.get('content-type')).toBe('image/png');
  expect((await new Caller().get(`/api/public/lawfirms/${id}/images/${data.licence[0]}`)).status).toBe(404);

  // Outside the renewal window (30 days before the term ends).
  expect((await caller.post('/api/lawfirm/application/renew')).status).toBe(409);

  // Recheck: admin only; suspended firms leave the directory and their pictures stop.
  const suspend = { action: 'suspend', reason: 'Licence under investigation' };
  expect((await reviewer.post(`/api/admin/lawfirms/${id}/recheck`, suspend)).status).toBe(403);
  expect((await admin.post(`/api/admin/lawfirms/${id}/recheck`, { action: 'restore', reason: 'x' })).status).toBe(409);
  const suspended = await admin.post(`/api/admin/lawfirms/${id}/recheck`, suspend);
  expect(suspended.status).toBe(200);
  expect(suspended.body.application).toMatchObject({ state: 'suspended', suspendedReason: 'Licence under investigation' });
  expect((await directory(`q=${token}`)).map((f) => f.id)).toEqual([first.id]);
  expect((await new Caller().get(`/api/public/lawfirms/${id}`)).status).toBe(404);
  expect((await fetch(apiBase() + publicFirm.detailImages[0])).status).toBe(404);
  expect((await messageOf(caller, 'lawFirmSuspended')).params.reason).toBe('Licence under investigation');
  const restored = await admin.post(`/api/admin/lawfirms/${id}/recheck`, { action: 'restore', reason: 'Investigation closed' });
  expect(restored.body.application).toMatchObject({ state: 'listed', suspendedReason: null });
  expect((await directory(`q=${token}`)).map((f) => f.id)).toEqual([first.id, id]);
  await messageOf(caller, 'lawFirmRestored');

  // Back office: list, detail, content edit, recommendation.
  const list = (await admin.get(`/api/admin/lawfirms?q=${token}&state=listed`)).body.items;
  expect(list.map((a: any) => a.id).sort()).toEqual([first.id, id].sort());
  const adminDetail = (await admin.get(`/api/admin/lawfirms/${id}`)).body;
  expect(adminDetail).toMatchObject({ application: { id, state: 'listed' }, applicant: { id: user.id }, task: null, workflowUrl: expect.stringContaining(`lawFirmListing%2F${id}`) });
  expect(Object.keys(adminDetail.uploads)).toEqual(expect.arrayContaining(data.licence));
  const edited = await admin.put(`/api/admin/lawfirms/${id}`, { ...data, website: 'https://jincheng.example.cn', lawyers: 60 });
  expect(edited.body.application.data.lawyers).toBe(60);
  expect((await admin.put(`/api/admin/lawfirms/${id}/recommended`, { recommended: true })).body.application.recommended).toBe(true);
  expect((await directory(`q=${token}`))[0].recommended).toBe(true);
  expect((await reviewer.get('/api/admin/lawfirms')).status).toBe(403);

  expect(await stepsOf(caller, 'lawFirmListing', id)).toEqual([
    'applied:done',
    'documents:current',
    'documents:done',
    'review:current',
    'review:failed',
    'correction:current',
    'correction:done',
    'review:current',
    'review:done',
    'payment:current',
    'payment:done',
    'listed:done',
    'suspended:current',
    'suspended:done',
  ]);
  await saveHistory(temporal, `lawFirmListing/${id}`, 'lawFirmListing-fail-resubmit-pay-recheck');
}, 120_000);

test('unpaid within the window: the application lapses, the agreement ends (message and e-mail), its order cannot be paid, the firm may apply again', async () => {
  const { caller, data, id, handle } = await startedWith({ paymentTimeoutMs: 4_000 });
  await decide(id, 'documents', { outcome: 'approve' });
  await decide(id, 'review', { outcome: 'approve' });
  const awaiting = await inState(caller, 'awaitingPayment');
  expect(await handle.result()).toBe('lapsed');
  expect((await applicationOf(caller)).state).toBe('lapsed');
  await messageOf(caller, 'lawFirmLapsed');
  const mail = await eventually(() => testDb()('outbox').where({ dedupe_key: `lawFirmListing/${id}/lapsed` }).first());
  expect(mail.recipient).toBe(data.email);
  const order = await testDb()('orders').where({ id: awaiting.orderId }).first();
  expect(order.order_state).not.toBe(0);
  expect((await caller.post(`/api/orders/${awaiting.orderId}/pay`, { method: 'quickPay', provider: 'sandbox' })).status).toBe(409);
  expect((await admin.post(`/api/admin/lawfirms/${id}/recheck`, { action: 'suspend', reason: 'x' })).body.message).toBe('The firm is not in a state this recheck applies to');
  expect(await stepsOf(caller, 'lawFirmListing', id)).toEqual(['applied:done', 'documents:current', 'documents:done', 'review:current', 'review:done', 'payment:current', 'payment:failed', 'lapsed:done']);
  await saveHistory(temporal, handle.workflowId, 'lawFirmListing-lapsed');

  const again = await caller.post('/api/lawfirm/application', { ...(await formOf(caller)), agreementAccepted: true });
  expect(again.status).toBe(201);
}, 60_000);

test('renewal within the window extends the term; a term that runs out expires the listing', async () => {
  const termMs = 12_000;
  const { caller, id, handle } = await startedWith({ termMs });
  await decide(id, 'documents', { outcome: 'approve' });
  await decide(id, 'review', { outcome: 'approve' });
  await payOrder(caller, (await inState(caller, 'awaitingPayment')).orderId);
  const listed = await inState(caller, 'listed');
  const listedAt = Date.parse(listed.listedAt);

  const renewed = await caller.post('/api/lawfirm/application/renew');
  expect(renewed.status).toBe(200);
  const renewalOrder = renewed.body.application.orderId;
  expect(renewalOrder).not.toBe(listed.orderId);
  expect((await caller.post('/api/lawfirm/application/renew')).status).toBe(409);
  await messageOf(caller, 'lawFirmRenewalNotice');
  await payOrder(caller, renewalOrder);
  await messageOf(caller, 'lawFirmRenewed');

  expect(await handle.result()).toBe('expired');
  // The renewal carried the listing past its first term.
  expect(Date.now() - listedAt).toBeGreaterThanOrEqual(2 * termMs);
  expect((await applicationOf(caller)).state).toBe('expired');
  await messageOf(caller, 'lawFirmExpired');
  expect((await new Caller().get(`/api/public/lawfirms/${id}`)).status).toBe(404);
  expect(await stepsOf(caller, 'lawFirmListing', id)).toEqual([
    'applied:done',
    'documents:current',
    'documents:done',
    'review:current',
    'review:done',
    'payment:current',
    'payment:done',
    'listed:done',
    'payment:current',
    'payment:done',
    'listed:done',
    'expired:done',
  ]);
  await saveHistory(temporal, handle.workflowId, 'lawFirmListing-renew-expire');
}, 90_000);

test('a renewal left unpaid: its order is cancelled, the firm stays listed until the term ends, then the listing expires', async () => {
  const termMs = 20_000;
  const { caller, id, handle } = await startedWith({ termMs, paymentTimeoutMs: 6_000 });
  await decide(id, 'documents', { outcome: 'approve' });
  await decide(id, 'review', { outcome: 'approve' });
  await payOrder(caller, (await inState(caller, 'awaitingPayment')).orderId);
  await inState(caller, 'listed');

  const renewal = (await caller.post('/api/lawfirm/application/renew')).body.application;
  expect(renewal.paymentDueAt).toEqual(expect.any(String));
  await messageOf(caller, 'lawFirmRenewalLapsed');
  const after = await applicationOf(caller);
  expect(after).toMatchObject({ state: 'listed', paymentDueAt: null });
  expect((await testDb()('orders').where({ id: renewal.orderId }).first()).order_state).not.toBe(0);
  expect((await caller.post(`/api/orders/${renewal.orderId}/pay`, { method: 'quickPay', provider: 'sandbox' })).status).toBe(409);

  expect(await handle.result()).toBe('expired');
  expect((await stepsOf(caller, 'lawFirmListing', id)).slice(-4)).toEqual(['listed:done', 'payment:current', 'payment:failed', 'expired:done']);
  await saveHistory(temporal, handle.workflowId, 'lawFirmListing-renewal-unpaid-expire');
}, 60_000);
