import type { Knex } from 'knex';
import { CANCELLED_DISPLAY_NAME, retentionEnd, type CancellationStatus } from '../domain/security';

export interface CancellationRow {
  id: string;
  user_id: string;
  reason: string;
  status: CancellationStatus;
  workflow_id: string;
  requested_at: Date;
  decided_at: Date | null;
  decided_by: string | null;
  decision_comment: string | null;
}

export const cancellationWorkflowId = (cancellationId: string) => `accountCancellation/${cancellationId}`;

/** The user's newest request (index account_cancellations_user). */
export function latestCancellation(k: Knex, userId: string): Promise<CancellationRow | undefined> {
  return k<CancellationRow>('account_cancellations').where({ user_id: userId }).orderBy('requested_at', 'desc').first();
}

export function cancellation(k: Knex, id: string): Promise<CancellationRow | undefined> {
  return k<CancellationRow>('account_cancellations').where({ id }).first();
}

/**
 * Writes a pending request inside the caller's transaction (which also consumes the code). A second
 * pending request of the user fails with a unique violation (index account_cancellations_pending).
 */
export async function insertCancellation(trx: Knex, userId: string, reason: string): Promise<CancellationRow> {
  const [{ id }] = await trx.raw('select gen_random_uuid() as id').then((r) => r.rows);
  const [row] = await trx<CancellationRow>('account_cancellations')
    .insert({ id, user_id: userId, reason, status: 'pending', workflow_id: cancellationWorkflowId(id) })
    .returning('*');
  return row;
}

export async function deleteCancellation(k: Knex, id: string): Promise<void> {
  await k('account_cancellations').where({ id }).delete();
}

/** Settles a pending request; a retried activity finds it settled and changes nothing. */
export async function settleCancellation(
  k: Knex,
  id: string,
  status: Exclude<CancellationStatus, 'pending'>,
  decision: { decidedBy?: string | null; comment?: string | null } = {},
): Promise<void> {
  await k('account_cancellations')
    .where({ id, status: 'pending' })
    .update({ status, decided_at: k.fn.now(), decided_by: decision.decidedBy ?? null, decision_comment: decision.comment ?? null });
}

/**
 * Closes the account of an approved request, in one transaction, idempotently:
 * - status 'cancelled' and every session deleted, so the account stops working at once;
 * - the bound e-mail and phone cleared, so they can register or be bound again;
 * - profile data erased and the display name replaced by a neutral placeholder;
 * - retain_until set to the end of the third year after the last login. The legal statements make
 *   the user agreement run until then, so what the platform must be able to show for that period
 *   (the identity certification, with its uploads, and this request) is kept, not erased; the daily
 *   accountRetention schedule purges it once retain_until has passed (db/retention.ts).
 */
export async function closeAccount(k: Knex, input: { cancellationId: string; decidedBy: string; comment: string }): Promise<void> {
  await k.transaction(async (trx) => {
    const request = await trx<CancellationRow>('account_cancellations').where({ id: input.cancellationId }).forUpdate().first();
    if (!request) return;
    const user = await trx('users').where({ id: request.user_id }).forUpdate().first('last_login_at');
    await settleCancellation(trx, request.id, 'approved', { decidedBy: input.decidedBy, comment: input.comment || null });
    await trx('users')
      .where({ id: request.user_id })
      .update({
        status: 'cancelled',
        cancelled_at: trx.raw('coalesce(cancelled_at, now())'),
        // Without a recorded login the request itself is the last time the user was signed in.
        retain_until: retentionEnd(user?.last_login_at ?? request.requested_at),
        email: null,
        phone: null,
        display_name: CANCELLED_DISPLAY_NAME,
        birth_date: null,
        gender: null,
        introduction: null,
        address: null,
        province: null,
        city: null,
        avatar_upload_id: null,
        updated_at: trx.fn.now(),
      });
    await trx('sessions').where({ user_id: request.user_id }).delete();
  });
}

/**
 * Marks the audit task of a withdrawn request cancelled. An upsert: should the task's own insert
 * still be on its way (the user withdrew at once), it then finds the row and is ignored.
 */
export async function cancelTaskRow(k: Knex, task: { taskId: string; caseKind: string; caseId: string; workflowId: string; queue: string; step: string; subjectUserId: string }): Promise<void> {
  await k.raw(
    `insert into tasks (id, queue, candidate_role, case_kind, case_id, workflow_id, step, title, subject_user_id, status, due_at, sla_working_days, created_at, completed_at)
     values (?, ?, 'admin', ?, ?, ?, ?, ?, ?, 'cancelled', now(), 0, now(), now())
     on conflict (id) do update set status = 'cancelled', completed_at = now() where tasks.status in ('open', 'claimed')`,
    [task.taskId, task.queue, task.caseKind, task.caseId, task.workflowId, task.step, task.caseId, task.subjectUserId],
  );
}

export function toCancellationJson(row: CancellationRow) {
  return {
    id: row.id,
    reason: row.reason,
    status: row.status,
    requestedAt: row.requested_at.toISOString(),
    decidedAt: row.decided_at?.toISOString() ?? null,
    decisionComment: row.decision_comment,
    workflowId: row.workflow_id,
  };
}
