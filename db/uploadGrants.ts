import type { Knex } from 'knex';

/**
 * Who beside its owner and staff may read an upload (GET /api/uploads/:id): the other party of a case
 * whose form references it, on the same terms as the case's own pages. Each grant is one lookup on an
 * expression index of migration 018; a case kind whose files a counterpart needs adds its grant here.
 */
export const UPLOAD_GRANTS: Record<string, (k: Knex, uploadId: string, userId: string) => Knex.QueryBuilder> = {
  // A trade's proposal (self-service or entrusted): its seller reads it as the buyer's application.
  tradeProposal: (k, uploadId, userId) =>
    k('trades')
      .whereRaw("application->>'proposal' = ?", [uploadId])
      .where((q) => q.where({ buyer_id: userId }).orWhere({ seller_id: userId }))
      .first(k.raw('1')),
  // The objector's evidence, for the IP holder once the objection was admitted (their answer page);
  // the objector's contact details stay hidden, the files they argue with do not.
  objectionEvidence: (k, uploadId, userId) =>
    k('objections as o')
      .join('ipcis as i', 'i.id', 'o.ipci_id')
      .whereRaw("o.data->'attachments' @> ?::jsonb", [JSON.stringify([uploadId])])
      .where('i.user_id', userId)
      .whereNotNull('o.answer_due_at')
      .first(k.raw('1')),
  // The holder's answer files, for the objector while the objection is on their list.
  objectionAnswer: (k, uploadId, userId) =>
    k('objections')
      .whereRaw("holder_answer->'attachments' @> ?::jsonb", [JSON.stringify([uploadId])])
      .where({ objector_id: userId })
      .whereNull('deleted_at')
      .first(k.raw('1')),
  // Staff's attachments to a protection case's progress, for its applicant (protection_updates_attachments).
  protectionProgress: (k, uploadId, userId) =>
    k('protection_updates as u')
      .join('protection_cases as c', 'c.id', 'u.case_id')
      .whereRaw('u.attachments @> ?::jsonb', [JSON.stringify([uploadId])])
      .where({ 'u.author': 'staff', 'c.user_id': userId })
      .first(k.raw('1')),
};

export async function uploadGranted(k: Knex, uploadId: string, userId: string): Promise<boolean> {
  for (const grant of Object.values(UPLOAD_GRANTS)) if (await grant(k, uploadId, userId)) return true;
  return false;
}
