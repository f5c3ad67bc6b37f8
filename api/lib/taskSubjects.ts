import type { Knex } from 'knex';
import { identityFields, uploadRefs } from '../../domain/identity';
import { certification, toCertificationJson } from '../../db/identity';
import { findUploads, toUploadJson } from '../../db/uploads';
import { findUser } from '../../db/users';
import { CANCELLATION_DECISION_FIELDS } from '../../domain/security';
import { cancellation, toCancellationJson } from '../../db/cancellations';

/** What a reviewer sees of a task's subject, and which fields a decision may flag, per process kind. */
export async function taskSubject(k: Knex, caseKind: string, caseId: string, workflowUrl: string) {
  if (caseKind === 'accountCancellation') return cancellationSubject(k, caseId);
  if (caseKind !== 'identityReview') return { subject: null, fields: [] as string[] };
  const cert = await certification(k, caseId);
  if (!cert) return { subject: null, fields: [] as string[] };
  const user = await findUser(k, cert.user_id);
  const ids = uploadRefs(cert.kind, cert.data).map((r) => r.id);
  const uploads = Object.fromEntries((await findUploads(k, ids)).map((u) => [u.id, toUploadJson(u)]));
  return {
    subject: {
      certification: toCertificationJson(cert, workflowUrl),
      user: user && { id: user.id, username: user.username, displayName: user.display_name, kind: user.kind },
      uploads,
    },
    fields: identityFields(cert.kind),
  };
}

/** The fields a decision on this case may flag: one small read, for checking a decision. */
export async function decisionFields(k: Knex, caseKind: string, caseId: string): Promise<string[]> {
  if (caseKind === 'accountCancellation') return [...CANCELLATION_DECISION_FIELDS];
  if (caseKind !== 'identityReview') return [];
  const cert = await k('identity_certifications').where({ id: caseId }).first('kind');
  return cert ? identityFields(cert.kind) : [];
}

/** An account cancellation: who asks, why and when; a rejection flags the request with the reason for the user. */
async function cancellationSubject(k: Knex, caseId: string) {
  const row = await cancellation(k, caseId);
  const user = row && (await findUser(k, row.user_id));
  return {
    subject: row ? { cancellation: toCancellationJson(row), user: user && { id: user.id, username: user.username, displayName: user.display_name, kind: user.kind } } : null,
    fields: [...CANCELLATION_DECISION_FIELDS] as string[],
  };
}
