import { MANUFACTURER_FIELDS, MANUFACTURER_REFUSAL_REASONS } from '../../../domain/manufacturers';
import { manufacturer, manufacturerUploadIds, toManufacturerApplicationJson } from '../../../db/manufacturers';
import { findUploads, toUploadJson } from '../../../db/uploads';
import { findUser } from '../../../db/users';
import { userSummary, type SubjectSource } from '../taskSubjects';

/**
 * A manufacturer's listing application: its form with the licence copy and pictures, and the
 * applying account. A failure flags fields of MANUFACTURER_FIELDS with a reason each and names one
 * of MANUFACTURER_REFUSAL_REASONS; the applicant corrects them.
 */
export const manufacturerListingSubject: SubjectSource = {
  async subject(k, caseId) {
    const row = await manufacturer(k, caseId);
    if (!row) return null;
    const [applicant, uploads] = await Promise.all([findUser(k, row.user_id), findUploads(k, manufacturerUploadIds(row.data))]);
    return {
      application: toManufacturerApplicationJson(row),
      user: userSummary(applicant) ?? null,
      uploads: Object.fromEntries(uploads.map((u) => [u.id, toUploadJson(u)])),
    };
  },
  shape: async () => ({ fields: MANUFACTURER_FIELDS, categories: [...MANUFACTURER_REFUSAL_REASONS] }),
};
