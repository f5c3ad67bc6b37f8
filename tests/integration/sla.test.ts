import { Caller, DEMO, eventually, personalData, png, signedIn, testDb } from '../support/http';
import { staffAndTemporal } from '../support/staffAndTemporal';
import { identityReview } from '../../workflows/identityReview';

const { temporal } = staffAndTemporal({ signIn: [] });

test('a task past its SLA is marked overdue, escalated to admins, and shown by the overdue filter', async () => {
  const { user, caller } = await signedIn('personal');
  const photo = (await caller.upload('idPhoto', await png(), 'front.png')).body.id;
  const [cert] = await testDb()('identity_certifications')
    .insert({ user_id: user.id, kind: 'personal', state: 1, data: JSON.stringify(personalData(photo)), workflow_id: 'pending' })
    .returning('*');
  const workflowId = `identityReview/${cert.id}`;
  await testDb()('identity_certifications').where({ id: cert.id }).update({ workflow_id: workflowId });
  await temporal.workflow.start(identityReview, {
    taskQueue: process.env.TEMPORAL_TASK_QUEUE!,
    workflowId,
    args: [{ certificationId: cert.id, userId: user.id, kind: 'personal', slaOverrideMs: 1500 }],
  });

  const task = await eventually(() => testDb()('tasks').where({ case_id: cert.id }).whereNotNull('escalated_at').first(), 20_000);
  expect(task.status).toBe('open');
  const admin = await new Caller().login(...DEMO.admin);
  const overdue = await admin.get('/api/tasks?overdue=true&queue=identity&limit=100');
  expect(overdue.body.items.find((t: any) => t.id === task.id)).toMatchObject({ overdue: true, escalatedAt: expect.any(String) });
  const messages = await admin.get('/api/messages');
  expect(messages.body.items.find((m: any) => m.titleKey === 'taskOverdue' && m.params.title.includes(user.username))).toBeDefined();

  // The escalated task can still be decided, and the workflow finishes.
  const reviewer = await new Caller().login(...DEMO.reviewer);
  expect((await reviewer.post(`/api/tasks/${encodeURIComponent(task.id)}/complete`, { outcome: 'approve', reasons: {} })).status).toBe(200);
  expect(await temporal.workflow.getHandle(workflowId).result()).toBe('verified');
});
