import type { Knex } from 'knex';
import type { Decision, InboxQuery, TaskStatus } from '../domain/tasks';
import { decodeKeyset, encodeKeyset } from '../domain/validation/keyset';

export interface TaskRow {
  id: string;
  queue: string;
  candidate_role: string;
  case_kind: string;
  case_id: string;
  workflow_id: string;
  step: string;
  title: string;
  /** The title in each site language when it names an IP (activities/taskTitles.ts); else null. */
  titles: Record<string, string> | null;
  subject_user_id: string | null;
  status: TaskStatus;
  assignee_id: string | null;
  assignee_name: string | null;
  due_at: Date;
  due_provisional: boolean;
  sla_working_days: number;
  escalated_at: Date | null;
  decision: Decision | null;
  created_at: Date;
  completed_at: Date | null;
}

export function toTaskJson(row: TaskRow, now = new Date()) {
  const active = row.status === 'open' || row.status === 'claimed';
  return {
    id: row.id,
    queue: row.queue,
    caseKind: row.case_kind,
    caseId: row.case_id,
    workflowId: row.workflow_id,
    step: row.step,
    title: row.title,
    titles: row.titles,
    status: row.status,
    assigneeId: row.assignee_id,
    assigneeName: row.assignee_name,
    dueAt: row.due_at.toISOString(),
    dueProvisional: row.due_provisional,
    overdue: active && row.due_at.getTime() < now.getTime(),
    escalatedAt: row.escalated_at?.toISOString() ?? null,
    slaWorkingDays: row.sla_working_days,
    createdAt: row.created_at.toISOString(),
    completedAt: row.completed_at?.toISOString() ?? null,
  };
}
export type TaskJson = ReturnType<typeof toTaskJson>;

/** Keyset cursor over (due_at, id): stable pages however many tasks arrive meanwhile. */
const encodeCursor = (row: Pick<TaskRow, 'due_at' | 'id'>) => encodeKeyset([row.due_at.toISOString(), row.id]);

/** Who reads the inbox: admins see every task, other staff only tasks meant for one of their roles. */
export interface InboxReader {
  id: string;
  roles: readonly string[];
}

export const mayWork = (reader: InboxReader, task: Pick<TaskRow, 'candidate_role'>) =>
  reader.roles.includes('admin') || reader.roles.includes(task.candidate_role);

/** One inbox page, sorted by due date; every filter combination is served by an index. */
export async function inboxPage(k: Knex, q: InboxQuery, reader: InboxReader): Promise<{ rows: TaskRow[]; next: string | null }> {
  const userId = reader.id;
  const query = k<TaskRow>('tasks').select('*');
  if (!reader.roles.includes('admin')) query.whereIn('candidate_role', [...reader.roles]);
  if (q.status === 'active') query.whereIn('status', ['open', 'claimed']);
  else query.where('status', q.status);
  if (q.queue) query.where('queue', q.queue);
  if (q.mine) query.where('assignee_id', userId);
  if (q.overdue) query.where('due_at', '<', k.fn.now());
  if (q.after) {
    const cursor = decodeKeyset(q.after, ['date', 'key']);
    if (cursor) query.whereRaw('(due_at, id) > (?::timestamptz, ?)', cursor);
  }
  const rows = await query.orderBy([{ column: 'due_at' }, { column: 'id' }]).limit(q.limit + 1);
  const more = rows.length > q.limit;
  if (more) rows.pop();
  return { rows, next: more ? encodeCursor(rows[rows.length - 1]) : null };
}

export function findTask(k: Knex, id: string): Promise<TaskRow | undefined> {
  return k<TaskRow>('tasks').where({ id }).first();
}

export interface NewTask {
  id: string;
  queue: string;
  candidateRole: string;
  caseKind: string;
  caseId: string;
  workflowId: string;
  step: string;
  title: string;
  titles?: Record<string, string> | null;
  subjectUserId: string | null;
  dueAt: string;
  dueProvisional: boolean;
  slaWorkingDays: number;
  createdAt: string;
}

export async function insertTask(k: Knex, t: NewTask): Promise<void> {
  await k('tasks')
    .insert({
      id: t.id,
      queue: t.queue,
      candidate_role: t.candidateRole,
      case_kind: t.caseKind,
      case_id: t.caseId,
      workflow_id: t.workflowId,
      step: t.step,
      title: t.title,
      titles: t.titles ? JSON.stringify(t.titles) : null,
      subject_user_id: t.subjectUserId,
      status: 'open',
      due_at: t.dueAt,
      due_provisional: t.dueProvisional,
      sla_working_days: t.slaWorkingDays,
      created_at: t.createdAt,
    })
    .onConflict('id')
    .ignore();
}

export async function setAssignee(k: Knex, id: string, assignee: { userId: string; name: string } | null): Promise<void> {
  await k('tasks')
    .where({ id })
    .whereIn('status', ['open', 'claimed'])
    .update({ assignee_id: assignee?.userId ?? null, assignee_name: assignee?.name ?? null, status: assignee ? 'claimed' : 'open' });
}

export async function markDone(k: Knex, id: string, decision: Decision, decidedBy: { userId: string; name: string }): Promise<void> {
  await k('tasks')
    .where({ id })
    .whereNot('status', 'done')
    .update({
      status: 'done',
      decision: JSON.stringify(decision),
      decided_by: decidedBy.userId,
      assignee_id: decidedBy.userId,
      assignee_name: decidedBy.name,
      completed_at: k.fn.now(),
    });
}

export async function markEscalated(k: Knex, id: string): Promise<boolean> {
  const n = await k('tasks').where({ id }).whereNull('escalated_at').whereIn('status', ['open', 'claimed']).update({ escalated_at: k.fn.now() });
  return n > 0;
}

export async function setDue(k: Knex, id: string, dueAt: string, dueProvisional: boolean, escalated: boolean): Promise<void> {
  await k('tasks')
    .where({ id })
    .update({ due_at: dueAt, due_provisional: dueProvisional, ...(escalated ? {} : { escalated_at: null }) });
}
