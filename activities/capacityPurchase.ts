import type { Knex } from 'knex';
import { chinaDate } from '../domain/dates';
import { formatCapacity } from '../domain/capacity';
import { UNPAID_ORDER_TIMEOUT_MS } from '../domain/orders';
import { antiPackageOf, findPackage, grantFromOrder, setOrderAntiPackage } from '../db/capacity';
import { insertMessage } from '../db/messages';
import { createOrder } from '../db/orders';

/** Where a purchase's message leads: the buyer's capacity page. */
const CAPACITY_LINK = 'usercenter/capacity';

/**
 * Side effects of the capacityPurchase workflow. The order is made once per purchase (its dedupe key)
 * and the grant once per order (capacity_grants.order_id is unique), so retries change nothing.
 */
export function capacityPurchaseActivities(k: Knex) {
  return {
    /**
     * The anti-counterfeit package order: named after the package in three languages, its price, and
     * the package as it is now as the order's antiPackage (the grant is made from that copy). Null
     * when the package is gone (staff removed an unsold one between the click and this step).
     */
    async createCapacityOrder(input: { purchaseId: string; userId: string; packageId: string; timeoutMs?: number }): Promise<{ orderId: string; orderNo: string } | null> {
      const pkg = await findPackage(k, input.packageId);
      if (!pkg) return null;
      const anti = antiPackageOf(pkg);
      const row = await createOrder(k, {
        dedupeKey: `capacityPurchase/${input.purchaseId}/order`,
        userId: input.userId,
        type: 'antiCounterfeit',
        subjectKind: 'capacityPurchase',
        subjectId: input.purchaseId,
        name: anti.nameZh,
        names: { zh: anti.nameZh, en: anti.nameEn, ja: anti.nameJa },
        amountFen: anti.priceFen,
        timeoutMs: input.timeoutMs ?? UNPAID_ORDER_TIMEOUT_MS,
      });
      await setOrderAntiPackage(k, row.id, anti);
      return { orderId: row.id, orderNo: row.order_no };
    },

    /** Paid: the capacity in force from the payment for the package's validity, and a message saying until when. */
    async grantCapacity(input: { orderId: string }): Promise<{ grantId: string; expiresAt: string }> {
      const grant = await grantFromOrder(k, input.orderId);
      if (!grant) throw new Error(`order ${input.orderId} is no paid package order`);
      const p = grant.package;
      await insertMessage(k, {
        dedupeKey: `capacityPurchase/${input.orderId}/granted`,
        userId: grant.user_id,
        titleKey: 'capacityGranted',
        params: { name: p.nameZh, names: { zh: p.nameZh, en: p.nameEn, ja: p.nameJa }, capacity: formatCapacity(Number(grant.bytes)), expiresOn: chinaDate(grant.expires_at) },
        actionLink: CAPACITY_LINK,
      });
      return { grantId: grant.id, expiresAt: grant.expires_at.toISOString() };
    },
  };
}
