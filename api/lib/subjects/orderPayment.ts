import { REMITTANCE_FIELDS } from '../../../domain/orders';
import { findOrder, toOrderJson } from '../../../db/orders';
import { findUploads, toUploadJson } from '../../../db/uploads';
import { findUser } from '../../../db/users';
import { userSummary, type SubjectSource } from '../taskSubjects';

/** A remittance with finance: the order, what the payer says they sent, the proof images, and the buyer. */
export const orderPaymentSubject: SubjectSource = {
  async subject(k, caseId, workflowUrl) {
    const row = await findOrder(k, caseId);
    if (!row) return null;
    const proofs = ((row.remittance?.proofs as string[] | undefined) ?? []).filter((id) => typeof id === 'string');
    const [user, uploads] = await Promise.all([findUser(k, row.user_id), findUploads(k, proofs)]);
    return { order: { ...toOrderJson(row), workflowUrl }, user: userSummary(user), uploads: Object.fromEntries(uploads.map((u) => [u.id, toUploadJson(u)])) };
  },
  shape: async () => ({ fields: REMITTANCE_FIELDS }),
};
