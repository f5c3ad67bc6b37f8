import { makeIpciCode } from '../../domain/ipci';
import sharp from 'sharp';
import { FAILURE_REASONS, TITLE_UPLOAD_FIELDS, titleFields } from '../../domain/titleRegistration';
import { cancelTitle, reorderTitle, resubmitTitle } from '../../workflows/titleAudit';
import { apiBase, Caller, eventually, PDF, png, signedIn, taskPath, testDb } from '../support/http';
import { saveHistory } from '../support/histories';
import { certifiedUser } from '../support/identity';
import { completeTitleData } from '../support/titleData';
import { staffAndTemporal } from '../support/staffAndTemporal';
import { stepsOf } from '../support/cases';
import { payOrder } from '../support/orders';
import { draftWith, submittedTitle, titleInState, titleUploads } from '../support/titleAudit';

const { temporal, reviewer, admin } = staffAndTemporal();

const taskOf = (caseId: string, round: number) =>
  eventually(async () => {
    const r = await reviewer.get('/api/tasks?queue=title&limit=100');
    return r.body.items.find((t: any) => t.caseId === caseId && t.id.endsWith(`/review/${round}`));
  });
const detailOf = async (caller: Caller, id: string) => (await caller.get(`/api/title/registrations/${id}`)).body.registration;
const messagesOf = async (caller: Caller) => (await caller.get('/api/messages?limit=50')).body.items as any[];
const workflowOf = (id: string) => temporal.workflow.getHandle(`titleAudit/${id}`);

test('only a certified user may start or change a registration (403 identityRequired); reading is open to every user', async () => {
  const { caller } = await signedIn('personal');
  const r = await caller.post('/api/title/drafts', { data: { ipNameZh: '山海' } });
  expect(r.status).toBe(403);
  expect(r.body).toMatchObject({ code: 'identityRequired', message: 'Please pass identity certification first' });
  expect((await caller.post('/api/title/registrations', { draftId: '00000000-0000-4000-8000-000000000000' })).body.code).toBe('identityRequired');
  expect((await caller.get('/api/title/drafts')).body).toEqual({ items: [], next: null });
  expect((await caller.get('/api/title/registrations')).body).toEqual({ items: [], next: null });
  // Staff have no registrations of their own.
  expect((await reviewer.get('/api/title/drafts')).status).toBe(403);
});

test('drafts: saved field by field (merged), only own uploads of the right kind, typed, listed newest first, private, deletable', async () => {
  const { caller } = await certifiedUser();
  const { caller: other } = await certifiedUser();
  const image = (await caller.upload('ipImage', await png(), 'cover.png')).body.id;
  const proof = (await caller.upload('proof', PDF, 'p.pdf')).body.id;
  const foreign = (await other.upload('ipImage', await png(), 'theirs.png')).body.id;

  const created = await caller.post('/api/title/drafts', { data: { ipNameZh: '山海图', unknownField: 1 }, step: 'ipInfo' });
  expect(created.status).toBe(201);
  const id = created.body.draft.id;
  expect(created.body.draft).toMatchObject({ data: { ipNameZh: '山海图' }, step: 'ipInfo' });

  const saved = await caller.put(`/api/title/drafts/${id}`, { data: { ipNameEn: 'Mountains and Seas', cover: image }, step: 'copyright' });
  expect(saved.status).toBe(200);
  expect(saved.body.draft).toMatchObject({ data: { ipNameZh: '山海图', ipNameEn: 'Mountains and Seas', cover: image }, step: 'copyright' });
  const read = await caller.get(`/api/title/drafts/${id}`);
  expect(read.body.uploads[image]).toMatchObject({ kind: 'ipImage', mime: 'image/png', width: 600, height: 400 });

  const wrongKind = await caller.put(`/api/title/drafts/${id}`, { data: { cover: proof, samples: [foreign] } });
  expect(wrongKind.status).toBe(400);
  expect(wrongKind.body.fields).toEqual({ cover: 'This field needs a file of kind ipImage', samples: 'Only files you uploaded yourself can be used' });
  const badTypes = await caller.put(`/api/title/drafts/${id}`, { data: { sublicensing: 'Q', termFrom: '2026-02-30', mainImages: [image, image] }, step: 'nowhere' });
  expect(badTypes.status).toBe(400);
  expect(Object.keys(badTypes.body.fields).sort()).toEqual(['step']);
  const badFields = await caller.put(`/api/title/drafts/${id}`, { data: { sublicensing: 'Q', termFrom: '2026-02-30', mainImages: [image, image] } });
  expect(Object.keys(badFields.body.fields).sort()).toEqual(['mainImages', 'sublicensing', 'termFrom']);
  expect((await caller.get(`/api/title/drafts/${id}`)).body.draft.data).toEqual({ ipNameZh: '山海图', ipNameEn: 'Mountains and Seas', cover: image });

  // Another user learns nothing of it.
  expect((await other.get(`/api/title/drafts/${id}`)).status).toBe(404);
  expect((await other.put(`/api/title/drafts/${id}`, { data: { ipNameZh: 'x' } })).status).toBe(404);
  expect((await other.request('DELETE', `/api/title/drafts/${id}`)).status).toBe(404);

  // A draft is created by the first save of something entered, never empty.
  for (const empty of [{}, { data: {} }, { data: { ipNameZh: '', agreeTerms: false, mainImages: [] }, step: 'ipInfo' }]) {
    const refused = await caller.post('/api/title/drafts', empty);
    expect(refused.status).toBe(400);
    expect(refused.body.fields).toEqual({ data: 'A draft is saved once something is entered' });
  }
  const second = (await caller.post('/api/title/drafts', { data: { agreeTerms: true } })).body.draft.id;
  const first = await caller.get('/api/title/drafts?limit=1');
  expect(first.body.items.map((d: any) => d.id)).toEqual([second]);
  expect((await caller.get(`/api/title/drafts?limit=1&after=${first.body.next}`)).body.items.map((d: any) => d.id)).toEqual([id]);

  expect((await caller.request('DELETE', `/api/title/drafts/${id}`)).status).toBe(204);
  expect((await caller.get(`/api/title/drafts/${id}`)).status).toBe(404);
});

test('submitting an incomplete draft answers every field at once and writes nothing; an existing IPCI code must be the user’s', async () => {
  const { user, caller } = await certifiedUser();
  const draftId = await draftWith(caller, { ipNameZh: '山海图' });
  const r = await caller.post('/api/title/registrations', { draftId });
  expect(r.status).toBe(400);
  expect(r.body.fields).toMatchObject({
    agreeTerms: 'Please agree to the registration terms before continuing',
    ipNameEn: 'Please fill in the IP name completely',
    introZh: 'Please give the introduction in at least one language',
  });
  expect(Object.keys(r.body.fields)).toEqual(expect.arrayContaining(['registrationMode', 'cover', 'mainImages', 'rightsWarranty', 'everDefendant']));
  expect((await caller.get(`/api/title/drafts/${draftId}`)).status).toBe(200);
  expect(await testDb()('title_registrations').where({ user_id: user.id }).count({ n: '*' })).toEqual([{ n: '0' }]);

  const uploads = await titleUploads(caller);
  const code = makeIpciCode(2025, 9_999_999);
  const withCode = await draftWith(caller, { ...completeTitleData(uploads), registrationMode: 'existingIpci', existingIpciCode: code });
  const refused = await caller.post('/api/title/registrations', { draftId: withCode });
  expect(refused.status).toBe(400);
  expect(refused.body.fields).toEqual({ existingIpciCode: 'No IPCI with this code is registered to you' });

  // Uploads of someone else, named in the draft's data, are refused at submit too.
  const { caller: other } = await certifiedUser();
  const theirs = await titleUploads(other);
  await testDb()('title_drafts').where({ id: withCode }).update({ data: JSON.stringify(completeTitleData(theirs)) });
  const foreign = await caller.post('/api/title/registrations', { draftId: withCode });
  expect(foreign.status).toBe(400);
  expect(foreign.body.fields).toMatchObject({ cover: 'Only files you uploaded yourself can be used', rightsWarranty: 'Only files you uploaded yourself can be used' });
  expect(await testDb()('title_registrations').where({ user_id: user.id }).count({ n: '*' })).toEqual([{ n: '0' }]);
});

test('a category the back office deactivated cannot be registered; the registration goes through once it is active again', async () => {
  const { user, caller } = await certifiedUser();
  const draftId = await draftWith(caller, { ...completeTitleData(await titleUploads(caller)), ipCategory: 'design' });
  // 'design' is no other test's category, so switching it off here disturbs nobody running alongside.
  const setActive = (active: boolean) => testDb()('dictionary_entries').where({ type: 'ipCategory', code: 'design' }).update({ active });
  await setActive(false);
  try {
    const refused = await caller.post('/api/title/registrations', { draftId });
    expect(refused.status).toBe(400);
    expect(refused.body.fields).toEqual({ ipCategory: 'This IP category is no longer offered; choose another one' });
    expect(await testDb()('title_registrations').where({ user_id: user.id }).count({ n: '*' })).toEqual([{ n: '0' }]);
  } finally {
    await setActive(true);
  }
  expect((await caller.post('/api/title/registrations', { draftId })).status).toBe(201);
});

test('submit → the reviewer sees everything → fail with a reason → correct only the flagged fields → approve → pay → IPCI issued', async () => {
  const { user, caller, photo, uploads, data, id } = await submittedTitle();
  // The same draft submitted again names the same registration and workflow.
  const again = await caller.post('/api/title/registrations', { draftId: id });
  expect(again.status).toBe(200);
  expect(again.body.registration.id).toBe(id);
  expect((await caller.get(`/api/title/drafts/${id}`)).status).toBe(404);

  const detail = await detailOf(caller, id);
  expect(detail).toMatchObject({ state: 'toAudit', mode: 'first', round: 1, flags: null, actions: ['view', 'cancel'], orderId: null });
  expect(detail.workflowUrl).toContain(encodeURIComponent(`titleAudit/${id}`));
  expect((await caller.get(`/api/title/registrations/${id}`)).body.uploads[data.cover]).toMatchObject({ kind: 'ipImage' });

  const task = await taskOf(id, 1);
  expect(task).toMatchObject({ queue: 'title', caseKind: 'titleAudit', status: 'open', slaWorkingDays: 5, title: expect.stringContaining(data.ipNameZh) });
  const view = await reviewer.get(taskPath(task.id));
  expect(view.body.fields).toEqual(titleFields());
  expect(view.body.categories).toEqual([...FAILURE_REASONS]);
  expect(view.body.subject.registration).toMatchObject({ id, data: { ipNameEn: data.ipNameEn, holder: data.holder }, round: 1 });
  expect(Object.keys(view.body.subject.uploads).sort()).toEqual([...uploads.images, uploads.proof].sort());
  expect(view.body.subject.user).toMatchObject({ id: user.id, username: user.username });
  expect(view.body.subject.identity.certification).toMatchObject({ kind: 'personal', state: 3, data: { name: '张三' } });
  expect(view.body.subject.identity.uploads[photo]).toMatchObject({ kind: 'idPhoto' });

  // Claimed: the user reads underAudit and can no longer cancel.
  await reviewer.post(`${taskPath(task.id)}/claim`);
  expect(await detailOf(caller, id)).toMatchObject({ state: 'underAudit', actions: ['view'] });
  expect((await caller.get('/api/title/registrations?state=underAudit')).body.items.map((r: any) => r.id)).toEqual([id]);
  expect((await caller.get('/api/title/registrations?state=toAudit')).body.items).toEqual([]);
  expect((await caller.post(`/api/title/registrations/${id}/cancel`)).status).toBe(409);
  // The workflow's own validators hold without the API's checks in front of them.
  await expect(workflowOf(id).executeUpdate(cancelTitle, { args: [{ userId: user.id }] })).rejects.toMatchObject({ cause: { message: 'title.notCancellable' } });
  await expect(workflowOf(id).executeUpdate(resubmitTitle, { args: [{ userId: user.id, data }] })).rejects.toMatchObject({ cause: { message: 'title.notAwaitingCorrection' } });
  await expect(workflowOf(id).executeUpdate(reorderTitle, { args: [{ userId: user.id }] })).rejects.toMatchObject({ cause: { message: 'title.notReorderable' } });

  // A failure must name a reason of the spec's list.
  const noCategory = await reviewer.post(`${taskPath(task.id)}/complete`, { outcome: 'fail', reasons: { holder: 'Not the holder named in the proof' } });
  expect(noCategory.status).toBe(400);
  const failed = await reviewer.post(`${taskPath(task.id)}/complete`, { outcome: 'fail', reasons: { holder: 'Not the holder named in the proof' }, category: 'conditionsUnmet' });
  expect(failed.status).toBe(200);
  const afterFail = await titleInState(caller, id, 'failed');
  expect(afterFail).toMatchObject({ flags: { holder: 'Not the holder named in the proof' }, failureReason: 'conditionsUnmet', actions: ['view', 'modify', 'cancel'] });
  const failMessage = await eventually(async () => (await messagesOf(caller)).find((m) => m.titleKey === 'titleAudit.failed'));
  expect(failMessage).toMatchObject({ bodyKey: 'titleAudit.reason.conditionsUnmet', params: { name: data.ipNameZh }, actionLink: `usercenter/traceability/${id}` });

  // Only the flagged field may change, and the whole registration must still be valid.
  const sneaky = await caller.put(`/api/title/registrations/${id}`, { data: { ...data, holder: '景德镇青花文化有限公司', ipNameEn: 'Other' } });
  expect(sneaky.status).toBe(400);
  expect(sneaky.body.fields).toEqual({ ipNameEn: 'Only the items the reviewer flagged can be changed' });
  const invalid = await caller.put(`/api/title/registrations/${id}`, { data: { ...data, holder: '' } });
  expect(invalid.status).toBe(400);
  await expect(workflowOf(id).executeUpdate(resubmitTitle, { args: [{ userId: 'someone-else', data }] })).rejects.toMatchObject({ cause: { message: 'http.forbidden' } });
  const resubmitted = await caller.put(`/api/title/registrations/${id}`, { data: { ...data, holder: '景德镇青花文化有限公司' } });
  expect(resubmitted.status).toBe(200);
  expect(resubmitted.body.registration).toMatchObject({ state: 'toAudit', round: 2, data: { holder: '景德镇青花文化有限公司' } });
  expect((await caller.put(`/api/title/registrations/${id}`, { data: { ...data, holder: 'x' } })).status).toBe(409);

  const second = await taskOf(id, 2);
  expect((await admin.post(`${taskPath(second.id)}/complete`, { outcome: 'approve', reasons: {} })).status).toBe(200);

  // Approved: an order for the certification fee follows at once.
  const pending = await titleInState(caller, id, 'pendingPayment');
  expect(pending.actions).toEqual(['view', 'cancel', 'pay']);
  expect(pending.order).toMatchObject({ id: pending.orderId, orderState: 0, amount: expect.any(Number) });
  const order = await testDb()('orders').where({ id: pending.orderId }).first();
  expect(order).toMatchObject({ user_id: user.id, type: 'certification', subject_kind: 'titleRegistration', subject_id: id, name: data.ipNameZh });

  await payOrder(caller, pending.orderId);
  const completed = await titleInState(caller, id, 'completed');
  expect(completed.ipci).toMatchObject({ id: expect.any(String), code: expect.any(String) });
  expect(completed.order.orderState).toBe(2);
  expect(await workflowOf(id).result()).toBe('completed');
  const description = await workflowOf(id).describe();
  expect(description.searchAttributes).toMatchObject({ CaseId: [id], CaseKind: ['titleAudit'], CaseState: ['completed'], OwnerUserId: [user.id], IpciCode: [completed.ipci.code] });
  // Operators find the IPCI's own workflow by its code.
  const lifecycle = await temporal.workflow.getHandle(`ipciLifecycle/${completed.ipci.id}`).describe();
  expect(lifecycle.status.name).toBe('RUNNING');

  expect(await stepsOf(caller, 'titleAudit', id)).toEqual([
    'submit:done',
    'review:current',
    'review:failed',
    'correction:current',
    'correction:done',
    'review:current',
    'review:done',
    'approved:done',
    'payment:current',
    'payment:done',
    'issued:done',
  ]);
  const keys = (await messagesOf(caller)).map((m) => m.titleKey).filter((k) => k.startsWith('titleAudit.'));
  expect(keys.sort()).toEqual(['titleAudit.approved', 'titleAudit.failed', 'titleAudit.issued', 'titleAudit.submitted']);
  const issued = (await messagesOf(caller)).find((m) => m.titleKey === 'titleAudit.issued');
  expect(issued.params).toEqual({ name: data.ipNameZh, names: { zh: data.ipNameZh, en: data.ipNameEn, ja: data.ipNameJa }, code: completed.ipci.code });
  expect((await caller.post(`/api/title/registrations/${id}/cancel`)).status).toBe(409);
  await saveHistory(temporal, `titleAudit/${id}`, 'titleAudit-fail-resubmit-approve');
}, 90_000);

test('approve → the order lapses (here: cancelled alone) → back to approved → a fresh order → paid', async () => {
  const { caller, id } = await submittedTitle();
  const task = await taskOf(id, 1);
  await reviewer.post(`${taskPath(task.id)}/complete`, { outcome: 'approve', reasons: {} });
  const first = await titleInState(caller, id, 'pendingPayment');
  // A new order only after the last one ended.
  expect((await caller.post(`/api/title/registrations/${id}/order`)).status).toBe(409);
  expect((await caller.post(`/api/orders/${first.orderId}/cancel`)).status).toBe(200);
  const approved = await titleInState(caller, id, 'approved');
  expect(approved.actions).toEqual(['view', 'cancel', 'pay']);

  const reordered = await caller.post(`/api/title/registrations/${id}/order`);
  expect(reordered.status).toBe(200);
  expect(reordered.body.registration).toMatchObject({ state: 'pendingPayment', order: { orderState: 0 } });
  expect(reordered.body.registration.orderId).not.toBe(first.orderId);
  await payOrder(caller, reordered.body.registration.orderId);
  await titleInState(caller, id, 'completed');
  expect(await stepsOf(caller, 'titleAudit', id)).toEqual(['submit:done', 'review:current', 'review:done', 'approved:done', 'payment:current', 'payment:failed', 'payment:current', 'payment:done', 'issued:done']);
  await saveHistory(temporal, `titleAudit/${id}`, 'titleAudit-approve-lapse-reorder');
}, 90_000);

test('two submits of one draft at the same moment: one registration, one workflow, both answered with it', async () => {
  const { user, caller } = await certifiedUser();
  const draftId = await draftWith(caller, completeTitleData(await titleUploads(caller)));
  const [a, b] = await Promise.all([caller.post('/api/title/registrations', { draftId }), caller.post('/api/title/registrations', { draftId })]);
  expect([a.status, b.status].sort()).toEqual([200, 201]);
  expect(a.body.registration.id).toBe(draftId);
  expect(b.body.registration.id).toBe(draftId);
  expect(await testDb()('title_registrations').where({ user_id: user.id }).count({ n: '*' })).toEqual([{ n: '1' }]);
  // One workflow under the business key: one audit task, one submitted message.
  expect(await taskOf(draftId, 1)).toMatchObject({ status: 'open' });
  expect(await testDb()('tasks').where({ case_kind: 'titleAudit', case_id: draftId }).count({ n: '*' })).toEqual([{ n: '1' }]);
  expect((await messagesOf(caller)).filter((m) => m.titleKey === 'titleAudit.submitted')).toHaveLength(1);
  expect((await caller.post('/api/title/registrations', { draftId: 'not-a-uuid' })).body.fields).toEqual({ draftId: expect.any(String) });
});

test('cancel while waiting in the queue: the task leaves the inbox, the registration ends cancelled with a message', async () => {
  const { caller, id } = await submittedTitle();
  const task = await taskOf(id, 1);
  const { caller: stranger } = await certifiedUser();
  expect((await stranger.post(`/api/title/registrations/${id}/cancel`)).status).toBe(404);

  const r = await caller.post(`/api/title/registrations/${id}/cancel`);
  expect(r.status).toBe(200);
  expect(r.body.registration).toMatchObject({ state: 'cancelled', actions: ['view'] });
  expect(await workflowOf(id).result()).toBe('cancelled');
  expect((await testDb()('tasks').where({ id: task.id }).first()).status).toBe('cancelled');
  expect((await reviewer.post(`${taskPath(task.id)}/claim`)).status).toBe(409);
  expect(await stepsOf(caller, 'titleAudit', id)).toEqual(['submit:done', 'review:current', 'review:done', 'cancelled:done']);
  expect((await messagesOf(caller)).map((m) => m.titleKey)).toContain('titleAudit.cancelled');
  expect((await caller.post(`/api/title/registrations/${id}/cancel`)).status).toBe(409);
  await saveHistory(temporal, `titleAudit/${id}`, 'titleAudit-cancel-queued');
});

test('cancel after a failed audit, and while the order waits for money (the order is cancelled with it)', async () => {
  const failed = await submittedTitle();
  const task = await taskOf(failed.id, 1);
  await reviewer.post(`${taskPath(task.id)}/complete`, { outcome: 'fail', reasons: { ipNameEn: 'Misspelt' }, category: 'hiddenFacts' });
  await titleInState(failed.caller, failed.id, 'failed');
  expect((await failed.caller.post(`/api/title/registrations/${failed.id}/cancel`)).body.registration.state).toBe('cancelled');
  expect(await workflowOf(failed.id).result()).toBe('cancelled');
  expect((await failed.caller.put(`/api/title/registrations/${failed.id}`, { data: failed.data })).status).toBe(409);
  await saveHistory(temporal, `titleAudit/${failed.id}`, 'titleAudit-fail-cancel');

  const paying = await submittedTitle();
  await reviewer.post(`${taskPath((await taskOf(paying.id, 1)).id)}/complete`, { outcome: 'approve', reasons: {} });
  const pending = await titleInState(paying.caller, paying.id, 'pendingPayment');
  const r = await paying.caller.post(`/api/title/registrations/${paying.id}/cancel`);
  expect(r.status).toBe(200);
  expect(r.body.registration.state).toBe('cancelled');
  expect(r.body.registration.order.orderState).toBe(3);
  expect(await workflowOf(paying.id).result()).toBe('cancelled');
  expect(await temporal.workflow.getHandle(`orderPayment/${pending.orderId}`).result()).toBe('cancelled');
  await saveHistory(temporal, `titleAudit/${paying.id}`, 'titleAudit-cancel-payment');
}, 90_000);

test('the configured audit time is public: the pages state it and nothing else', async () => {
  const r = await new Caller().get('/api/title/terms');
  expect(r.status).toBe(200);
  expect(r.body).toEqual({ auditWorkingDays: 5 });
});

test("the creator's ID takes a phone photo (JPG) or a pdf scan", async () => {
  const { caller } = await certifiedUser();
  const jpg = await sharp({ create: { width: 800, height: 500, channels: 3, background: { r: 90, g: 90, b: 90 } } }).jpeg().toBuffer();
  const photo = await caller.upload(TITLE_UPLOAD_FIELDS.creatorId!, jpg, '身份证.jpg');
  expect(photo.status).toBe(201);
  const scan = await caller.upload(TITLE_UPLOAD_FIELDS.creatorId!, PDF, 'id.pdf');
  expect(scan.status).toBe(201);
  const draft = await caller.post('/api/title/drafts', { data: { creatorId: [photo.body.id, scan.body.id] }, step: 'proof' });
  expect(draft.status).toBe(201);
  expect(draft.body.draft.data.creatorId).toEqual([photo.body.id, scan.body.id]);
});

test('the IP is named in the reader\'s language wherever it appears: messages, the inbox title, the order and the sandbox checkout', async () => {
  const { caller, id, data } = await submittedTitle();
  const task = await taskOf(id, 1);
  expect(task.title).toContain(data.ipNameZh);
  expect(task.titles).toMatchObject({ 'zh-CN': expect.stringContaining(data.ipNameZh), 'en-US': expect.stringContaining('Charm of Blue and White'), 'ja-JP': expect.stringContaining('青花の韻') });
  const submittedMessage = await eventually(async () => (await messagesOf(caller)).find((m) => m.titleKey === 'titleAudit.submitted'));
  expect(submittedMessage.params).toMatchObject({ name: data.ipNameZh, names: { zh: data.ipNameZh, en: 'Charm of Blue and White', ja: '青花の韻' } });

  await reviewer.post(`${taskPath(task.id)}/complete`, { outcome: 'approve', reasons: {} });
  const { orderId } = await titleInState(caller, id, 'pendingPayment');
  const order = (await caller.get(`/api/orders/${orderId}`)).body.order;
  expect(order).toMatchObject({ name: data.ipNameZh, names: { zh: data.ipNameZh, en: 'Charm of Blue and White', ja: '青花の韻' } });
  const pay = await caller.post(`/api/orders/${orderId}/pay`, { method: 'quickPay', provider: 'sandbox' });
  const checkout = async (lang: string) => (await fetch(`${apiBase()}/sandbox-gateway/pay/${pay.body.tradeNo}?lang=${lang}`, { headers: { cookie: caller.cookie } })).text();
  expect(await checkout('en-US')).toContain('Charm of Blue and White');
  expect(await checkout('ja-JP')).toContain('青花の韻');
  expect(await checkout('zh-CN')).toContain(data.ipNameZh);
}, 60_000);
