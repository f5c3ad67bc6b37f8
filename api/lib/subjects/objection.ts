import { OBJECTION_DECISION_CHOICES, OBJECTION_OPINION_FIELD } from '../../../domain/objections';
import { objection, toObjectionJson } from '../../../db/objections';
import { findUploads, toUploadJson } from '../../../db/uploads';
import { findUser } from '../../../db/users';
import { userSummary, type SubjectSource } from '../taskSubjects';

/**
 * A rights objection: what the objector says and sent, which IPCI it is against, and the holder's
 * answer once given. The formal review fails with a review opinion; the decision on the merits
 * (state underReview) upholds with an outcome, a public reason category and the opinion as its comment,
 * or fails with an opinion.
 */
export const objectionSubject: SubjectSource = {
  async subject(k, caseId) {
    const row = await objection(k, caseId);
    if (!row) return null;
    const ids = [...row.data.attachments, ...(row.holder_answer?.attachments ?? [])];
    const [user, holder, uploads] = await Promise.all([findUser(k, row.objector_id), findUser(k, row.holder_id), findUploads(k, ids)]);
    return {
      objection: toObjectionJson(row),
      user: userSummary(user) ?? null,
      holder: userSummary(holder) ?? null,
      uploads: Object.fromEntries(uploads.map((u) => [u.id, toUploadJson(u)])),
    };
  },
  async shape(k, caseId) {
    const row = await k('objections').where({ id: caseId }).first('state');
    const fields = [OBJECTION_OPINION_FIELD];
    if (row?.state !== 'underReview') return { fields };
    return { fields, values: Object.keys(OBJECTION_DECISION_CHOICES), choices: OBJECTION_DECISION_CHOICES, commentRequired: true };
  },
};
