import type { Knex } from 'knex';
import { IDENTITY_STATE, type IdentityKind, type IdentityState } from '../domain/identity';

export interface CertificationRow {
  id: string;
  user_id: string;
  kind: IdentityKind;
  state: IdentityState;
  data: Record<string, unknown>;
  flags: Record<string, string> | null;
  round: number;
  workflow_id: string;
  submitted_at: Date;
  decided_at: Date | null;
}

export const identityWorkflowId = (certificationId: string) => `identityReview/${certificationId}`;

/** The state of a user's certification as one column `state` (a sub-query of the session state). */
export const certificationStateQuery = (k: Knex, userId: string) => k('identity_certifications').select('state').where({ user_id: userId });

export function certificationOf(k: Knex, userId: string): Promise<CertificationRow | undefined> {
  return k<CertificationRow>('identity_certifications').where({ user_id: userId }).first();
}

export function certification(k: Knex, id: string): Promise<CertificationRow | undefined> {
  return k<CertificationRow>('identity_certifications').where({ id }).first();
}

/** Creates the user's one certification; undefined when the user already has one. */
export async function insertCertification(k: Knex, userId: string, kind: IdentityKind, data: object): Promise<CertificationRow | undefined> {
  return k.transaction(async (trx) => {
    const [{ id }] = await trx.raw('select gen_random_uuid() as id').then((r) => r.rows);
    const rows = await trx<CertificationRow>('identity_certifications')
      .insert({ id, user_id: userId, kind, state: IDENTITY_STATE.underReview, data: JSON.stringify(data) as never, workflow_id: identityWorkflowId(id) })
      .onConflict('user_id')
      .ignore()
      .returning('*');
    return rows[0];
  });
}

export async function deleteCertification(k: Knex, id: string): Promise<void> {
  await k('identity_certifications').where({ id }).delete();
}

/** Round-guarded so a retried or late activity never overwrites a newer round. */
export async function decide(k: Knex, id: string, round: number, state: IdentityState, flags: Record<string, string> | null): Promise<void> {
  await k('identity_certifications')
    .where({ id, round })
    .update({ state, flags: flags ? JSON.stringify(flags) : null, decided_at: k.fn.now() });
}

export async function resubmit(k: Knex, id: string, round: number, data: object): Promise<void> {
  await k('identity_certifications')
    .where({ id })
    .where('round', '<', round)
    .update({ data: JSON.stringify(data), round, state: IDENTITY_STATE.underReview, submitted_at: k.fn.now() });
}

export function toCertificationJson(row: CertificationRow, workflowUrl: string) {
  return {
    id: row.id,
    kind: row.kind,
    state: row.state,
    data: row.data,
    flags: row.flags,
    round: row.round,
    submittedAt: row.submitted_at.toISOString(),
    decidedAt: row.decided_at?.toISOString() ?? null,
    workflowId: row.workflow_id,
    workflowUrl,
  };
}
