import { LAW_FIRM_FIELDS } from '../../../domain/lawFirms';
import { lawFirm, lawFirmUploadIds, toLawFirmApplicationJson } from '../../../db/lawFirms';
import { findUploads, toUploadJson } from '../../../db/uploads';
import { findUser } from '../../../db/users';
import { userSummary, type SubjectSource } from '../taskSubjects';

/**
 * A law firm's listing application: its form with every file (pictures, licence, qualification)
 * and the applying account. Staff confirm the paper documents (no fields), then review the form:
 * a failure flags fields of LAW_FIRM_FIELDS with a reason each, and the firm corrects them.
 */
export const lawFirmListingSubject: SubjectSource = {
  async subject(k, caseId) {
    const row = await lawFirm(k, caseId);
    if (!row) return null;
    const [applicant, uploads] = await Promise.all([findUser(k, row.user_id), findUploads(k, lawFirmUploadIds(row.data))]);
    return {
      application: toLawFirmApplicationJson(row),
      user: userSummary(applicant) ?? null,
      uploads: Object.fromEntries(uploads.map((u) => [u.id, toUploadJson(u)])),
    };
  },
  async shape(k, caseId) {
    const row = await k('law_firms').where({ id: caseId }).first('state');
    return { fields: row?.state === 'documents' ? [] : LAW_FIRM_FIELDS };
  },
};
