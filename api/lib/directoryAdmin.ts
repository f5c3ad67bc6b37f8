import type { Knex } from 'knex';
import { findUser } from '../../db/users';
import { workflowUrl, type TemporalConfig } from '../../temporal/config';
import { userSummary } from './taskSubjects';

/** A directory's applications (law firms, manufacturers) as the back office lists them: each with its applicant, read in one query for the page. */
export async function withApplicants<R extends { user_id: string }, J extends object>(db: Knex, rows: R[], toJson: (r: R) => J) {
  const applicants = new Map((await db('users').whereIn('id', [...new Set(rows.map((r) => r.user_id))]).select('id', 'username', 'display_name', 'kind')).map((u) => [u.id, u]));
  return rows.map((r) => ({ ...toJson(r), applicant: userSummary(applicants.get(r.user_id)) ?? null }));
}

/** One application as the back office shows it: its applicant, its files, its listing workflow in the Web UI and the open inbox task, if any. */
export async function directoryDetail<J extends object, U>(
  db: Knex,
  cfg: TemporalConfig,
  o: { kind: string; row: { id: string; user_id: string; workflow_id: string }; application: J; uploads: Promise<U> },
) {
  const [applicant, uploads, task] = await Promise.all([
    findUser(db, o.row.user_id),
    o.uploads,
    db('tasks').where({ case_kind: o.kind, case_id: o.row.id }).whereIn('status', ['open', 'claimed']).orderBy('created_at', 'desc').first('id', 'step', 'status'),
  ]);
  return {
    application: o.application,
    applicant: userSummary(applicant) ?? null,
    uploads,
    workflowUrl: workflowUrl(cfg, o.row.workflow_id),
    task: task ? { taskId: task.id, step: task.step, status: task.status } : null,
  };
}
