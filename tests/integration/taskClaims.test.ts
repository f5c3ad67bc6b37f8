import { Caller, closeTestDb, DEMO, eventually, personalData, png, signedIn, taskPath } from '../support/http';

afterAll(closeTestDb);

test('claims move between staff: unclaim, admin reassign, and only the assignee may decide', async () => {
  const { caller } = await signedIn('personal');
  const photo = (await caller.upload('idPhoto', await png(), 'front.png')).body.id;
  const caseId = (await caller.post('/api/identity', { kind: 'personal', data: personalData(photo) })).body.certification.id;
  const reviewer = await new Caller().login(...DEMO.reviewer);
  const admin = await new Caller().login(...DEMO.admin);
  const other = (await signedIn(null, ['reviewer'])).caller;
  const otherId = (await other.get('/api/auth/me')).body.user.id;
  const task = await eventually(async () => (await reviewer.get('/api/tasks?queue=identity&limit=100')).body.items.find((t: any) => t.caseId === caseId));

  // Right after the row appears, a claim is accepted (never refused as stale).
  expect((await reviewer.post(`${taskPath(task.id)}/claim`)).body.task).toMatchObject({ status: 'claimed', assigneeName: '李审' });
  expect((await other.post(`${taskPath(task.id)}/unclaim`)).body.message).toBe('This task is claimed by 李审; only they can decide it');
  expect((await reviewer.post(`${taskPath(task.id)}/unclaim`)).body.task).toMatchObject({ status: 'open', assigneeId: null });

  const mine = await other.post(`${taskPath(task.id)}/claim`);
  expect(mine.body.task.assigneeId).toBe(otherId);
  expect((await other.get('/api/tasks?mine=true&limit=100')).body.items.map((t: any) => t.id)).toContain(task.id);

  // An admin hands it back to the first reviewer; the new assignee may decide, the old one may not.
  const reviewerId = (await reviewer.get('/api/auth/me')).body.user.id;
  expect((await admin.post(`${taskPath(task.id)}/reassign`, { assigneeId: reviewerId })).body.task).toMatchObject({ assigneeId: reviewerId, assigneeName: '李审' });
  expect((await other.post(`${taskPath(task.id)}/complete`, { outcome: 'approve', reasons: {} })).status).toBe(409);
  const userId = (await caller.get('/api/auth/me')).body.user.id;
  const toUser = await admin.post(`${taskPath(task.id)}/reassign`, { assigneeId: userId });
  expect(toUser).toMatchObject({ status: 409, body: { message: 'Tasks can only be assigned to staff' } });
  expect((await admin.post(`${taskPath(task.id)}/reassign`, { assigneeId: 'nope' })).status).toBe(400);
  expect((await reviewer.post(`${taskPath(task.id)}/complete`, { outcome: 'approve', reasons: {} })).status).toBe(200);
});
