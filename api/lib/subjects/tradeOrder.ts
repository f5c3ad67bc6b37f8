import { SELF_SERVICE_CHECK_FIELDS } from '../../../domain/trade';
import { toTradeJson, tradeMessages, tradeView } from '../../../db/trades';
import { findUploads, toUploadJson } from '../../../db/uploads';
import { findUser } from '../../../db/users';
import { userSummary, type SubjectSource } from '../taskSubjects';

/**
 * A self-service application under the platform check (back office selfWork audit / recheck): the
 * trade as staff see it, its thread, the proposal document, and both parties. A failure flags the
 * application's fields; the buyer corrects those and resubmits.
 */
export const tradeOrderSubject: SubjectSource = {
  async subject(k, caseId, workflowUrl) {
    const row = await tradeView(k, caseId);
    if (!row) return null;
    const proposal = typeof row.application.proposal === 'string' ? [row.application.proposal] : [];
    const [buyer, seller, uploads, messages] = await Promise.all([findUser(k, row.buyer_id), findUser(k, row.seller_id), findUploads(k, proposal), tradeMessages(k, row)]);
    return {
      trade: { ...toTradeJson(row, null), workflowUrl },
      messages,
      buyer: userSummary(buyer) ?? null,
      seller: userSummary(seller) ?? null,
      uploads: Object.fromEntries(uploads.map((u) => [u.id, toUploadJson(u)])),
    };
  },
  shape: async () => ({ fields: SELF_SERVICE_CHECK_FIELDS }),
};
