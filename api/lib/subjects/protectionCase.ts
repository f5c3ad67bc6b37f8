import { PROTECTION_FIELDS, PROTECTION_PROCESSED_CHOICES, PROTECTION_REFUSAL_REASONS } from '../../../domain/protection';
import { protectionCase, protectionUpdates, protectionUploadIds, toProtectionCaseJson } from '../../../db/protection';
import { findUploads, toUploadJson } from '../../../db/uploads';
import { findUser } from '../../../db/users';
import { userSummary, type SubjectSource } from '../taskSubjects';

/**
 * A rights-protection case: the form, its files and correspondence, and the applicant. At acceptance
 * a refusal flags fields and names one of the spec's refusal reasons; the processing task approves
 * with a result, whether to publish, and the outcome as its comment (it cannot fail).
 */
export const protectionCaseSubject: SubjectSource = {
  async subject(k, caseId) {
    const row = await protectionCase(k, caseId);
    if (!row) return null;
    const updates = await protectionUpdates(k, caseId);
    const [user, uploads] = await Promise.all([findUser(k, row.user_id), findUploads(k, protectionUploadIds(row, updates))]);
    return {
      case: toProtectionCaseJson(row, updates),
      user: userSummary(user) ?? null,
      uploads: Object.fromEntries(uploads.map((u) => [u.id, toUploadJson(u)])),
    };
  },
  async shape(k, caseId) {
    const row = await k('protection_cases').where({ id: caseId }).first('state');
    if (row?.state === 'processing') {
      return { fields: [], values: Object.keys(PROTECTION_PROCESSED_CHOICES), choices: PROTECTION_PROCESSED_CHOICES, commentRequired: true };
    }
    return { fields: PROTECTION_FIELDS, categories: [...PROTECTION_REFUSAL_REASONS] };
  },
};
