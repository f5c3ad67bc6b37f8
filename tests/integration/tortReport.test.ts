import { TORT_DISMISS_REASONS } from '../../domain/monitoring';
import { CaseKind } from '../../workflows/lib/searchAttributes';
import { ipCaller } from '../support/accounts';
import { messageOf, openTask, stepsOf } from '../support/cases';
import { saveHistory } from '../support/histories';
import { eventually, png, taskPath, testDb } from '../support/http';
import { certifiedUser } from '../support/identity';
import { staffAndTemporal } from '../support/staffAndTemporal';
import { holderWithSuspect } from '../support/tortReports';

const { temporal, reviewer, admin } = staffAndTemporal({ caller: ipCaller });

const decide = (taskId: string, decision: Record<string, unknown>) => reviewer.post(`${taskPath(taskId)}/complete`, { reasons: {}, ...decision });
const reportRow = (id: string) => testDb()('tort_reports').where({ id }).first();

/** A holder's suspect, its draft, and the report sent with the draft as it came. */
async function reported(lang = 'en-US') {
  const h = await holderWithSuspect(lang);
  const draft = await h.caller.get(`/api/suspects/${h.suspect.id}/report-draft`);
  expect(draft.status).toBe(200);
  const sent = await h.caller.post(`/api/suspects/${h.suspect.id}/report`, { application: draft.body.application });
  expect(sent.status).toBe(201);
  return { ...h, application: draft.body.application, report: sent.body.report };
}

test('the draft is prefilled from the suspect and its evidence, with an evidence report and the copy made once as the user\'s proof', async () => {
  const h = await holderWithSuspect('en-US');
  const path = `/api/suspects/${h.suspect.id}/report-draft`;
  // Nobody else drafts from it: another user's suspect does not exist for them.
  const stranger = (await certifiedUser()).caller;
  expect((await stranger.get(path)).status).toBe(404);
  expect((await admin.get(path)).status).toBe(403);

  const first = await h.caller.get(path);
  expect(first.status).toBe(200);
  const a = first.body.application;
  expect(a).toMatchObject({
    kind: 'administrative',
    ipciId: h.ipci.id,
    ipName: 'Mountains and Seas',
    infringer: 'shop.example.com',
    infringingWork: '山海图 T恤 热卖',
    scope: `Online: ${h.suspect.page_url}`,
    supplementary: [],
    lawFirmId: '',
  });
  // The evidence summarised in the reader's language: where, the distance, the keywords, the snapshot's hash.
  expect(a.description).toContain(h.suspect.number);
  expect(a.description).toContain(h.suspect.page_url);
  expect(a.description).toContain('differ in 12 of 256 bits');
  expect(a.description).toContain('山海图');
  expect(a.description).toContain('a'.repeat(64));
  expect(a.proof).toHaveLength(2);
  const [pdf, copy] = a.proof.map((id: string) => first.body.uploads[id]);
  expect(pdf).toMatchObject({ kind: 'evidence', mime: 'application/pdf', originalName: `Evidence report ${h.suspect.number}.pdf` });
  // The WebP the crawler kept becomes a PNG evidence picture.
  expect(copy).toMatchObject({ kind: 'evidence', mime: 'image/png', width: 300, height: 300 });

  // Made once: a second draft offers the same files.
  const again = await h.caller.get(path);
  expect(again.body.application.proof).toEqual(a.proof);
  expect(await testDb()('uploads').whereLike('storage_key', `evidence/suspects/${h.suspect.id}/%`).count('* as n').first()).toEqual({ n: '2' });

  const file = await fetch(`${process.env.IPCI_TEST_API}/api/uploads/${a.proof[0]}`, { headers: { cookie: h.caller.cookie } });
  expect(file.status).toBe(200);
  const bytes = Buffer.from(await file.arrayBuffer());
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  expect(bytes.length).toBeGreaterThan(5000);

  // A Chinese reader's draft is in Chinese.
  const zh = await holderWithSuspect('zh-CN', { evidence: { kind: 'image', method: 'local', inliers: 40, overlap: 0.82, transform: { scale: 0.9, rotationDeg: 3, dx: 10, dy: 5 } } });
  const zhDraft = (await zh.caller.get(`/api/suspects/${zh.suspect.id}/report-draft`)).body.application;
  expect(zhDraft.ipName).toBe('山海图');
  expect(zhDraft.description).toContain('包含我方比对图片的 82%');
  expect(zhDraft.description).toContain('40 个匹配点');
});

test('bad reports are refused and change nothing; a suspect is reported once', async () => {
  const h = await holderWithSuspect();
  const path = `/api/suspects/${h.suspect.id}/report`;
  const { application } = (await h.caller.get(`/api/suspects/${h.suspect.id}/report-draft`)).body;
  expect((await h.caller.post(path, {})).status).toBe(400);
  expect((await h.caller.post(path, { application: { ...application, description: '' } })).status).toBe(400);
  expect((await h.caller.post(path, { application: { ...application, ipName: ['x'] } })).status).toBe(400);
  // Another IPCI of the user's own is not what the infringement was found for.
  const other = await testDb()('ipcis').where({ user_id: h.user.id }).first('id');
  const { ipciRow } = await import('../support/ipcis');
  const second = await ipciRow(h.user.id, { valid_until: '2090-12-31' });
  expect(other.id).toBe(h.ipci.id);
  const mismatch = await h.caller.post(path, { application: { ...application, ipciId: second.id } });
  expect(mismatch.status).toBe(422);
  expect(mismatch.body.fields['application.ipciId']).toBeDefined();
  // Another user's file as proof; a legal case without a listed firm.
  const strangerFile = (await (await certifiedUser()).caller.upload('evidence', await png(), 'x.png')).body.id;
  expect((await h.caller.post(path, { application: { ...application, proof: [...application.proof, strangerFile] } })).status).toBe(400);
  expect((await h.caller.post(path, { application: { ...application, kind: 'legal', lawFirmId: strangerFile } })).status).toBe(422);
  // The IPCI lapsed since the draft: the protection form's own rule refuses it.
  await testDb()('ipcis').where({ id: h.ipci.id }).update({ valid_until: '2020-01-01' });
  expect((await h.caller.post(path, { application })).status).toBe(422);
  await testDb()('ipcis').where({ id: h.ipci.id }).update({ valid_until: '2090-12-31' });
  expect(await testDb()('tort_reports').where({ suspect_id: h.suspect.id }).first()).toBeUndefined();
  expect((await testDb()('suspects').where({ id: h.suspect.id }).first()).state).toBe('new');

  // Another user cannot report it; the owner can, once.
  expect((await (await certifiedUser()).caller.post(path, { application })).status).toBe(404);
  const sent = await h.caller.post(path, { application });
  expect(sent.status).toBe(201);
  expect(sent.body.report).toMatchObject({ suspectId: h.suspect.id, suspectNumber: h.suspect.number, state: 'review', protectionCaseId: null, application });
  expect((await testDb()('suspects').where({ id: h.suspect.id }).first()).state).toBe('reported');
  expect((await h.caller.post(path, { application })).status).toBe(409);
  expect((await h.caller.get(`/api/suspects/${h.suspect.id}/report-draft`)).status).toBe(409);
});

test('confirmed in the tort queue, the report becomes a protection case with its application and proof', async () => {
  const { caller, user, suspect, application, report, originalUploadId } = await reported();
  const id = report.id;
  const stranger = (await certifiedUser()).caller;
  expect((await caller.get(`/api/tort-reports/${id}`)).body.report).toMatchObject({ id, state: 'review' });
  expect((await stranger.get(`/api/tort-reports/${id}`)).status).toBe(404);
  expect((await stranger.get(`/api/cases/tortReport/${id}`)).status).toBe(403);
  await messageOf(caller, 'tortReportSubmitted');

  const task = await openTask('tortReport', id, 'review');
  expect(task).toMatchObject({ queue: 'tort', candidate_role: 'reviewer', title: `${suspect.number} 山海图 (${user.username})` });
  const detail = (await reviewer.get(taskPath(task.id))).body;
  expect(detail.categories).toEqual([...TORT_DISMISS_REASONS]);
  expect(detail.fields).toContain('evidence');
  expect(detail.subject).toMatchObject({
    report: { id, application },
    suspect: { id: suspect.id, number: suspect.number, website: 'shop.example.com', evidence: { distance: 12 }, originalUploadId, hasCopy: true, snapshot: { sha256: 'a'.repeat(64), text: '山海图 T恤，纯棉，全国包邮。' } },
    user: { id: user.id },
  });
  expect(Object.keys(detail.subject.uploads).sort()).toEqual([...application.proof].sort());
  // Staff see the original and the copy as found; the copy is answered as the picture it decodes to.
  expect((await reviewer.get(`/api/uploads/${originalUploadId}`)).status).toBe(200);
  const copy = await fetch(`${process.env.IPCI_TEST_API}/api/tort-reports/${id}/copy`, { headers: { cookie: reviewer.cookie } });
  expect(copy.status).toBe(200);
  expect(copy.headers.get('content-type')).toBe('image/webp');
  expect((await stranger.get(`/api/tort-reports/${id}/copy`)).status).toBe(404);

  expect((await decide(task.id, { outcome: 'approve' })).status).toBe(200);
  expect(await temporal.workflow.getHandle(`tortReport/${id}`).result()).toBe('caseStarted');
  const row = await reportRow(id);
  expect(row).toMatchObject({ state: 'caseStarted', protection_case_id: expect.any(String), decided_at: expect.any(Date) });
  const caseId = row.protection_case_id;
  const confirmed = await messageOf(caller, 'tortReportConfirmed');
  expect(confirmed.actionLink).toBe(`usercenter/protectdetail/${caseId}`);

  // The case is the protection form's: the same application and proof, its own workflow waiting for acceptance.
  const protection = (await caller.get(`/api/protection/cases/${caseId}`)).body;
  expect(protection.case).toMatchObject({ id: caseId, state: 'acceptance', kind: 'administrative', data: application });
  expect(Object.keys(protection.uploads).sort()).toEqual([...application.proof].sort());
  await openTask('protectionCase', caseId, 'acceptance');
  const description = await temporal.workflow.getHandle(`protectionCase/${caseId}`).describe();
  expect(description.status.name).toBe('RUNNING');
  expect(description.typedSearchAttributes.get(CaseKind)).toBe('protectionCase');
  expect((await caller.get(`/api/tort-reports/${id}`)).body.report).toMatchObject({ state: 'caseStarted', protectionCaseId: caseId });
  expect(await stepsOf(caller, 'tortReport', id)).toEqual(['reported:done', 'review:current', 'review:done', 'caseStarted:done']);

  // The back office shows it, its evidence and no open task any more.
  const list = (await admin.get('/api/admin/tort-reports?state=caseStarted')).body;
  expect(list.items.find((r: any) => r.id === id)).toMatchObject({ reporter: { id: user.id }, website: 'shop.example.com', protectionCaseId: caseId });
  const staffView = (await admin.get(`/api/admin/tort-reports/${id}`)).body;
  expect(staffView).toMatchObject({ report: { id }, suspect: { id: suspect.id }, reporter: { id: user.id }, task: null, workflowUrl: expect.stringContaining('tortReport') });
  await saveHistory(temporal, `tortReport/${id}`, 'tortReport-confirmed-case-started');
});

test('dismissed with a reason: the user is told why, and no case starts', async () => {
  const { caller, report } = await reported('zh-CN');
  const id = report.id;
  const task = await openTask('tortReport', id, 'review');
  // A dismissal names a category and flags what is wrong.
  expect((await decide(task.id, { outcome: 'fail', category: 'insufficientEvidence' })).status).toBe(400);
  expect((await decide(task.id, { outcome: 'fail', category: 'nonsense', reasons: { evidence: 'x' } })).status).toBe(400);
  const done = await decide(task.id, { outcome: 'fail', category: 'authorised', reasons: { evidence: '该网站是授权经销商' }, comment: '见授权书' });
  expect(done.status).toBe(200);
  expect(await temporal.workflow.getHandle(`tortReport/${id}`).result()).toBe('dismissed');
  expect(await reportRow(id)).toMatchObject({ state: 'dismissed', reason: 'authorised', comment: '见授权书', protection_case_id: null });
  const told = await messageOf(caller, 'tortReportDismissed');
  expect(told).toMatchObject({ bodyKey: 'tortReportDismissReason', params: { reason: 'authorised', comment: '见授权书' }, actionLink: `usercenter/suspecttort/${report.suspectId}` });
  expect(await stepsOf(caller, 'tortReport', id)).toEqual(['reported:done', 'review:current', 'review:failed', 'dismissed:done']);
  expect(await testDb()('protection_cases').where({ user_id: (await testDb()('tort_reports').where({ id }).first()).user_id }).first()).toBeUndefined();
  await saveHistory(temporal, `tortReport/${id}`, 'tortReport-dismissed');
});

test('the back office is the admin\'s: reviewers and users are refused, lists page by keyset', async () => {
  const { report } = await reported();
  for (const path of ['/api/admin/tort-reports', `/api/admin/tort-reports/${report.id}`]) {
    expect((await reviewer.get(path)).status).toBe(403);
    expect((await (await certifiedUser()).caller.get(path)).status).toBe(403);
  }
  expect((await admin.get('/api/admin/tort-reports?state=bogus')).status).toBe(400);
  expect((await admin.get('/api/admin/tort-reports?after=garbage')).status).toBe(400);
  expect((await admin.get(`/api/admin/tort-reports/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}`)).status).toBe(404);
  await reported();
  const first = (await admin.get('/api/admin/tort-reports?limit=1')).body;
  expect(first.items).toHaveLength(1);
  const second = (await admin.get(`/api/admin/tort-reports?limit=1&after=${first.next}`)).body;
  expect(second.items[0].id).not.toBe(first.items[0].id);
  expect((await admin.get(`/api/admin/tort-reports?q=${report.suspectNumber}`)).body.items.map((r: any) => r.id)).toEqual([report.id]);
  await eventually(async () => (await openTask('tortReport', report.id, 'review')) && true);
});
