import { allHandlersFinished, condition, defineUpdate, setCurrentDetails, setHandler } from '@temporalio/workflow';
import { acts } from './lib/activities';
import { startOrderPayment } from './lib/orderPaymentChild';
import { rejection } from './lib/rejection';

export interface CapacityPurchaseInput {
  /** The purchase's own id (the workflow id's tail, the order's subject). */
  purchaseId: string;
  userId: string;
  packageId: string;
  /** Tests shorten the payment window (else the orders' 24 h) and finance's SLA. */
  paymentTimeoutMs?: number;
  slaOverrideMs?: number;
}

/** granted: paid and the capacity added; cancelled: not paid in time or cancelled (no capacity); unavailable: the package was gone. */
export type CapacityPurchaseResult = 'granted' | 'cancelled' | 'unavailable';

/** The buyer's order, once made: the API answers the purchase with it (the pay page's order). */
export const capacityPurchaseOrder = defineUpdate<{ orderId: string }, [{ userId: string }]>('capacityPurchaseOrder');

/**
 * Buying an anti-counterfeit capacity package (protect/capacitypay, spec part 2 §2–§3): an order of
 * type antiCounterfeit carrying the package as antiPackage, paid through a child orderPayment
 * (online, offline or overseas, 24 h), then the capacity granted for the package's validity from the
 * payment and the order completed. An order left unpaid is cancelled by its payment and grants
 * nothing; the user buys again.
 */
export async function capacityPurchase(input: CapacityPurchaseInput): Promise<CapacityPurchaseResult> {
  const { purchaseId, userId, packageId } = input;
  let orderId: string | null = null;
  let unavailable = false;

  setHandler(
    capacityPurchaseOrder,
    async () => {
      await condition(() => orderId !== null || unavailable);
      if (!orderId) throw rejection('capacity.packageUnavailable');
      return { orderId };
    },
    {
      validator: ({ userId: caller }) => {
        if (caller !== userId) throw rejection('http.forbidden');
      },
    },
  );

  const order = await acts.createCapacityOrder({ purchaseId, userId, packageId, timeoutMs: input.paymentTimeoutMs });
  if (!order) {
    unavailable = true;
    await condition(allHandlersFinished);
    return 'unavailable';
  }
  orderId = order.orderId;
  setCurrentDetails(`Capacity package ${packageId}, order ${order.orderNo}: awaiting payment`);
  const child = await startOrderPayment({ orderId, userId, timeoutMs: input.paymentTimeoutMs, slaOverrideMs: input.slaOverrideMs }, `Capacity package ${packageId} for user ${userId}`);
  const paid = (await child.result()) === 'paid';
  if (paid) {
    const grant = await acts.grantCapacity({ orderId });
    await acts.completeOrder({ orderId });
    setCurrentDetails(`Capacity package ${packageId}, order ${order.orderNo}: granted until ${grant.expiresAt}`);
  } else {
    setCurrentDetails(`Capacity package ${packageId}, order ${order.orderNo}: cancelled unpaid`);
  }
  await condition(allHandlersFinished);
  return paid ? 'granted' : 'cancelled';
}
