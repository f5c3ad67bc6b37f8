import { uploadRefs } from '../../../domain/identity';
import { FAILURE_REASONS, titleFields, titleUploadRefs } from '../../../domain/titleRegistration';
import { certificationOf, toCertificationJson } from '../../../db/identity';
import { registration, toRegistrationCore } from '../../../db/titleRegistrations';
import { findUploads, toUploadJson } from '../../../db/uploads';
import { findUser } from '../../../db/users';
import { userSummary, type SubjectSource } from '../taskSubjects';

const byId = (rows: Awaited<ReturnType<typeof findUploads>>) => Object.fromEntries(rows.map((u) => [u.id, toUploadJson(u)]));

/**
 * A title registration under audit: every field and upload, and the applicant's identity
 * certification with its own uploads, so the reviewer can check the holder against the applicant.
 * A failure flags fields and names one of the spec's failure reasons.
 */
export const titleAuditSubject: SubjectSource = {
  async subject(k, caseId, workflowUrl) {
    const row = await registration(k, caseId);
    if (!row) return null;
    const [user, cert, uploads] = await Promise.all([
      findUser(k, row.user_id),
      certificationOf(k, row.user_id),
      findUploads(k, [...new Set(titleUploadRefs(row.data).map((r) => r.id))]),
    ]);
    const identity = cert && {
      // The same Web UI link, pointing at the certification's own workflow.
      certification: toCertificationJson(cert, workflowUrl.replace(/[^/]+$/, encodeURIComponent(cert.workflow_id))),
      uploads: byId(await findUploads(k, uploadRefs(cert.kind, cert.data).map((r) => r.id))),
    };
    return { registration: toRegistrationCore(row), user: userSummary(user) ?? null, identity: identity ?? null, uploads: byId(uploads) };
  },
  shape: async () => ({ fields: titleFields(), categories: [...FAILURE_REASONS] }),
};
