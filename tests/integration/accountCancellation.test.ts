import { codeFor, ipCaller, uniqueEmail, uniquePhone } from '../support/accounts';
import { Caller, eventually, newUser, taskPath, testDb } from '../support/http';
import { staffAndTemporal } from '../support/staffAndTemporal';

const { temporal, reviewer, admin } = staffAndTemporal({ caller: ipCaller });

/** A signed-in person with a bound e-mail and phone. */
async function account() {
  const user = await newUser('personal');
  const email = uniqueEmail().toLowerCase();
  const phone = uniquePhone();
  await testDb()('users').where({ id: user.id }).update({ email, phone, gender: 'female', introduction: 'Painter', city: '杭州', address: '西湖区 1 号', birth_date: '1990-05-01' });
  return { user, email, phone, caller: await ipCaller().login(user.username, user.password) };
}

async function request(caller: Caller, address: string, reason = 'I no longer use the platform') {
  const code = await codeFor(caller, 'cancelAccount', address);
  return caller.post('/api/security/cancellation', { reason, address, code });
}

const auditTask = (caseId: string) =>
  eventually(async () => {
    const r = await admin.get('/api/tasks?queue=cancellation&limit=100');
    return r.body.items.find((t: any) => t.caseId === caseId);
  });

const workflowOf = (caseId: string) => temporal.workflow.getHandle(`accountCancellation/${caseId}`);

test('request → audit task in the admin inbox → approve: the account is closed for good and its data handled', async () => {
  const { user, email, phone, caller } = await account();
  const other = await ipCaller().login(user.username, user.password);

  const r = await request(caller, phone);
  expect(r.status).toBe(202);
  const caseId = r.body.cancellation.id;
  expect(r.body.cancellation).toMatchObject({ status: 'pending', reason: 'I no longer use the platform' });
  expect((await caller.get('/api/security')).body.cancellation).toMatchObject({ id: caseId, status: 'pending' });

  const task = await auditTask(caseId);
  expect(task).toMatchObject({ queue: 'cancellation', status: 'open', caseKind: 'accountCancellation', slaWorkingDays: 15 });
  const detail = await admin.get(taskPath(task.id));
  expect(detail.body.subject).toMatchObject({
    cancellation: { id: caseId, reason: 'I no longer use the platform', status: 'pending', requestedAt: r.body.cancellation.requestedAt },
    user: { id: user.id, username: user.username },
  });
  expect(detail.body.fields).toEqual(['cancellationRequest']);
  expect(task.title).toBe(`${user.displayName} (${user.username})`);
  // Only admins see and decide a cancellation: a reviewer's inbox does not list it, nor open it.
  expect((await reviewer.get('/api/tasks?queue=cancellation&limit=100')).body.items.some((t: any) => t.caseId === caseId)).toBe(false);
  expect((await reviewer.get(taskPath(task.id))).status).toBe(404);
  expect((await reviewer.post(`${taskPath(task.id)}/complete`, { outcome: 'approve', reasons: {} })).status).toBe(404);

  const received = await eventually(async () => (await caller.get('/api/messages')).body.items.find((m: any) => m.titleKey === 'cancellation.received'));
  expect(received.actionLink).toBe('usercenter/cancellation');
  const staffView = await admin.get(`/api/cases/accountCancellation/${caseId}`);
  expect(staffView.body.model.kind).toBe('accountCancellation');
  expect(staffView.body.workflowUrl).toContain(encodeURIComponent(`accountCancellation/${caseId}`));

  expect((await admin.post(`${taskPath(task.id)}/complete`, { outcome: 'approve', reasons: {}, comment: 'checked' })).status).toBe(200);
  expect(await workflowOf(caseId).result()).toBe('cancelled');

  // Every session stops working at once; the password no longer signs in.
  expect((await caller.get('/api/auth/me')).body).toEqual({ user: null });
  expect((await other.get('/api/security')).status).toBe(401);
  const login = await ipCaller().post('/api/auth/login', { login: user.username, password: user.password });
  expect(login.status).toBe(403);
  // The e-mail and phone are free: someone else may register with them.
  expect((await ipCaller().post('/api/codes', { purpose: 'register', address: email })).status).toBe(202);
  expect((await ipCaller().post('/api/codes', { purpose: 'register', address: phone })).status).toBe(202);

  const row = await testDb()('users').where({ id: user.id }).first();
  expect(row).toMatchObject({ status: 'cancelled', email: null, phone: null, gender: null, introduction: null, city: null, address: null, birth_date: null, display_name: '已注销用户' });
  expect(row.cancelled_at).not.toBeNull();
  // Kept to the end of the third year after the last login (this test's, today).
  expect(row.retain_until.getFullYear()).toBe(new Date().getFullYear() + 3);
  expect(await testDb()('sessions').where({ user_id: user.id }).count({ n: '*' })).toEqual([{ n: '0' }]);
  expect(await testDb()('account_cancellations').where({ id: caseId }).first()).toMatchObject({ status: 'approved', decision_comment: 'checked' });

  const events = await eventually(async () => {
    const v = await admin.get(`/api/cases/accountCancellation/${caseId}`);
    return v.body.events.some((e: any) => e.step === 'cancelled') && v.body.events;
  });
  expect(events.map((e: any) => `${e.step}:${e.status}`)).toEqual(['request:done', 'audit:current', 'audit:done', 'cancelled:done']);
  const description = await workflowOf(caseId).describe();
  expect(description.searchAttributes).toMatchObject({ CaseId: [caseId], CaseKind: ['accountCancellation'], CaseState: ['cancelled'], OwnerUserId: [user.id] });
  expect(description.memo).toEqual({ title: `Account cancellation ${caseId}` });
});

test('reject: the account stays and the user reads the admin’s reason', async () => {
  const { user, email, phone, caller } = await account();
  const r = await request(caller, email);
  const caseId = r.body.cancellation.id;
  const task = await auditTask(caseId);
  // A rejection must say why.
  expect((await admin.post(`${taskPath(task.id)}/complete`, { outcome: 'fail', reasons: {} })).status).toBe(400);
  expect((await admin.post(`${taskPath(task.id)}/complete`, { outcome: 'fail', reasons: { cancellationRequest: 'An order of yours is still open' } })).status).toBe(200);
  expect(await workflowOf(caseId).result()).toBe('rejected');

  const mine = await caller.get('/api/security/cancellation');
  expect(mine.status).toBe(200);
  expect(mine.body.cancellation).toMatchObject({ id: caseId, status: 'rejected', decisionComment: 'An order of yours is still open' });
  const message = await eventually(async () => (await caller.get('/api/messages')).body.items.find((m: any) => m.titleKey === 'cancellation.rejected'));
  expect(message.params).toEqual({ reason: 'An order of yours is still open' });
  expect(await testDb()('users').where({ id: user.id }).first('status', 'email')).toEqual({ status: 'active', email });
  const timeline = await caller.get(`/api/cases/accountCancellation/${caseId}`);
  expect(timeline.body.events.map((e: any) => `${e.step}:${e.status}`)).toEqual(['request:done', 'audit:current', 'audit:failed', 'rejected:done']);
  expect(timeline.body.events[2].reasons).toEqual({ cancellationRequest: 'An order of yours is still open' });
  // A new request may follow a rejected one.
  expect((await request(caller, phone)).status).toBe(202);
});

test('withdraw: the pending request is settled and its open task cancelled', async () => {
  const { email, caller } = await account();
  const caseId = (await request(caller, email)).body.cancellation.id;
  const task = await auditTask(caseId);

  const w = await caller.post('/api/security/cancellation/withdraw');
  expect(w.status).toBe(200);
  expect(w.body.cancellation).toMatchObject({ id: caseId, status: 'withdrawn' });
  expect(await workflowOf(caseId).result()).toBe('withdrawn');
  expect((await admin.get(taskPath(task.id))).body.task.status).toBe('cancelled');
  // The workflow is closed: nothing can decide the task any more.
  const late = await admin.post(`${taskPath(task.id)}/complete`, { outcome: 'approve', reasons: {} });
  expect(late).toMatchObject({ status: 409, body: { message: 'This task is no longer open' } });
  expect((await admin.get(taskPath(task.id))).body.task.status).toBe('cancelled');
  expect((await caller.post('/api/security/cancellation/withdraw')).status).toBe(409);
  expect((await caller.get('/api/auth/me')).status).toBe(200);
  const timeline = await caller.get(`/api/cases/accountCancellation/${caseId}`);
  expect(timeline.body.events.map((e: any) => `${e.step}:${e.status}`)).toEqual(['request:done', 'audit:current', 'audit:done', 'withdrawn:done']);
});

test('bad input starts nothing: wrong code, another account’s address, missing reason; a second pending request is 409', async () => {
  const { user, email, phone, caller } = await account();
  const stranger = await account();
  const started = async () => Number((await testDb()('account_cancellations').where({ user_id: user.id }).count({ n: '*' }))[0].n);

  const code = await codeFor(caller, 'cancelAccount', email);
  const wrong = await caller.post('/api/security/cancellation', { reason: 'Moving abroad', address: email, code: code === '000000' ? '111111' : '000000' });
  expect(wrong.status).toBe(400);
  expect(Object.keys(wrong.body.fields)).toEqual(['code']);

  const theirs = await caller.post('/api/security/cancellation', { reason: 'Moving abroad', address: stranger.email, code });
  expect(theirs.status).toBe(400);
  expect(theirs.body.fields).toEqual({ address: 'Please use the e-mail address or mobile number bound to your account' });
  // Nor can a code for someone else's address be asked for.
  expect((await caller.post('/api/codes', { purpose: 'cancelAccount', address: stranger.phone })).status).toBe(400);

  const zh = new Caller('zh-CN', caller.headers);
  zh.cookie = caller.cookie;
  const noReason = await zh.post('/api/security/cancellation', { reason: '  ', address: email, code });
  expect(noReason.status).toBe(400);
  expect(Object.keys(noReason.body.fields)).toEqual(['reason']);
  expect((await caller.post('/api/security/cancellation', { reason: 'abc', address: email, code })).body.fields.reason).toBeDefined();
  expect(await started()).toBe(0);

  // The code survived the refused attempts (a wrong guess only counts against it).
  const ok = await caller.post('/api/security/cancellation', { reason: 'Moving abroad', address: email, code });
  expect(ok.status).toBe(202);
  const again = await request(caller, phone);
  expect(again.status).toBe(409);
  expect(again.body.message).toBe('You already have a cancellation request under review');
  expect(await started()).toBe(1);
  await auditTask(ok.body.cancellation.id);
  expect((await caller.post('/api/security/cancellation/withdraw')).status).toBe(200);
});

test('staff cannot file a cancellation, and nobody else sees a user’s case', async () => {
  const { email, caller } = await account();
  const caseId = (await request(caller, email)).body.cancellation.id;
  const stranger = await account();
  expect((await stranger.caller.get(`/api/cases/accountCancellation/${caseId}`)).status).toBe(403);
  expect((await admin.post('/api/security/cancellation', { reason: 'Leaving', address: 'a@b.cn', code: '123456' })).status).toBe(403);
  await auditTask(caseId);
  expect((await caller.post('/api/security/cancellation/withdraw')).status).toBe(200);
});
