import type { Knex } from 'knex';
import type { IpciKind } from '../domain/ipci';
import { UNPAID_ORDER_TIMEOUT_MS, type OrderType, type PayMethod } from '../domain/orders';
import { cancelTaskRow } from '../db/cancellations';
import { recordEvent } from '../db/caseEvents';
import { subjectIpNames } from '../db/ipNames';
import {
  createOrder,
  feeTable,
  findOrder,
  markAwaitingConfirmation,
  markCancelled,
  markCompleted,
  markPaid,
  markRemittanceRejected,
  payableFen,
  type OrderRow,
} from '../db/orders';

const must = (row: OrderRow | undefined, id: string): OrderRow => {
  if (!row) throw new Error(`order ${id} not found`);
  return row;
};

/** Every order activity is guarded by the order's state in SQL (db/orders.ts): a retry changes nothing. */
export function orderPaymentActivities(k: Knex) {
  return {
    /** The certification fee in fen for a registration kind: the admin's fee table, else the default. */
    async certificationFee(input: { mode: IpciKind }): Promise<number> {
      const table = await feeTable(k);
      const fee = table[input.mode];
      if (fee === undefined) throw new Error(`no fee for registration mode ${input.mode}`);
      return fee;
    },

    /** One order per dedupe key (the creating workflow's key), however often the activity runs. */
    async createOrder(input: {
      dedupeKey: string;
      userId: string;
      type: OrderType;
      subjectKind: string;
      subjectId: string;
      name: string;
      amountFen: number;
      counterpart?: string;
      timeoutMs?: number;
    }): Promise<{ orderId: string; orderNo: string }> {
      const names = await subjectIpNames(k, input.subjectKind, input.subjectId);
      const row = await createOrder(k, { ...input, names, timeoutMs: input.timeoutMs ?? UNPAID_ORDER_TIMEOUT_MS });
      return { orderId: row.id, orderNo: row.order_no };
    },

    /**
     * The workflow's start: the deadline counts from the order's creation with the workflow's window
     * (an unpaid order only; a retry writes the same value).
     */
    async beginOrderPayment(input: { orderId: string; timeoutMs: number }): Promise<{ orderNo: string; payableFen: number; deadlineAt: string }> {
      await k('orders')
        .where({ id: input.orderId, order_state: 0 })
        .update({ deadline_at: k.raw("created_at + make_interval(secs => ?)", [input.timeoutMs / 1000]) });
      const row = must(await findOrder(k, input.orderId), input.orderId);
      return { orderNo: row.order_no, payableFen: payableFen(row), deadlineAt: row.deadline_at.toISOString() };
    },

    async markOrderPaid(input: { orderId: string; method: PayMethod; provider: string | null; tradeNo: string | null; paidAt: string }): Promise<void> {
      await markPaid(k, input.orderId, { payMethod: input.method, provider: input.provider, tradeNo: input.tradeNo, paidAt: input.paidAt });
    },

    async markOrderCancelled(input: { orderId: string }): Promise<void> {
      await markCancelled(k, input.orderId);
    },

    async markRemittanceSubmitted(input: { orderId: string; method: PayMethod; remittance: Record<string, unknown> }): Promise<void> {
      await markAwaitingConfirmation(k, input.orderId, input.method, input.remittance);
    },

    async markRemittanceRejected(input: { orderId: string; flags: Record<string, string>; deadlineAt: string }): Promise<void> {
      await markRemittanceRejected(k, input.orderId, input.flags, input.deadlineAt);
    },

    /** Online money paid the order while finance had the remittance: its task is cancelled. */
    async withdrawRemittanceTask(task: Parameters<typeof cancelTaskRow>[1]): Promise<void> {
      await cancelTaskRow(k, task);
    },

    /**
     * What was bought has been delivered (e.g. the IPCI issued): state 2, counted in totals, and the
     * order's timeline reaches its last step. Called by the buying workflow after orderPayment ended.
     */
    async completeOrder(input: { orderId: string }): Promise<void> {
      await markCompleted(k, input.orderId);
      await recordEvent(k, { eventKey: `orderPayment/${input.orderId}/done`, caseKind: 'orderPayment', caseId: input.orderId, step: 'done', status: 'done', actor: 'system', at: new Date().toISOString() });
    },
  };
}
