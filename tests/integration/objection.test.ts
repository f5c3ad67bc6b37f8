import { insertObjection } from '../../db/objections';
import type { ObjectionData } from '../../domain/objections';
import { objection as objectionWorkflow } from '../../workflows/objection';
import { CaseId, CaseKind, CaseState, OwnerUserId } from '../../workflows/lib/searchAttributes';
import { ipCaller } from '../support/accounts';
import { saveHistory } from '../support/histories';
import { Caller, eventually, png, signedIn, taskPath, testDb } from '../support/http';
import { certifiedUser } from '../support/identity';
import { issuedIpci } from '../support/ipcis';
import { staffAndTemporal } from '../support/staffAndTemporal';
import { messageOf, openTask } from '../support/cases';

const { temporal, reviewer, admin } = staffAndTemporal({ caller: ipCaller });

/** A holder with a listed IPCI (its lifecycle running, the listing published). */
async function listedIpci() {
  const holder = await signedIn('personal');
  const ipci = await issuedIpci(temporal, holder.user.id, { valid_until: '2090-12-31' });
  await eventually(() => testDb()('ip_listings').where({ ipci_id: ipci.id, listed: true }).first());
  return { holder, ipci };
}

const evidence = async (caller: Caller) => (await caller.upload('evidence', await png(), 'evidence.png')).body.id as string;

const form = (attachments: string[], over: Partial<ObjectionData> = {}) => ({
  content: 'The work was created by our studio in 2019; the registrant copied it.',
  companyName: '山海文化有限公司',
  contact: '李四',
  phone: '13900139000',
  email: 'legal@shanhai.example.com',
  attachments,
  ...over,
});

const decide = (taskId: string, decision: Record<string, unknown>) => reviewer.post(`${taskPath(taskId)}/complete`, { reasons: {}, ...decision });
const messagesOf = async (caller: Caller) => (await caller.get('/api/messages')).body.items as any[];
const handleOf = (id: string) => temporal.workflow.getHandle(`objection/${id}`);
const row = (id: string) => testDb()('objections').where({ id }).first();

/** Through the API, as the objection form sends it. */
async function objected() {
  const { holder, ipci } = await listedIpci();
  const objector = await certifiedUser();
  const r = await objector.caller.post('/api/objections', { ...form([await evidence(objector.caller)]), ipciId: ipci.id });
  expect(r.status).toBe(201);
  return { holder, ipci, objector, objection: r.body.objection };
}

/** Started directly, with a short time to answer and staff SLA (the API takes them from OBJECTION_ANSWER_MS, OBJECTION_SLA_MS). */
async function objectedWithAnswerTime(answerTimeoutMs: number, slaOverrideMs?: number) {
  const { holder, ipci } = await listedIpci();
  const objector = await certifiedUser();
  const data = form([await evidence(objector.caller)]);
  const created = await insertObjection(testDb(), ipci.id, objector.user.id, data);
  await temporal.workflow.start(objectionWorkflow, {
    taskQueue: process.env.TEMPORAL_TASK_QUEUE!,
    workflowId: created.workflow_id,
    args: [{ objectionId: created.id, ipciId: ipci.id, ipciWorkflowId: ipci.handle.workflowId, objectorId: objector.user.id, holderId: holder.user.id, code: ipci.code, answerTimeoutMs, slaOverrideMs }],
    typedSearchAttributes: [
      { key: CaseId, value: created.id },
      { key: CaseKind, value: 'objection' },
      { key: CaseState, value: 'pendingAudit' },
      { key: OwnerUserId, value: objector.user.id },
    ],
  });
  return { holder, ipci, objector, objection: { id: created.id } };
}

test('upheld with revocation: the holder answers, staff revoke, the listing goes, verification says revoked with the public reason only', async () => {
  const { holder, ipci, objector, objection } = await objected();
  expect(objection).toMatchObject({ state: 'pendingAudit', ipciId: ipci.id, code: ipci.code });

  const audit = await openTask('objection', objection.id, 'formalReview');
  expect(audit).toMatchObject({ queue: 'objection', candidate_role: 'reviewer' });
  const detail = await reviewer.get(taskPath(audit.id));
  expect(detail.body.subject.objection).toMatchObject({ id: objection.id, data: { companyName: '山海文化有限公司' } });
  expect(detail.body.fields).toEqual(['reviewOpinion']);
  expect(detail.body.values).toBeUndefined();
  // The holder learns nothing before the formal review admits the objection.
  expect((await holder.caller.get(`/api/objections/${objection.id}/answer`)).status).toBe(404);
  expect((await decide(audit.id, { outcome: 'approve' })).status).toBe(200);

  const told = await messageOf(holder.caller, 'objectionToAnswer');
  expect(told.actionLink).toBe(`usercenter/objectionanswer/${objection.id}`);
  const seen = await eventually(async () => {
    const r = await holder.caller.get(`/api/objections/${objection.id}/answer`);
    return r.status === 200 && r.body.objection.state === 'pendingConfirmation' && r;
  });
  // The holder reads the objection but not the objector's contact details.
  expect(seen.body.objection.data).toEqual({ content: form([]).content, companyName: '山海文化有限公司', attachments: expect.any(Array) });
  expect(seen.body.objection.answerDueAt).toEqual(expect.any(String));
  expect((await objector.caller.post(`/api/objections/${objection.id}/answer`, { statement: 'Not mine to answer' })).status).toBe(404);
  const proof = await evidence(holder.caller);
  const answered = await holder.caller.post(`/api/objections/${objection.id}/answer`, { statement: 'We hold the original sketches.', attachments: [proof] });
  expect(answered.status).toBe(200);
  expect((await holder.caller.post(`/api/objections/${objection.id}/answer`, { statement: 'Again' })).status).toBe(409);

  const decision = await openTask('objection', objection.id, 'decision');
  const shape = (await reviewer.get(taskPath(decision.id))).body;
  expect(shape.values).toEqual(['outcome', 'category']);
  expect(shape.choices.outcome).toEqual(['revoke', 'takeDown']);
  expect(shape.subject.objection.holderAnswer).toMatchObject({ statement: 'We hold the original sketches.', attachments: [proof] });
  // Modifying is over once staff decide on the merits.
  expect((await objector.caller.put(`/api/objections/${objection.id}`, form([await evidence(objector.caller)]))).status).toBe(409);
  expect((await decide(decision.id, { outcome: 'approve', values: { outcome: 'banish', category: 'forgedMaterials' } })).status).toBe(400);
  expect((await decide(decision.id, { outcome: 'approve', values: { outcome: 'revoke', category: 'forgedMaterials' }, comment: 'The sketches were forged.' })).status).toBe(200);
  expect(await handleOf(objection.id).result()).toBe('approved');
  expect(await ipci.handle.result()).toBe('invalid');

  const ipciRow = await testDb()('ipcis').where({ id: ipci.id }).first();
  expect(ipciRow).toMatchObject({ invalid_reason: 'revoked', revocation_category: 'forgedMaterials' });
  expect((await testDb()('ip_listings').where({ ipci_id: ipci.id }).first()).listed).toBe(false);
  const verification = (await new Caller().get(`/api/public/ipci/${ipci.code}`)).body.ipci;
  expect(verification).toMatchObject({ outcome: 'invalid', verifiable: false, revocationCategory: 'forgedMaterials' });
  expect(JSON.stringify(verification)).not.toMatch(/sketches|山海文化|李四|张三/);

  const revokedMessage = await messageOf(holder.caller, 'ipciRevoked');
  expect(revokedMessage).toMatchObject({ bodyKey: 'ipciRevokedCategory', params: { code: ipci.code, category: 'forgedMaterials' } });
  await messageOf(objector.caller, 'objectionUpheld');
  const mine = (await objector.caller.get(`/api/objections/${objection.id}`)).body.objection;
  expect(mine).toMatchObject({ state: 'approved', outcome: 'revoke', reasonCategory: 'forgedMaterials', reviewOpinion: 'The sketches were forged.' });

  const timeline = await eventually(async () => {
    const r = await objector.caller.get(`/api/cases/objection/${objection.id}`);
    return r.body.events?.length >= 7 && r;
  });
  expect(timeline.body.events.map((e: any) => `${e.step}:${e.status}`)).toEqual([
    'submitted:done',
    'formalReview:current',
    'formalReview:done',
    'holderAnswer:current',
    'holderAnswer:done',
    'decision:current',
    'decision:done',
    'approved:done',
  ]);
  // Staff see it in the back office, with its tasks; the list filters by state and finds the code.
  const adminDetail = await admin.get(`/api/admin/objections/${objection.id}`);
  expect(adminDetail.body.tasks.map((t: any) => `${t.step}:${t.status}`)).toEqual(['formalReview:done', 'decision:done']);
  expect((await admin.get(`/api/admin/objections?state=approved&q=${ipci.code}`)).body.items.map((o: any) => o.id)).toEqual([objection.id]);
  expect((await admin.get(`/api/admin/objections?state=failed&q=${ipci.code}`)).body.items).toEqual([]);
  await saveHistory(temporal, `objection/${objection.id}`, 'objection-answer-upheld-revoke');
});

test('upheld with take-down after the holder let the time pass: the listing goes, the certificate stays verifiable, only staff relist', async () => {
  const { holder, ipci, objection } = await objectedWithAnswerTime(1500, 1000);
  // The formal review's SLA passes: the task is overdue and escalated to the admins.
  const late = await eventually(async () => {
    const task = await openTask('objection', objection.id, 'formalReview');
    return task.escalated_at && task;
  });
  const overdue = await eventually(() => testDb()('messages').where('dedupe_key', 'like', `${late.id}/overdue/%`).first());
  expect(overdue).toMatchObject({ title_key: 'taskOverdue', action_link: `/manage/tasks/${encodeURIComponent(late.id)}` });
  await decide(late.id, { outcome: 'approve' });
  // No answer: the decision task opens once the time is up.
  const decision = await openTask('objection', objection.id, 'decision');
  expect((await row(objection.id)).holder_answer).toBeNull();
  // Upholding says why: the review opinion is the decision's comment.
  expect((await decide(decision.id, { outcome: 'approve', values: { outcome: 'takeDown', category: 'ownershipDispute' } })).status).toBe(400);
  expect((await decide(decision.id, { outcome: 'approve', values: { outcome: 'takeDown', category: 'ownershipDispute' }, comment: 'Ownership is disputed in court' })).status).toBe(200);
  expect(await handleOf(objection.id).result()).toBe('approved');

  const taken = await eventually(async () => {
    const r = await testDb()('ipcis').where({ id: ipci.id }).first();
    return r.staff_take_down && r;
  });
  expect(taken).toMatchObject({ trade_taken_down: true, invalid_at: null, staff_take_down: { reason: 'Ownership is disputed in court', staffName: expect.any(String), ownerTakenDown: false } });
  expect((await testDb()('ip_listings').where({ ipci_id: ipci.id }).first()).listed).toBe(false);
  expect((await new Caller().get(`/api/public/ipci/${ipci.code}`)).body.ipci).toMatchObject({ verifiable: true, tradeTakenDown: true });
  // The owner may not relist it; the lifecycle refuses it too.
  expect((await holder.caller.get(`/api/ipcis/${ipci.id}`)).body.ipci).toMatchObject({ state: 'takenDown', operations: ['takeDownTitle'] });
  expect((await holder.caller.post('/api/ipcis/relist', { ids: [ipci.id], kind: 'trade' })).body.results[0].ok).toBe(false);
  await expect(ipci.handle.executeUpdate('relistIpci', { args: [{ userId: holder.user.id, kind: 'trade' }] })).rejects.toThrow();
  await messageOf(holder.caller, 'ipciStaffTakenDown');

  const relisted = await admin.post(`/api/admin/ip-information/${ipci.id}/relist`);
  expect(relisted.status).toBe(200);
  expect(relisted.body.ip).toMatchObject({ listed: true, staffTakeDown: null, state: 'completed' });
  expect((await holder.caller.get(`/api/ipcis/${ipci.id}`)).body.ipci.operations).toEqual(['takeDownTrade', 'takeDownTitle']);
  await saveHistory(temporal, `objection/${objection.id}`, 'objection-timeout-upheld-takedown');
});

test('failed at the formal review: the objector is told the review opinion, the holder never hears of it, nothing can change any more', async () => {
  const { holder, objector, objection } = await objected();
  expect((await decide((await openTask('objection', objection.id, 'formalReview')).id, { outcome: 'fail' })).status).toBe(400);
  expect((await decide((await openTask('objection', objection.id, 'formalReview')).id, { outcome: 'fail', reasons: { reviewOpinion: 'No evidence of prior creation' } })).status).toBe(200);
  expect(await handleOf(objection.id).result()).toBe('failed');
  expect(await row(objection.id)).toMatchObject({ state: 'failed', review_opinion: 'No evidence of prior creation', outcome: null });
  expect(await messageOf(objector.caller, 'objectionFailed')).toMatchObject({ params: { opinion: 'No evidence of prior creation' }, bodyKey: 'objectionOpinion' });
  expect((await messagesOf(holder.caller)).some((m) => m.titleKey.startsWith('objection'))).toBe(false);
  expect((await holder.caller.get(`/api/objections/${objection.id}/answer`)).status).toBe(404);
  // Modify after the decision is refused; delete hides it from the objector's list only.
  expect((await objector.caller.put(`/api/objections/${objection.id}`, form([await evidence(objector.caller)]))).status).toBe(409);
  expect((await objector.caller.request('DELETE', `/api/objections/${objection.id}`)).status).toBe(204);
  expect((await objector.caller.get('/api/objections')).body.items).toEqual([]);
  expect((await objector.caller.get(`/api/objections/${objection.id}`)).status).toBe(404);
  expect((await admin.get(`/api/admin/objections/${objection.id}`)).body.objection.state).toBe('failed');
  await saveHistory(temporal, `objection/${objection.id}`, 'objection-formal-fail');
});

test('failed at the decision: both sides are told', async () => {
  const { holder, ipci, objector, objection } = await objected();
  await decide((await openTask('objection', objection.id, 'formalReview')).id, { outcome: 'approve' });
  await messageOf(holder.caller, 'objectionToAnswer');
  await eventually(async () => (await holder.caller.get(`/api/objections/${objection.id}/answer`)).body.objection?.state === 'pendingConfirmation');
  expect((await holder.caller.post(`/api/objections/${objection.id}/answer`, { statement: 'We created it.' })).status).toBe(200);
  // The holder's list: the objections to their IPs, without the objector's contact details.
  const received = (await holder.caller.get('/api/objections?side=holder')).body.items;
  expect(received.map((o: any) => o.id)).toEqual([objection.id]);
  expect(received[0].data.phone).toBeUndefined();
  expect((await objector.caller.get('/api/objections?side=holder')).body.items).toEqual([]);
  const decision = await openTask('objection', objection.id, 'decision');
  expect((await decide(decision.id, { outcome: 'fail', reasons: { reviewOpinion: 'The holder proved prior creation' } })).status).toBe(200);
  expect(await handleOf(objection.id).result()).toBe('failed');
  await messageOf(objector.caller, 'objectionFailed');
  await messageOf(holder.caller, 'objectionFailedHolder');
  expect((await testDb()('ip_listings').where({ ipci_id: ipci.id }).first()).listed).toBe(true);
  expect((await holder.caller.get(`/api/objections/${objection.id}/answer`)).body.objection.reviewOpinion).toBe('The holder proved prior creation');
});

test('the objector modifies while it is audited, then withdraws: the task is withdrawn and the objection leaves the list', async () => {
  const { objector, objection } = await objected();
  const audit = await openTask('objection', objection.id, 'formalReview');
  const files = [await evidence(objector.caller), await evidence(objector.caller)];
  const changed = await objector.caller.put(`/api/objections/${objection.id}`, form(files, { content: 'Further evidence attached.' }));
  expect(changed.status).toBe(200);
  expect(changed.body.objection.data).toMatchObject({ content: 'Further evidence attached.', attachments: files });
  expect((await reviewer.get(taskPath(audit.id))).body.subject.objection.data.content).toBe('Further evidence attached.');
  expect((await objector.caller.get('/api/objections?state=pendingAudit')).body.items.map((o: any) => o.id)).toEqual([objection.id]);

  expect((await objector.caller.request('DELETE', `/api/objections/${objection.id}`)).status).toBe(204);
  expect(await handleOf(objection.id).result()).toBe('withdrawn');
  expect(await row(objection.id)).toMatchObject({ state: 'withdrawn', deleted_at: expect.any(Date) });
  expect((await testDb()('tasks').where({ id: audit.id }).first()).status).toBe('cancelled');
  expect((await decide(audit.id, { outcome: 'approve' })).status).toBe(409);
  expect((await objector.caller.get('/api/objections')).body.items).toEqual([]);
  await saveHistory(temporal, `objection/${objection.id}`, 'objection-modify-withdraw');
});

test('the holder answers while the objector withdraws during the answer time: withdrawn, the holder is told', async () => {
  const { holder, objector, objection } = await objected();
  await decide((await openTask('objection', objection.id, 'formalReview')).id, { outcome: 'approve' });
  await messageOf(holder.caller, 'objectionToAnswer');
  await eventually(async () => (await row(objection.id)).state === 'pendingConfirmation');
  expect((await objector.caller.put(`/api/objections/${objection.id}`, form([await evidence(objector.caller)]))).status).toBe(200);
  expect((await objector.caller.request('DELETE', `/api/objections/${objection.id}`)).status).toBe(204);
  expect(await handleOf(objection.id).result()).toBe('withdrawn');
  await messageOf(holder.caller, 'objectionWithdrawnHolder');
  expect((await holder.caller.post(`/api/objections/${objection.id}/answer`, { statement: 'Too late' })).status).toBe(409);
});

test('who may object, to what, and bad input', async () => {
  const { holder, ipci } = await listedIpci();
  const objector = await certifiedUser();
  const files = [await evidence(objector.caller)];
  // Signed in but not certified: refused before anything is read.
  const uncertified = await signedIn('personal');
  expect((await uncertified.caller.post('/api/objections', { ...form(files), ipciId: ipci.id })).body).toMatchObject({ code: 'identityRequired' });
  expect((await new Caller().post('/api/objections', { ...form(files), ipciId: ipci.id })).status).toBe(401);
  // Not one's own IP; only listed IPs.
  const self = await certifiedUser();
  const own = await issuedIpci(temporal, self.user.id, { valid_until: '2090-12-31' });
  await eventually(() => testDb()('ip_listings').where({ ipci_id: own.id, listed: true }).first());
  const ownFiles = [await evidence(self.caller)];
  expect((await self.caller.post('/api/objections', { ...form(ownFiles), ipciId: own.id })).status).toBe(409);
  expect((await self.caller.get(`/api/objections/targets/${own.id}`)).body).toMatchObject({ own: true, ipci: { code: own.code } });
  expect((await holder.caller.post('/api/ipcis/takedown', { ids: [ipci.id], kind: 'trade' })).body.results[0].ok).toBe(true);
  const unlisted = await objector.caller.post('/api/objections', { ...form(files), ipciId: ipci.id });
  expect(unlisted.status).toBe(404);
  expect(unlisted.body.message).toMatch(/not listed/);
  expect((await objector.caller.get(`/api/objections/targets/${ipci.id}`)).status).toBe(404);
  expect((await holder.caller.post('/api/ipcis/relist', { ids: [ipci.id], kind: 'trade' })).body.results[0].ok).toBe(true);
  await eventually(() => testDb()('ip_listings').where({ ipci_id: ipci.id, listed: true }).first());

  // Bad input: field messages, nothing written.
  const before = (await testDb()('objections').where({ objector_id: objector.user.id }).count({ n: '*' }))[0].n;
  const empty = await objector.caller.post('/api/objections', { ipciId: ipci.id });
  expect(empty.status).toBe(400);
  expect(Object.keys(empty.body.fields).sort()).toEqual(['attachments', 'companyName', 'contact', 'content', 'email', 'phone']);
  expect((await objector.caller.post('/api/objections', { ...form(files, { phone: '12345', email: 'x@y' }), ipciId: ipci.id })).body.fields).toMatchObject({ phone: expect.any(String), email: expect.any(String) });
  expect((await objector.caller.post('/api/objections', { ...form(Array.from({ length: 10 }, () => files[0])), ipciId: ipci.id })).status).toBe(400);
  expect((await objector.caller.post('/api/objections', { ...form(files), ipciId: 'nope' })).status).toBe(400);
  expect((await objector.caller.post('/api/objections', { ...form(files, { content: ['x'] as never }), ipciId: ipci.id })).status).toBe(400);
  const othersFile = await evidence(holder.caller);
  expect((await objector.caller.post('/api/objections', { ...form([othersFile]), ipciId: ipci.id })).body.fields).toMatchObject({ 'attachments[0]': expect.any(String) });
  const photo = (await objector.caller.upload('idPhoto', await png(), 'p.png')).body.id;
  expect((await objector.caller.post('/api/objections', { ...form([photo]), ipciId: ipci.id })).status).toBe(400);
  expect((await testDb()('objections').where({ objector_id: objector.user.id }).count({ n: '*' }))[0].n).toBe(before);
  expect((await objector.caller.get('/api/objections?state=lost')).status).toBe(400);
  expect((await objector.caller.get('/api/objections?after=garbage')).status).toBe(400);

  // Another user's objection is a 404 by id, for every action.
  const r = await objector.caller.post('/api/objections', { ...form(files), ipciId: ipci.id });
  expect(r.status).toBe(201);
  const id = r.body.objection.id;
  const stranger = await certifiedUser();
  expect((await stranger.caller.get(`/api/objections/${id}`)).status).toBe(404);
  expect((await stranger.caller.put(`/api/objections/${id}`, form([await evidence(stranger.caller)]))).status).toBe(404);
  expect((await stranger.caller.request('DELETE', `/api/objections/${id}`)).status).toBe(404);
  expect((await stranger.caller.get(`/api/objections/${id}/answer`)).status).toBe(404);
  expect((await stranger.caller.get(`/api/cases/objection/${id}`)).status).toBe(403);
  expect((await objector.caller.put(`/api/objections/${id}`, { content: '' })).status).toBe(400);
  expect((await reviewer.get(`/api/admin/objections/${id}`)).status).toBe(403);
  expect((await objector.caller.request('DELETE', `/api/objections/${id}`)).status).toBe(204);
});

test('back office IP information: search, filters, staff take-down with a reason the owner cannot undo, relist; timeline and messages', async () => {
  const { holder, ipci } = await listedIpci();
  const byCode = await admin.get(`/api/admin/ip-information?q=${encodeURIComponent(ipci.code.slice(0, 4) + '-' + ipci.code.slice(4))}`);
  expect(byCode.body.items.map((i: any) => i.ipciId)).toEqual([ipci.id]);
  const byName = await admin.get(`/api/admin/ip-information?q=${encodeURIComponent('海图')}&status=listed&limit=100`);
  expect(byName.body.items.some((i: any) => i.ipciId === ipci.id)).toBe(true);
  expect((await admin.get('/api/admin/ip-information?status=sideways')).status).toBe(400);
  // By category, served by its index.
  await testDb()('ip_listings').where({ ipci_id: ipci.id }).update({ category: 'heritage' });
  const heritage = (await admin.get('/api/admin/ip-information?category=heritage&limit=100')).body.items;
  expect(heritage.map((i: any) => i.ipciId)).toContain(ipci.id);
  expect(heritage.every((i: any) => i.category === 'heritage')).toBe(true);
  expect((await admin.get('/api/admin/ip-information?category=music&limit=100')).body.items.map((i: any) => i.ipciId)).not.toContain(ipci.id);
  expect((await admin.get('/api/admin/ip-information?category=spaceships')).status).toBe(400);
  const plan = await testDb().transaction(async (trx) => {
    await trx.raw('set local enable_seqscan = off');
    return trx.raw<{ rows: Array<{ 'QUERY PLAN': string }> }>("explain select * from ip_listings where category = 'heritage' order by listed_at desc, id desc limit 21");
  });
  expect(plan!.rows.map((r) => r['QUERY PLAN']).join('\n')).toContain('ip_listings_category');
  expect((await reviewer.get('/api/admin/ip-information')).status).toBe(403);

  expect((await admin.post(`/api/admin/ip-information/${ipci.id}/takedown`, { reason: '  ' })).status).toBe(400);
  expect((await admin.post(`/api/admin/ip-information/${ipci.id}/relist`)).status).toBe(409);
  const down = await admin.post(`/api/admin/ip-information/${ipci.id}/takedown`, { reason: 'Reported as infringing; under investigation' });
  expect(down.status).toBe(200);
  expect(down.body.ip).toMatchObject({ listed: false, state: 'takenDown', staffTakeDown: { reason: 'Reported as infringing; under investigation' } });
  expect((await admin.post(`/api/admin/ip-information/${ipci.id}/takedown`, { reason: 'Twice' })).status).toBe(409);
  expect((await admin.get(`/api/admin/ip-information?status=staffTakenDown&q=${ipci.code}`)).body.items).toHaveLength(1);
  expect((await admin.get(`/api/admin/ip-information?status=listed&q=${ipci.code}`)).body.items).toHaveLength(0);
  expect(await messageOf(holder.caller, 'ipciStaffTakenDown')).toMatchObject({ params: { code: ipci.code, reason: 'Reported as infringing; under investigation' } });
  expect((await holder.caller.post('/api/ipcis/relist', { ids: [ipci.id], kind: 'trade' })).body.results[0].ok).toBe(false);
  expect((await new Caller().get(`/api/public/ipci/${ipci.code}`)).body.ipci.verifiable).toBe(true);

  expect((await admin.post(`/api/admin/ip-information/${ipci.id}/relist`)).body.ip).toMatchObject({ listed: true, staffTakeDown: null });
  await messageOf(holder.caller, 'ipciStaffRelisted');
  const events = await eventually(async () => {
    const r = await holder.caller.get(`/api/cases/ipciLifecycle/${ipci.id}`);
    return r.body.events?.length >= 4 && r.body.events;
  });
  expect(events.map((e: any) => `${e.step}:${e.status}`)).toEqual(['issued:done', 'published:done', 'staffTakeDown:current', 'staffTakeDown:done']);
  expect(events[2]).toMatchObject({ actor: 'staff', reasons: { takeDown: 'Reported as infringing; under investigation' } });
  // The owner's own trade take-down stays when staff relist after theirs.
  expect((await holder.caller.post('/api/ipcis/takedown', { ids: [ipci.id], kind: 'trade' })).body.results[0].ok).toBe(true);
  await admin.post(`/api/admin/ip-information/${ipci.id}/takedown`, { reason: 'Again' });
  expect((await admin.post(`/api/admin/ip-information/${ipci.id}/relist`)).body.ip).toMatchObject({ listed: false, takenDown: ['trade'], staffTakeDown: null });
  expect((await holder.caller.post('/api/ipcis/relist', { ids: [ipci.id], kind: 'trade' })).body.results[0].ok).toBe(true);
  await ipci.handle.executeUpdate('revokeIpci', { args: [{ reason: 'End of the story' }] });
  await ipci.handle.result();
  await saveHistory(temporal, ipci.handle.workflowId, 'ipciLifecycle-staff-takedown-relist-revoke');
});
