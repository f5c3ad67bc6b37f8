import {
  allHandlersFinished,
  CancellationScope,
  condition,
  defineQuery,
  defineUpdate,
  isCancellation,
  setCurrentDetails,
  setHandler,
  upsertSearchAttributes,
  workflowInfo,
} from '@temporalio/workflow';
import { formatYuan } from '../domain/money';
import { REMITTANCE_FIELDS, UNPAID_ORDER_TIMEOUT_MS, type PayMethod } from '../domain/orders';
import { orderPayment as model } from '../domain/processes/orderPayment';
import { QUEUE_ROLE } from '../domain/tasks';
import type { Activities } from '../activities';
import { acts } from './lib/activities';
import { closeTaskUpdates, humanTask, installTaskHandlers, type DecidedTask } from './lib/humanTask';
import { progress, type ProgressInput } from './lib/progress';
import { rejection } from './lib/rejection';
import { together } from './lib/together';
import { CaseId, CaseKind, CaseState, InboxQueue, OwnerUserId } from './lib/searchAttributes';

export interface OrderPaymentInput {
  orderId: string;
  userId: string;
  /** The window to pay in; tests shorten it. Default 24 h (spec part 1 §9). */
  timeoutMs?: number;
  /** Tests shorten finance's SLA; production leaves it unset. */
  slaOverrideMs?: number;
}

export type OrderPaymentResult = 'paid' | 'cancelled';
export type OrderPaymentState = 'awaitingPayment' | 'remittanceReview' | 'paid' | 'cancelled';

export interface OrderStatus {
  state: OrderPaymentState;
  orderNo: string;
  /** When an unpaid order is cancelled; null while finance reviews a remittance (the clock is stopped). */
  deadlineAt: string | null;
  round: number;
}

/** A gateway payment the API has verified (signature, amount, order). */
export interface PaymentReceived {
  provider: string;
  method: PayMethod;
  tradeNo: string;
  amountFen: number;
  paidAt: string;
}

export interface RemittanceSubmission {
  userId: string;
  method: PayMethod;
  /** Already checked by the API with domain remittanceSchema (and its uploads the user's own). */
  remittance: Record<string, unknown>;
}

/** Answers 'duplicate' for a repeat of the payment that paid the order: harmless. */
export const paymentReceived = defineUpdate<{ state: OrderPaymentState; duplicate: boolean }, [PaymentReceived]>('paymentReceived');
export const submitRemittance = defineUpdate<{ state: OrderPaymentState; round: number }, [RemittanceSubmission]>('submitRemittance');
/** By the buyer, or 'system' when the thing bought was cancelled (e.g. the parent registration). */
export const cancelOrder = defineUpdate<{ state: OrderPaymentState }, [{ userId: string }]>('cancelOrder');
export const orderStatus = defineQuery<OrderStatus>('orderStatus');

type BeganOrder = Awaited<ReturnType<Activities['beginOrderPayment']>>;

const KIND = model.kind;
const REVIEW = model.steps.find((s) => s.id === 'remittanceReview')!;

/**
 * One order from creation to paid or cancelled. The 24 h window counts from the order's creation;
 * while a remittance is with finance the clock is stopped (the user did what was asked in time),
 * and a rejected remittance gives a fresh window from the rejection (domain paymentDeadline), so
 * the user can pay online or submit a corrected proof. Online money arriving while finance reviews
 * pays the order and withdraws the finance task.
 */
export async function orderPayment(input: OrderPaymentInput): Promise<OrderPaymentResult> {
  const { orderId: caseId, userId } = input;
  const timeoutMs = input.timeoutMs ?? UNPAID_ORDER_TIMEOUT_MS;
  let state = 'awaitingPayment' as OrderPaymentState;
  let round = 0;
  let payment = null as PaymentReceived | null;
  let paidTradeNo: string | null = null;
  let remittance = null as RemittanceSubmission | null;
  let cancelledBy = null as string | null;

  installTaskHandlers();
  upsertSearchAttributes([
    { key: CaseId, value: caseId },
    { key: CaseKind, value: KIND },
    { key: OwnerUserId, value: userId },
  ]);
  // The Updates are installed before the first await, so one arriving while the order row is read
  // is taken instead of rejected by the SDK as unknown: the flow below sees it once the row is read.
  let loaded = null as BeganOrder | null;
  let deadline = 0;
  const open = () => state === 'awaitingPayment' && payment === null && remittance === null && cancelledBy === null;

  setHandler(orderStatus, () => ({ state, orderNo: loaded?.orderNo ?? '', deadlineAt: state === 'awaitingPayment' ? new Date(deadline).toISOString() : null, round }));

  setHandler(
    paymentReceived,
    async (p) => {
      // The API checked the amount against the order row; here it is checked again once the
      // workflow has read that row (a notification can arrive in the workflow's first moments).
      await condition(() => loaded !== null);
      if (p.amountFen !== loaded!.payableFen) throw rejection('order.amountMismatch', { amount: formatYuan(loaded!.payableFen) });
      if (state === 'paid') return { state, duplicate: true };
      payment ??= p;
      await condition(() => state !== 'awaitingPayment' && state !== 'remittanceReview');
      return { state, duplicate: false };
    },
    {
      validator: (p) => {
        if (loaded && p.amountFen !== loaded.payableFen) throw rejection('order.amountMismatch', { amount: formatYuan(loaded.payableFen) });
        const repeat = (payment ?? null)?.tradeNo === p.tradeNo || paidTradeNo === p.tradeNo;
        if (repeat) return;
        if (payment !== null || cancelledBy !== null || (state !== 'awaitingPayment' && state !== 'remittanceReview')) throw rejection('order.notPayable');
      },
    },
  );

  setHandler(
    submitRemittance,
    async (s) => {
      remittance = s;
      await condition(() => state !== 'awaitingPayment');
      return { state, round };
    },
    {
      validator: (s) => {
        if (s.userId !== userId) throw rejection('http.forbidden');
        if (!open()) throw rejection('order.notPayable');
      },
    },
  );

  setHandler(
    cancelOrder,
    async ({ userId: by }) => {
      cancelledBy = by;
      await condition(() => state !== 'awaitingPayment');
      if (state !== 'cancelled') throw rejection('order.notPayable');
      return { state };
    },
    {
      validator: ({ userId: by }) => {
        if (by !== userId && by !== 'system') throw rejection('http.forbidden');
        if (state === 'remittanceReview') throw rejection('order.remittanceUnderReview');
        if (!open()) throw rejection('order.notPayable');
      },
    },
  );

  const order = await acts.beginOrderPayment({ orderId: caseId, timeoutMs });
  loaded = order;
  deadline = Date.parse(order.deadlineAt);

  const enter = (next: OrderPaymentState) => {
    state = next;
    upsertSearchAttributes([{ key: CaseState, value: next }]);
    setCurrentDetails(`Order ${order.orderNo}: ${next}`);
  };
  const message = (key: string, titleKey: string, params: Record<string, unknown> = {}) =>
    acts.sendMessage({ dedupeKey: `${KIND}/${caseId}/${key}`, userId, titleKey, params: { orderNumber: order.orderNo, ...params }, actionLink: `usercenter/orderdetail/${caseId}` });

  enter('awaitingPayment');
  await progress(KIND, caseId, { step: 'created', status: 'done', actor: 'system' });
  await progress(KIND, caseId, { step: 'awaitingPayment', status: 'current', actor: 'user', dueAt: order.deadlineAt });

  /** `done` closes the step the money came through (awaiting payment, or finance's review). */
  const paid = async (p: { method: PayMethod; provider: string | null; tradeNo: string | null; paidAt: string }, done: ProgressInput) => {
    paidTradeNo = p.tradeNo;
    await together(
      () => progress(KIND, caseId, done),
      () => acts.markOrderPaid({ orderId: caseId, ...p }),
    );
    await together(
      () => progress(KIND, caseId, { step: 'paid', status: 'done', actor: 'system' }),
      () => message('paid', 'order.paid'),
    );
    enter('paid');
  };
  const payOnline = (p: PaymentReceived, done: ProgressInput) => paid({ method: p.method, provider: p.provider, tradeNo: p.tradeNo, paidAt: p.paidAt }, done);

  for (;;) {
    const remaining = deadline - Date.now();
    const acted = remaining > 0 && (await condition(() => !open(), remaining));
    if (payment) {
      await payOnline(payment, { step: 'awaitingPayment', status: 'done', actor: 'user' });
      break;
    }
    if (!acted || cancelledBy) {
      const byUser = cancelledBy !== null;
      await acts.markOrderCancelled({ orderId: caseId });
      await progress(KIND, caseId, { step: 'awaitingPayment', status: byUser ? 'done' : 'failed', actor: byUser ? 'user' : 'system' });
      await progress(KIND, caseId, { step: 'cancelled', status: 'done', actor: byUser && cancelledBy !== 'system' ? 'user' : 'system' });
      await message('cancelled', byUser ? 'order.cancelledByUser' : 'order.cancelled');
      enter('cancelled');
      break;
    }

    // A remittance proof: finance confirms it (or not); the clock is stopped meanwhile.
    const submission = remittance!;
    round += 1;
    await acts.markRemittanceSubmitted({ orderId: caseId, method: submission.method, remittance: submission.remittance });
    enter('remittanceReview');
    await progress(KIND, caseId, { step: 'awaitingPayment', status: 'done', actor: 'user' });
    await message(`remittance/${round}`, 'order.remittanceReceived');
    upsertSearchAttributes([{ key: InboxQueue, value: 'finance' }]);
    const taskId = `${KIND}/${caseId}/${REVIEW.id}/${round}`;
    const review = new CancellationScope();
    let decided = null as DecidedTask | null;
    const task = review.run(() =>
      humanTask({
        taskId,
        queue: 'finance',
        step: REVIEW.id,
        caseKind: KIND,
        caseId,
        subjectUserId: userId,
        candidateRoles: [QUEUE_ROLE.finance],
        slaWorkingDays: REVIEW.slaWorkingDays!,
        fields: REMITTANCE_FIELDS,
        slaOverrideMs: input.slaOverrideMs,
      }).then((d) => (decided = d)),
    );
    await condition(() => decided !== null || payment !== null);
    upsertSearchAttributes([{ key: InboxQueue, value: null }]);

    if (payment) {
      // Online money arrived first: it pays the order, and finance no longer needs to look.
      if (!decided) {
        closeTaskUpdates();
        review.cancel();
        await task.catch((err) => {
          if (!isCancellation(err)) throw err;
        });
        await acts.withdrawRemittanceTask({ taskId, caseKind: KIND, caseId, workflowId: workflowInfo().workflowId, queue: 'finance', step: REVIEW.id, subjectUserId: userId });
      }
      await payOnline(payment, { step: REVIEW.id, status: 'done', actor: 'system' });
      break;
    }

    const { decision, decidedBy } = decided!;
    if (decision.outcome === 'approve') {
      await paid({ method: submission.method, provider: null, tradeNo: null, paidAt: new Date().toISOString() }, { step: REVIEW.id, status: 'done', actor: 'staff', actorName: decidedBy.name });
      break;
    }

    deadline = Date.now() + timeoutMs;
    const deadlineAt = new Date(deadline).toISOString();
    await acts.markRemittanceRejected({ orderId: caseId, flags: decision.reasons, deadlineAt });
    // The row says unpaid from here, so the API lets the user act: the workflow takes a corrected proof,
    // a payment or a cancel from this moment too, not only once the timeline and message are written
    // (a proof sent in between was refused). Plain variables: the commands stay as they were.
    remittance = null;
    state = 'awaitingPayment';
    await progress(KIND, caseId, { step: REVIEW.id, status: 'failed', actor: 'staff', actorName: decidedBy.name, reasons: decision.reasons });
    await progress(KIND, caseId, { step: 'awaitingPayment', status: 'current', actor: 'user', dueAt: deadlineAt });
    await message(`rejected/${round}`, 'order.remittanceRejected', { reason: Object.values(decision.reasons).join('; ') });
    enter('awaitingPayment');
  }

  await condition(allHandlersFinished);
  return state === 'paid' ? 'paid' : 'cancelled';
}
