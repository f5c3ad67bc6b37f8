import { Caller, eventually, personalData, png, signedIn, taskPath, testDb } from '../support/http';
import { staffAndTemporal } from '../support/staffAndTemporal';

const { temporal, reviewer, admin } = staffAndTemporal();

async function taskOf(caseId: string, round: number) {
  return eventually(async () => {
    const r = await reviewer.get(`/api/tasks?queue=identity&limit=100`);
    return r.body.items.find((t: any) => t.caseId === caseId && t.id.endsWith(`/review/${round}`));
  });
}

test('submit → claim → fail with a reason → correct the flagged photo → approve → verified', async () => {
  const { user, caller } = await signedIn('personal');
  const photo = (await caller.upload('idPhoto', await png(), 'front.png')).body.id;

  const submitted = await caller.post('/api/identity', { kind: 'personal', data: personalData(photo) });
  expect(submitted.status).toBe(201);
  const caseId = submitted.body.certification.id;
  expect(submitted.body.certification.state).toBe(1);
  expect((await caller.post('/api/identity', { kind: 'personal', data: personalData(photo) })).status).toBe(409);
  expect((await caller.get('/api/auth/me')).body.user.identityState).toBe(1);

  const task = await taskOf(caseId, 1);
  expect(task).toMatchObject({ queue: 'identity', status: 'open', slaWorkingDays: 5, dueProvisional: false });
  const detail = await reviewer.get(taskPath(task.id));
  expect(detail.body.subject.certification.data.idNumber).toBe('11010519491231002X');
  expect(detail.body.fields).toContain('idFront');
  expect(detail.body.workflowUrl).toContain(encodeURIComponent(`identityReview/${caseId}`));
  expect(detail.body.subject.uploads[photo]).toMatchObject({ mime: 'image/png', width: 600, height: 400 });

  // The workflow's validator refuses a decision by anyone but the claimant, and says who holds it.
  expect((await reviewer.post(`${taskPath(task.id)}/claim`)).body.task).toMatchObject({ status: 'claimed', assigneeName: '李审' });
  const refused = await admin.post(`${taskPath(task.id)}/complete`, { outcome: 'approve', reasons: {} });
  expect(refused.status).toBe(409);
  expect(refused.body.message).toBe('This task is claimed by 李审; only they can decide it');
  const zh = new Caller('zh-CN');
  zh.cookie = admin.cookie;
  expect((await zh.post(`${taskPath(task.id)}/claim`)).body.message).toBe('该任务已由 李审 认领');

  const failed = await reviewer.post(`${taskPath(task.id)}/complete`, { outcome: 'fail', reasons: { idFront: 'The photo is blurred' } });
  expect(failed.status).toBe(200);
  expect(failed.body.task.status).toBe('done');

  const afterFail = await eventually(async () => {
    const r = await caller.get('/api/identity');
    return r.body.certification.state === 2 && r.body.certification;
  });
  expect(afterFail.flags).toEqual({ idFront: 'The photo is blurred' });
  const timeline = await eventually(async () => {
    const r = await caller.get(`/api/cases/identityReview/${caseId}`);
    return r.body.events.length >= 4 && r;
  });
  expect(timeline.body.events.map((e: any) => `${e.step}:${e.status}`)).toEqual(['submit:done', 'review:current', 'review:failed', 'correction:current']);
  expect(timeline.body.events[2]).toMatchObject({ actor: 'staff', actorName: '李审', reasons: { idFront: 'The photo is blurred' } });
  expect(timeline.body.workflowUrl).toBeNull();
  const messages = await eventually(async () => {
    const r = await caller.get('/api/messages');
    return r.body.unread > 0 && r;
  });
  expect(messages.body).toMatchObject({ unread: 1, items: [{ titleKey: 'identityFailed' }] });

  // Only the flagged photo may change.
  const newPhoto = (await caller.upload('idPhoto', await png(800, 500), 'front2.png')).body.id;
  const sneaky = await caller.put('/api/identity', { data: { ...personalData(photo), idFront: newPhoto, name: '李四' } });
  expect(sneaky.status).toBe(400);
  expect(sneaky.body.fields).toEqual({ name: 'Only the items the reviewer flagged can be changed' });
  const resubmitted = await caller.put('/api/identity', { data: { ...personalData(photo), idFront: newPhoto } });
  expect(resubmitted.status).toBe(200);
  expect(resubmitted.body.certification).toMatchObject({ state: 1, round: 2 });
  expect((await caller.put('/api/identity', { data: { ...personalData(photo), idFront: newPhoto } })).status).toBe(409);

  // The first round's task is stale now; the second round waits in the inbox.
  expect((await reviewer.post(`${taskPath(task.id)}/claim`)).body.message).toBe('This task is no longer open');
  const second = await taskOf(caseId, 2);
  const approved = await admin.post(`${taskPath(second.id)}/complete`, { outcome: 'approve', reasons: {} });
  expect(approved.status).toBe(200);

  await eventually(async () => (await caller.get('/api/auth/me')).body.user.identityState === 3);
  const handle = temporal.workflow.getHandle(`identityReview/${caseId}`);
  expect(await handle.result()).toBe('verified');
  const description = await handle.describe();
  expect(description.searchAttributes).toMatchObject({ CaseId: [caseId], CaseKind: ['identityReview'], CaseState: ['verified'], OwnerUserId: [user.id] });
  const done = await eventually(async () => {
    const r = await caller.get(`/api/cases/identityReview/${caseId}`);
    return r.body.events.some((e: any) => e.step === 'verified') && r;
  });
  expect(done.body.events.slice(-3).map((e: any) => `${e.step}:${e.status}`)).toEqual(['review:current', 'review:done', 'verified:done']);
  expect((await caller.get('/api/messages')).body.items[0].titleKey).toBe('identityVerified');
});

test('the timeline stream pushes the reviewer decision without a reload', async () => {
  const { caller } = await signedIn('personal');
  const photo = (await caller.upload('idPhoto', await png(), 'front.png')).body.id;
  const caseId = (await caller.post('/api/identity', { kind: 'personal', data: personalData(photo) })).body.certification.id;
  const task = await taskOf(caseId, 1);

  const controller = new AbortController();
  const res = await fetch(`${process.env.IPCI_TEST_API}/api/cases/identityReview/${caseId}/stream`, { headers: { cookie: caller.cookie }, signal: controller.signal });
  expect(res.headers.get('content-type')).toContain('text/event-stream');
  const reader = res.body!.getReader();
  await reviewer.post(`${taskPath(task.id)}/complete`, { outcome: 'approve', reasons: {} });
  let received = '';
  while (!received.includes('"step":"verified"')) received += new TextDecoder().decode((await reader.read()).value);
  controller.abort();
  expect(received).toContain('event: case');
  expect(received).toContain('"status":"done"');
});

test('an enterprise certification names the company in the inbox', async () => {
  const { caller } = await signedIn('enterprise');
  const licence = (await caller.upload('licence', await png(), 'licence.png')).body.id;
  const r = await caller.post('/api/identity', {
    kind: 'enterprise',
    data: { companyNameZh: '华光文化传媒有限公司', country: 'CN', licence, licenceLongTerm: true, legalRepresentative: '王五', creditCode: '91350100M000100Y43', contact: '赵六', phone: '13912345678', address: '北京市朝阳区' },
  });
  expect(r.status).toBe(201);
  const task = await taskOf(r.body.certification.id, 1);
  expect(task.title).toContain('华光文化传媒有限公司');
  const row = await testDb()('identity_certifications').where({ id: r.body.certification.id }).first();
  expect(row.kind).toBe('enterprise');
});
