import { randomUUID } from 'node:crypto';
import { Caller, closeTestDb, DEMO, testDb } from '../support/http';

afterAll(closeTestDb);

/** Projection rows only: the inbox reads the tasks table, so paging is tested without workflows. */
async function seedTasks(queue: string, n: number, assigneeId: string | null) {
  const tag = randomUUID().slice(0, 8);
  const now = Date.now();
  const rows = Array.from({ length: n }, (_, i) => ({
    id: `bench/${tag}/${i}`,
    queue,
    candidate_role: 'reviewer',
    case_kind: 'identityReview',
    case_id: randomUUID(),
    workflow_id: `none/${tag}/${i}`,
    step: 'review',
    title: `${tag} #${i}`,
    status: i % 3 === 0 && assigneeId ? 'claimed' : 'open',
    assignee_id: i % 3 === 0 ? assigneeId : null,
    due_at: new Date(now + (i % 2 ? 1 : -1) * (i + 1) * 3600_000),
    sla_working_days: 5,
  }));
  await testDb()('tasks').insert(rows);
  return { tag, rows };
}

test('keyset pages walk every task once, in due-date order, with filters', async () => {
  const reviewer = await new Caller().login(...DEMO.reviewer);
  const reviewerId = (await reviewer.get('/api/auth/me')).body.user.id;
  const { tag } = await seedTasks('directory', 57, reviewerId);

  const seen: any[] = [];
  let next: string | null = null;
  do {
    const page: any = await reviewer.get(`/api/tasks?queue=directory&limit=10${next ? `&after=${next}` : ''}`);
    expect(page.status).toBe(200);
    seen.push(...page.body.items);
    next = page.body.next;
  } while (next);
  const mine = seen.filter((t) => t.title.startsWith(tag));
  expect(mine).toHaveLength(57);
  expect(new Set(seen.map((t) => t.id)).size).toBe(seen.length);
  const dues = seen.map((t) => Date.parse(t.dueAt));
  expect(dues).toEqual([...dues].sort((a, b) => a - b));

  const overdue = await reviewer.get('/api/tasks?queue=directory&overdue=true&limit=100');
  expect(overdue.body.items.length).toBeGreaterThan(0);
  expect(overdue.body.items.every((t: any) => t.overdue && Date.parse(t.dueAt) < Date.now())).toBe(true);

  const claimed = await reviewer.get('/api/tasks?queue=directory&mine=true&limit=100');
  expect(claimed.body.items.length).toBe(19);
  expect(claimed.body.items.every((t: any) => t.assigneeId === reviewerId && t.status === 'claimed')).toBe(true);

  const onlyOpen = await reviewer.get('/api/tasks?queue=directory&status=open&limit=100');
  expect(onlyOpen.body.items.every((t: any) => t.status === 'open')).toBe(true);

  const admin = await new Caller().login(...DEMO.admin);
  expect((await admin.get('/api/tasks?queue=directory&mine=true')).body.items).toHaveLength(0);
});

test('admins list staff for reassignment', async () => {
  const admin = await new Caller().login(...DEMO.admin);
  const staff = await admin.get('/api/staff');
  expect(staff.body.items.map((s: any) => s.displayName)).toEqual(expect.arrayContaining(['李审', '王管']));
  expect(staff.body.items.every((s: any) => s.roles.some((r: string) => r === 'reviewer' || r === 'admin'))).toBe(true);
});
