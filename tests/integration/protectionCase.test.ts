import { protectionCaseActivities } from '../../activities/protectionCase';
import { insertProtectionCase } from '../../db/protection';
import { PROTECTION_REFUSAL_REASONS, PUBLICITY_NO_PATTERN, type ProtectionData } from '../../domain/protection';
import { protectionCase as protectionWorkflow } from '../../workflows/protectionCase';
import { CaseId, CaseKind, CaseState, OwnerUserId } from '../../workflows/lib/searchAttributes';
import { ipCaller } from '../support/accounts';
import { saveHistory } from '../support/histories';
import { Caller, eventually, png, signedIn, taskPath, testDb } from '../support/http';
import { certifiedUser } from '../support/identity';
import { ipciRow } from '../support/ipcis';
import { lawFirmRow } from '../support/lawFirms';
import { staffAndTemporal } from '../support/staffAndTemporal';
import { messageOf, openTask } from '../support/cases';

const { temporal, reviewer, admin } = staffAndTemporal({ caller: ipCaller });

const evidence = async (caller: Caller, name = 'proof.png') => (await caller.upload('evidence', await png(), name)).body.id as string;

const form = (ipciId: string, proof: string[], over: Partial<ProtectionData> = {}) => ({
  kind: 'administrative',
  ipciId,
  ipName: '山海图',
  ipIntroduction: 'A scroll of mountains and seas, painted in 2019.',
  infringer: '某某文化传媒有限公司',
  infringerType: 'enterprise',
  infringingWork: 'Printed T-shirts',
  scope: 'Online shops',
  infringerContact: '王五',
  infringerPhone: '010-12345678',
  address: '上海市浦东新区',
  description: 'The shop sells T-shirts printed with the painting without a licence.',
  proof,
  supplementary: [],
  mailbox: 'zhangsan@example.com',
  lawFirmId: '',
  ...over,
});

/** A certified holder (张三) with a valid IPCI naming them. */
async function holder(lang = 'en-US') {
  const who = await certifiedUser(lang);
  const ipci = await ipciRow(who.user.id, { valid_until: '2090-12-31' });
  return { ...who, ipci };
}

async function applied(over: Partial<ProtectionData> = {}) {
  const h = await holder();
  const r = await h.caller.post('/api/protection/cases', form(h.ipci.id, [await evidence(h.caller)], over));
  expect(r.status).toBe(201);
  return { ...h, case: r.body.case };
}

const decide = (taskId: string, decision: Record<string, unknown>) => reviewer.post(`${taskPath(taskId)}/complete`, { reasons: {}, ...decision });
const caseRow = (id: string) => testDb()('protection_cases').where({ id }).first();
const stateIs = (id: string, state: string) => eventually(async () => (await caseRow(id)).state === state);
const timeline = async (caller: Caller, id: string, n: number) =>
  (
    await eventually(async () => {
      const r = await caller.get(`/api/cases/protectionCase/${id}`);
      return r.body.events?.length >= n && r;
    })
  ).body.events as any[];

test('administrative: accepted, progress, supplement asked for and given, processed with a publicity number and a draft entry', async () => {
  const { caller, user, ipci, case: created } = await applied();
  expect(created).toMatchObject({ state: 'acceptance', kind: 'administrative', ipciId: ipci.id, code: ipci.code, lawFirm: null, updates: [] });
  const id = created.id;

  // Nobody else reads the case or supplies to it; the generic timeline is the owner's and staff's.
  const stranger = (await certifiedUser()).caller;
  expect((await stranger.get(`/api/protection/cases/${id}`)).status).toBe(404);
  expect((await stranger.post(`/api/protection/cases/${id}/supplements`, { materials: [await evidence(stranger)] })).status).toBe(404);

  const acceptance = await openTask('protectionCase', id, 'acceptance');
  expect(acceptance).toMatchObject({ queue: 'protection', candidate_role: 'reviewer' });
  const detail = (await reviewer.get(taskPath(acceptance.id))).body;
  expect(detail.subject.case).toMatchObject({ id, data: { ipName: '山海图' } });
  expect(detail.subject.user).toMatchObject({ id: user.id });
  expect(Object.keys(detail.subject.uploads)).toEqual(created.data.proof);
  expect(detail.categories).toEqual([...PROTECTION_REFUSAL_REASONS]);
  expect(detail.fields).toContain('description');
  // The reply is promised by the acceptance task's due date.
  const due = await eventually(async () => (await caseRow(id)).reply_due_at);
  expect(due.toISOString()).toBe(acceptance.due_at.toISOString());
  expect((await caller.get(`/api/protection/cases/${id}`)).body.case.replyDueAt).toBe(due.toISOString());
  await messageOf(caller, 'protectionSubmitted');

  // Progress is for cases in processing only; supplements only when asked for.
  expect((await admin.post(`/api/protection/cases/${id}/progress`, { note: 'Too early' })).status).toBe(409);
  expect((await decide(acceptance.id, { outcome: 'approve' })).status).toBe(200);
  await stateIs(id, 'processing');
  const accepted = await messageOf(caller, 'protectionAccepted');
  expect(accepted.actionLink).toBe(`usercenter/protectdetail/${id}`);
  expect((await caller.post(`/api/protection/cases/${id}/supplements`, { materials: [await evidence(caller)] })).status).toBe(409);

  const staffFile = await evidence(admin, 'notice.png');
  // Staff attach their own uploads only.
  expect((await admin.post(`/api/protection/cases/${id}/progress`, { note: 'x', attachments: [await evidence(caller)] })).status).toBe(400);
  const posted = await admin.post(`/api/protection/cases/${id}/progress`, { note: 'We wrote to the shop.', attachments: [staffFile] });
  expect(posted.status).toBe(200);
  expect(posted.body.case.updates).toMatchObject([{ kind: 'progress', author: 'staff', note: 'We wrote to the shop.', attachments: [staffFile] }]);
  const news = await messageOf(caller, 'protectionProgress');
  expect(news).toMatchObject({ bodyKey: 'protectionNote', params: { code: ipci.code, note: 'We wrote to the shop.' } });
  // The applicant reads staff's attachment; a stranger does not.
  expect((await caller.get(`/api/uploads/${staffFile}`)).status).toBe(200);
  expect((await stranger.get(`/api/uploads/${staffFile}`)).status).toBe(404);

  // Reviewers working the inbox post progress as well; the applicant cannot.
  expect((await caller.post(`/api/protection/cases/${id}/progress`, { note: 'Self-praise' })).status).toBe(403);
  const asked = await reviewer.post(`/api/protection/cases/${id}/progress`, { note: 'Please send the shop receipts.', requestSupplement: true });
  expect(asked.body.case).toMatchObject({ supplementRequested: true });
  const ask = await messageOf(caller, 'protectionSupplementRequested');
  expect(ask.actionLink).toBe(`usercenter/rightprotectupdate/${id}`);
  expect((await caller.post(`/api/protection/cases/${id}/supplements`, { materials: [] })).status).toBe(400);
  expect((await caller.post(`/api/protection/cases/${id}/supplements`, { materials: [staffFile] })).status).toBe(400);
  const receipt = await evidence(caller, 'receipt.png');
  const supplied = await caller.post(`/api/protection/cases/${id}/supplements`, { note: 'Receipts attached', materials: [receipt] });
  expect(supplied.status).toBe(200);
  expect(supplied.body.case.supplementRequested).toBe(false);
  expect(supplied.body.case.updates.map((u: any) => `${u.kind}:${u.author}`)).toEqual(['progress:staff', 'supplementRequest:staff', 'supplement:user']);
  expect((await caller.post(`/api/protection/cases/${id}/supplements`, { materials: [receipt] })).status).toBe(409);
  const staffView = (await admin.get(`/api/admin/protection/cases/${id}`)).body;
  expect(staffView).toMatchObject({ applicant: { id: user.id }, task: { step: 'processing', status: 'open' }, workflowUrl: expect.stringContaining('protectionCase') });
  expect(Object.keys(staffView.uploads).sort()).toEqual([...created.data.proof, staffFile, receipt].sort());

  const processing = await openTask('protectionCase', id, 'processing');
  const shape = (await reviewer.get(taskPath(processing.id))).body;
  expect(shape.values).toEqual(['result', 'publish']);
  expect((await decide(processing.id, { outcome: 'approve', values: { result: 'resolved', publish: 'yes' } })).status).toBe(400);
  expect((await decide(processing.id, { outcome: 'approve', values: { result: 'resolved', publish: 'yes' }, comment: 'The shop stopped selling.' })).status).toBe(200);
  expect(await temporal.workflow.getHandle(`protectionCase/${id}`).result()).toBe('processed');

  const done = (await caller.get(`/api/protection/cases/${id}`)).body.case;
  expect(done).toMatchObject({ state: 'processed', result: 'resolved', outcome: 'The shop stopped selling.', supplementRequested: false, processedAt: expect.any(String) });
  expect(done.publicityNo).toMatch(PUBLICITY_NO_PATTERN);
  const draft = await testDb()('protection_publicity').where({ case_id: id }).first();
  expect(draft).toMatchObject({ publicity_no: done.publicityNo, published: false, kind: 'administrative' });
  const told = await messageOf(caller, 'protectionProcessed');
  expect(told).toMatchObject({ bodyKey: 'protectionOutcomePublicity', params: { result: 'resolved', publicityNo: done.publicityNo } });
  expect((await admin.post(`/api/protection/cases/${id}/progress`, { note: 'Late' })).status).toBe(409);

  const events = await timeline(caller, id, 10);
  const steps = events.map((e: any) => `${e.step}:${e.status}`);
  expect(steps.slice(0, 3)).toEqual(['submitted:done', 'acceptance:current', 'acceptance:done']);
  expect(steps.slice(3, 6)).toEqual(['processing:current', 'processing:current', 'processing:current']);
  expect(steps.slice(6)).toEqual(['supplement:current', 'supplement:done', 'processing:done', 'processed:done']);
  expect(events.filter((e: any) => e.step === 'processing' && e.reasons?.note).map((e: any) => e.reasons.note)).toEqual(['We wrote to the shop.', 'Please send the shop receipts.']);

  // The user's tabs and the back office's filters.
  expect((await caller.get('/api/protection/cases?tab=processed')).body.items.map((c: any) => c.id)).toEqual([id]);
  expect((await caller.get('/api/protection/cases?tab=processing')).body.items).toEqual([]);
  const listed = (await admin.get(`/api/admin/protection/cases?state=processed&kind=administrative&q=${ipci.code}`)).body.items;
  expect(listed).toMatchObject([{ id, applicant: { id: user.id } }]);
  expect((await admin.get(`/api/admin/protection/cases?state=refused&q=${ipci.code}`)).body.items).toEqual([]);
  expect((await admin.get(`/api/admin/protection/cases?q=${encodeURIComponent(user.username)}`)).body.items.map((c: any) => c.id)).toEqual([id]);
  expect((await reviewer.get('/api/admin/protection/cases')).status).toBe(403);
  await saveHistory(temporal, `protectionCase/${id}`, 'protectionCase-accept-progress-supplement-processed');
});

test('staff refuse with each of the five reasons: the user is told the reason and the flagged fields', async () => {
  const cases = await Promise.all(PROTECTION_REFUSAL_REASONS.map(() => applied()));
  await Promise.all(
    cases.map(async ({ case: c }, i) => {
      const task = await openTask('protectionCase', c.id, 'acceptance');
      expect((await decide(task.id, { outcome: 'fail', reasons: { description: 'Not enough' } })).status).toBe(400);
      const r = await decide(task.id, { outcome: 'fail', category: PROTECTION_REFUSAL_REASONS[i], reasons: { description: 'The evidence does not show the sale' } });
      expect(r.status).toBe(200);
      expect(await temporal.workflow.getHandle(`protectionCase/${c.id}`).result()).toBe('refused');
    }),
  );
  for (const [i, { caller, case: c }] of cases.entries()) {
    const mine = (await caller.get(`/api/protection/cases/${c.id}`)).body.case;
    expect(mine).toMatchObject({ state: 'refused', refusalReason: PROTECTION_REFUSAL_REASONS[i], reviewFlags: { description: 'The evidence does not show the sale' } });
    expect(await messageOf(caller, 'protectionRefused')).toMatchObject({ bodyKey: 'protectionRefusalReason', params: { reason: PROTECTION_REFUSAL_REASONS[i] } });
    expect((await caller.get('/api/protection/cases?tab=processed')).body.items.map((x: any) => x.id)).toEqual([c.id]);
  }
  const events = await timeline(cases[0].caller, cases[0].case.id, 4);
  expect(events.map((e: any) => `${e.step}:${e.status}`)).toEqual(['submitted:done', 'acceptance:current', 'acceptance:failed', 'refused:done']);
  await saveHistory(temporal, `protectionCase/${cases[0].case.id}`, 'protectionCase-refused');
});

test('an IPCI revoked before acceptance: the workflow refuses by itself, no task is opened', async () => {
  const h = await holder();
  const row = await insertProtectionCase(testDb(), h.user.id, form(h.ipci.id, [await evidence(h.caller)]) as ProtectionData);
  await testDb()('ipcis').where({ id: h.ipci.id }).update({ invalid_at: new Date(), invalid_reason: 'revoked' });
  await temporal.workflow.start(protectionWorkflow, {
    taskQueue: process.env.TEMPORAL_TASK_QUEUE!,
    workflowId: row.workflow_id,
    args: [{ caseId: row.id, userId: h.user.id, kind: 'administrative', code: h.ipci.code }],
    typedSearchAttributes: [
      { key: CaseId, value: row.id },
      { key: CaseKind, value: 'protectionCase' },
      { key: CaseState, value: 'acceptance' },
      { key: OwnerUserId, value: h.user.id },
    ],
  });
  expect(await temporal.workflow.getHandle(row.workflow_id).result()).toBe('refused');
  expect(await caseRow(row.id)).toMatchObject({ state: 'refused', refusal_reason: 'noValidIpci' });
  expect(await testDb()('tasks').where({ case_kind: 'protectionCase', case_id: row.id }).first()).toBeUndefined();
  expect(await messageOf(h.caller, 'protectionRefused')).toMatchObject({ params: { reason: 'noValidIpci' } });
  const events = await timeline(h.caller, row.id, 3);
  expect(events.map((e: any) => `${e.step}:${e.status}:${e.actor}`)).toEqual(['submitted:done:user', 'acceptance:failed:system', 'refused:done:system']);
  await saveHistory(temporal, row.workflow_id, 'protectionCase-auto-refused');
});

test('the form rules through the API: holder, valid IPCI, own files, required fields in the caller language, a listed firm for legal help', async () => {
  const h = await holder();
  const proof = [await evidence(h.caller)];
  const refused = async (ipciOver: Record<string, unknown>, message: string) => {
    const ipci = await ipciRow(h.user.id, { valid_until: '2090-12-31', ...ipciOver });
    const r = await h.caller.post('/api/protection/cases', form(ipci.id, proof));
    expect(r.status).toBe(422);
    expect(r.body.fields).toEqual({ ipciId: message });
    return ipci.id;
  };
  const notHolder = await refused({ holder: '李四' }, 'You are not the holder named on this IPCI; only the holder named on an IPCI may apply for rights protection');
  const invalid = 'This IPCI is no longer valid (expired, revoked or taken down for title), so it cannot be used for rights protection';
  const expired = await refused({ valid_until: '2020-01-01' }, invalid);
  await refused({ invalid_at: new Date(), invalid_reason: 'revoked' }, invalid);
  await refused({ title_taken_down: true }, invalid);
  // A holder name written differently (width, case, spaces) is the same name.
  const spaced = await ipciRow(h.user.id, { holder: ' 张三 ', valid_until: null });
  expect((await h.caller.post('/api/protection/cases', form(spaced.id, proof))).status).toBe(201);
  // Newest first, one page at a time.
  const second = (await h.caller.post('/api/protection/cases', form(h.ipci.id, proof))).body.case.id;
  const first = (await h.caller.get('/api/protection/cases?tab=processing&limit=1')).body;
  expect(first.items.map((c: any) => c.id)).toEqual([second]);
  const rest = (await h.caller.get(`/api/protection/cases?tab=processing&limit=1&after=${first.next}`)).body;
  expect(rest.items.map((c: any) => c.data.ipciId)).toEqual([spaced.id]);
  expect(rest.next).toBeNull();
  expect((await h.caller.get('/api/protection/cases?after=nonsense')).status).toBe(400);

  // Someone else's IPCI, even naming the same person.
  const other = await holder();
  const theirs = await h.caller.post('/api/protection/cases', form(other.ipci.id, proof));
  expect(theirs.status).toBe(422);
  expect(Object.keys(theirs.body.fields)).toEqual(['ipciId']);

  // The form offers every IPCI of the caller with the rule it fails.
  const choices = (await h.caller.get('/api/protection/ipcis')).body;
  expect(choices.certified).toBe(true);
  const refusal = Object.fromEntries(choices.ipcis.map((c: any) => [c.ipciId, c.refusal]));
  expect(refusal).toMatchObject({ [h.ipci.id]: null, [notHolder]: 'notNamedHolder', [expired]: 'noValidIpci', [spaced.id]: null });
  const plain = await signedIn('personal');
  expect((await plain.caller.get('/api/protection/ipcis')).body).toEqual({ certified: false, ipcis: [] });
  expect((await plain.caller.post('/api/protection/cases', form(h.ipci.id, []))).status).toBe(403);

  // Files must be the caller's evidence uploads.
  const foreign = await h.caller.post('/api/protection/cases', form(h.ipci.id, [await evidence(other.caller)]));
  expect(foreign.status).toBe(400);
  expect(Object.keys(foreign.body.fields)).toEqual(['proof[0]']);

  for (const [lang, required] of [
    ['zh-CN', '此项为必填项'],
    ['ja-JP', 'この項目は必須です'],
  ]) {
    const local = await holder(lang);
    const r = await local.caller.post('/api/protection/cases', { kind: 'administrative', ipciId: local.ipci.id });
    expect(r.status).toBe(400);
    expect(r.body.fields).toMatchObject({ ipName: required, ipIntroduction: required, description: required });
  }

  const noFirm = await h.caller.post('/api/protection/cases', form(h.ipci.id, proof, { kind: 'legal' }));
  expect(noFirm.status).toBe(400);
  expect(noFirm.body.fields).toEqual({ lawFirmId: 'Choose a listed law firm' });
  const firmOwner = await signedIn('enterprise');
  const lapsed = await lawFirmRow(firmOwner.user.id, { state: 'lapsed' });
  for (const lawFirmId of [lapsed.id, '8c1b7f9e-1d2a-4c3b-9e8f-0a1b2c3d4e5f']) {
    const r = await h.caller.post('/api/protection/cases', form(h.ipci.id, proof, { kind: 'legal', lawFirmId }));
    expect(r.status).toBe(422);
    expect(r.body.fields).toEqual({ lawFirmId: 'The law firm you chose is not listed in the directory' });
  }
  expect((await h.caller.post('/api/protection/cases', form(h.ipci.id, proof, { lawFirmId: lapsed.id }))).status).toBe(400);
});

test('legal: on acceptance the case goes to the chosen firm by e-mail exactly once, and the user is told', async () => {
  const firmOwner = await signedIn('enterprise');
  const email = `ip-${Date.now()}@firm.example`;
  const firm = await lawFirmRow(firmOwner.user.id, { data: { email } });
  const { caller, case: c } = await applied({ kind: 'legal', lawFirmId: firm.id, supplementary: [] });
  expect(c.lawFirm).toMatchObject({ id: firm.id, names: { zh: '金诚律师事务所' } });
  expect(await testDb()('outbox').where({ recipient: email }).first()).toBeUndefined();
  await decide((await openTask('protectionCase', c.id, 'acceptance')).id, { outcome: 'approve' });
  await messageOf(caller, 'protectionHandedOver');
  const mails = await testDb()('outbox').where({ recipient: email });
  expect(mails).toHaveLength(1);
  expect(mails[0]).toMatchObject({ dedupe_key: `protectionCase/${c.id}/lawFirm`, purpose: 'protectionHandOver', subject: expect.stringContaining(c.code) });
  expect(mails[0].body).toContain('proof.png');
  expect(mails[0].body).toContain('zhangsan@example.com');
  expect(mails[0].body).toContain('某某文化传媒有限公司');
  // A retried send finds the mail and adds none.
  expect(await protectionCaseActivities(testDb()).handProtectionToLawFirm({ caseId: c.id, dedupeKey: `protectionCase/${c.id}/lawFirm` })).toBe(true);
  expect(await testDb()('outbox').where({ dedupe_key: `protectionCase/${c.id}/lawFirm` })).toHaveLength(1);
});
