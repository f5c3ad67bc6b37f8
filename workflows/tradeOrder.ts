import {
  allHandlersFinished,
  condition,
  defineQuery,
  defineUpdate,
  ParentClosePolicy,
  patched,
  setCurrentDetails,
  setHandler,
  startChild,
  upsertSearchAttributes,
  uuid4,
  workflowInfo,
} from '@temporalio/workflow';
import type { LicenceConflict } from '../domain/licences';
import { tradeOrder as model } from '../domain/processes/tradeOrder';
import { QUEUE_ROLE } from '../domain/tasks';
import {
  DEFAULT_TRADE_RESPONSE_DAYS,
  SELF_SERVICE_CHECK_FIELDS,
  serviceFeeFen,
  TRADE_CHECK_WORKING_DAYS,
  type TradeSide,
  type TradeState,
  type TradeStep,
} from '../domain/trade';
import type { TradePatch } from '../db/trades';
import { acts } from './lib/activities';
import { installTaskHandlers, stoppableHumanTask } from './lib/humanTask';
import { progress } from './lib/progress';
import { rejection } from './lib/rejection';
import { together } from './lib/together';
import { CaseId, CaseKind, CaseState, OwnerUserId } from './lib/searchAttributes';
import { startOrderPayment } from './lib/orderPaymentChild';
import type { OrderPaymentResult } from './orderPayment';

export interface TradeOrderInput {
  tradeId: string;
  mode: 'selfService' | 'contactSeller';
  buyerId: string;
  sellerId: string;
  /** Staff check a self-service application before the seller sees it (TRADE_PLATFORM_CHECK=off: not). */
  platformCheck: boolean;
  /** How long the party whose turn it is may stay silent before the trade closes (default 7 days). */
  responseTimeoutMs?: number;
  /** Tests shorten the check's SLA and the fee's payment window; production leaves them unset. */
  slaOverrideMs?: number;
  paymentTimeoutMs?: number;
}

export type TradeOrderResult = 'completed' | 'refused' | 'closed';

/** A counter-offer's terms as the workflow keeps them (checked by the API with counterOfferSchema). */
export interface CounterTerms {
  priceFen: number;
  channels: string[];
  termPermanent: boolean;
  termFrom: string;
  termTo: string;
  note: string;
}

export interface TradeStatus {
  state: TradeState;
  step: TradeStep;
  round: number;
  orderId: string | null;
}

interface Caller {
  userId: string;
}

export const agreeTrade = defineUpdate<TradeStatus, [Caller]>('agreeTrade');
export const rejectTrade = defineUpdate<TradeStatus, [Caller & { reason: string }]>('rejectTrade');
export const counterOfferTrade = defineUpdate<TradeStatus, [Caller & { offer: CounterTerms }]>('counterOfferTrade');
export const answerCounterTrade = defineUpdate<TradeStatus, [Caller & { accept: boolean }]>('answerCounterTrade');
/** The buyer cancels before paying; while a fee order waits, the API cancels that order first. */
export const cancelTrade = defineUpdate<TradeStatus, [Caller]>('cancelTrade');
/** The buyer's corrected application, already checked by the API against the whole schema. */
export const resubmitTrade = defineUpdate<TradeStatus, [Caller & { application: Record<string, unknown>; priceFen: number }]>('resubmitTrade');
export const completeTrade = defineUpdate<TradeStatus, [Caller]>('completeTrade');
/** Contact seller, once answered: on as a self-service trade (a new case) or a manual one (answers its id). */
export const continueTrade = defineUpdate<TradeStatus & { followUpId: string | null }, [Caller & { as: 'selfService' | 'manual' }]>('continueTrade');
export const replyTrade = defineUpdate<TradeStatus, [Caller & { body: string }]>('replyTrade');
export const tradeStatus = defineQuery<TradeStatus>('tradeStatus');

const KIND = model.kind;
const DAY_MS = 24 * 60 * 60 * 1000;
/**
 * Agreement reserves the licence under the IP's lock (db/licences), and a trade that ends without
 * completion releases it; trades agreed before this only read the conflicts (their histories replay so).
 */
const LICENCE_RESERVATION = 'licenceReservation';

/** The licence terms a counter-offer gives once accepted (a permanent term has no dates). */
const agreedTermsOf = (offer: CounterTerms) => {
  const term = (d: string) => (offer.termPermanent || !d ? null : d);
  return { channels: offer.channels, termFrom: term(offer.termFrom), termTo: term(offer.termTo) };
};

type Action =
  | { type: 'agree' }
  | { type: 'reject'; reason: string }
  | { type: 'counterOffer'; offer: CounterTerms }
  | { type: 'answerCounter'; accept: boolean }
  | { type: 'cancel' }
  | { type: 'resubmit'; application: Record<string, unknown>; priceFen: number }
  | { type: 'complete' }
  | { type: 'continue'; as: 'selfService' | 'manual' }
  | { type: 'answered' };

/** An accepted action waiting for the flow; the flow settles it with an outcome or a refusal. */
interface Pending {
  action: Action;
  settled: boolean;
  refusal: { key: string; params: Record<string, unknown> } | null;
  followUpId: string | null;
}

/** Which party's turn each waiting step is, and the actions that party may take there. */
const TURNS: Partial<Record<TradeStep, { side: TradeSide; actions: Action['type'][] }>> = {
  correction: { side: 'buyer', actions: ['resubmit'] },
  sellerDecision: { side: 'seller', actions: ['agree', 'reject', 'counterOffer'] },
  counterOffer: { side: 'buyer', actions: ['answerCounter'] },
  inProgress: { side: 'buyer', actions: ['complete'] },
  sellerReply: { side: 'seller', actions: ['answered'] },
  conversation: { side: 'buyer', actions: ['continue'] },
};

/**
 * One self-service trade or contact-seller case (domain/processes/tradeOrder.ts). Every change of
 * step writes the trade row, a timeline event and a site message to the other party; each party's
 * action is an Update whose validator refuses the wrong party (403) and the wrong moment (409).
 */
export async function tradeOrder(input: TradeOrderInput): Promise<TradeOrderResult> {
  const { tradeId: caseId, buyerId, sellerId } = input;
  const responseMs = input.responseTimeoutMs ?? DEFAULT_TRADE_RESPONSE_DAYS * DAY_MS;
  let state: TradeState = 'pendingConfirmation';
  let step: TradeStep = input.mode === 'contactSeller' ? 'sellerReply' : input.platformCheck ? 'platformCheck' : 'sellerDecision';
  let round = 1;
  let offers = 0;
  let offer: CounterTerms | null = null;
  let orderId: string | null = null;
  let replies = 0;
  // Bumped by every reply: the silence that closes a trade counts from the last word of either party.
  let activity = 0;
  let cancelRequested = false;
  let pending: Pending | null = null;
  // The agreement's licence reservation holds the IP until the trade completes or ends.
  let reserved = false;
  // Row writes under way: a cancel is answered once the row says closed.
  let writing = 0;

  installTaskHandlers();
  setHandler(tradeStatus, () => ({ state, step, round, orderId }));
  const status = (): TradeStatus => ({ state, step, round, orderId });

  const sideOf = (userId: string): TradeSide | null => (userId === buyerId ? 'buyer' : userId === sellerId ? 'seller' : null);
  const party = (userId: string): TradeSide => {
    const side = sideOf(userId);
    if (!side) throw rejection('http.forbidden');
    return side;
  };
  const open = () => state === 'pendingConfirmation' || state === 'ongoing';

  /** A party's action at its turn: refused unless it is their step and nothing else is under way. */
  const turnValidator = (type: Action['type'], refusal: string) => (caller: Caller) => {
    const side = party(caller.userId);
    const turn = TURNS[step];
    if (!open() || pending || cancelRequested || !turn || !turn.actions.includes(type)) throw rejection(refusal);
    if (turn.side !== side) throw rejection('http.forbidden');
  };

  /** Hands an action to the flow and answers once the flow has acted on it. */
  const submit = async (action: Action): Promise<Pending> => {
    const p: Pending = { action, settled: false, refusal: null, followUpId: null };
    pending = p;
    await condition(() => p.settled);
    if (p.refusal) throw rejection(p.refusal.key, p.refusal.params);
    return p;
  };

  setHandler(agreeTrade, async () => (await submit({ type: 'agree' }), status()), { validator: turnValidator('agree', 'trade.notAwaitingDecision') });
  setHandler(rejectTrade, async ({ reason }) => (await submit({ type: 'reject', reason }), status()), { validator: turnValidator('reject', 'trade.notAwaitingDecision') });
  setHandler(counterOfferTrade, async ({ offer }) => (await submit({ type: 'counterOffer', offer }), status()), { validator: turnValidator('counterOffer', 'trade.notAwaitingDecision') });
  setHandler(answerCounterTrade, async ({ accept }) => (await submit({ type: 'answerCounter', accept }), status()), { validator: turnValidator('answerCounter', 'trade.noCounterOffer') });
  setHandler(resubmitTrade, async ({ application, priceFen }) => (await submit({ type: 'resubmit', application, priceFen }), status()), {
    validator: turnValidator('resubmit', 'trade.notAwaitingCorrection'),
  });
  setHandler(completeTrade, async () => (await submit({ type: 'complete' }), status()), { validator: turnValidator('complete', 'trade.notInProgress') });
  setHandler(continueTrade, async ({ as }) => ({ ...status(), followUpId: (await submit({ type: 'continue', as })).followUpId }), {
    validator: turnValidator('continue', 'trade.notContinuable'),
  });

  setHandler(
    cancelTrade,
    async () => {
      cancelRequested = true;
      await condition(() => (!open() || state === 'ongoing') && writing === 0);
      // The fee was paid in the same moment: the trade goes on.
      if (state === 'ongoing') throw rejection('trade.notCancellable');
      return status();
    },
    {
      validator: ({ userId }) => {
        if (party(userId) !== 'buyer') throw rejection('http.forbidden');
        if (state !== 'pendingConfirmation' || cancelRequested || pending) throw rejection('trade.notCancellable');
      },
    },
  );

  setHandler(
    replyTrade,
    async ({ userId, body }) => {
      const side = party(userId);
      replies += 1;
      const n = replies;
      activity += 1;
      await acts.postTradeMessage({ dedupeKey: `${KIND}/${caseId}/reply/${n}`, tradeId: caseId, authorId: userId, kind: 'reply', body });
      await message(`reply/${n}`, other(side), 'replied');
      // A contact-seller request is answered by the seller's first reply.
      if (input.mode === 'contactSeller' && step === 'sellerReply' && side === 'seller' && !pending && !cancelRequested) await submit({ type: 'answered' });
      return status();
    },
    {
      validator: ({ userId }) => {
        party(userId);
        if (!open()) throw rejection('trade.notOpen');
      },
    },
  );

  const other = (side: TradeSide): TradeSide => (side === 'buyer' ? 'seller' : 'buyer');
  const message = (key: string, to: TradeSide, titleKey: string, extra: { params?: Record<string, unknown> } = {}) =>
    acts.sendTradeMessage({ dedupeKey: `${KIND}/${caseId}/${key}/${to}`, tradeId: caseId, to, titleKey: `trade.${titleKey}`, ...extra });

  /** The new step written to the row and search attributes (the timeline event is the caller's). */
  const enter = async (next: TradeStep, nextState: TradeState = state, patch: TradePatch = {}) => {
    // The workflow moves first, so an action the row already offers is never refused as early; the
    // caller whose action caused the change is answered once the row is written (settle, writing).
    step = next;
    state = nextState;
    upsertSearchAttributes([{ key: CaseState, value: state }]);
    setCurrentDetails(`Trade ${caseId} (${input.mode}), round ${round}: ${state} / ${step}${orderId ? ` (order ${orderId})` : ''}`);
    writing += 1;
    await acts.setTradeStep({ tradeId: caseId, state: nextState, step: next, patch });
    writing -= 1;
  };

  const settle = (p: Pending, refusal: Pending['refusal'] = null) => {
    p.refusal = refusal;
    p.settled = true;
    if (pending === p) pending = null;
  };

  /**
   * Waits for the party whose turn it is; null when nobody acted in the response time (the last
   * reply restarts it). A cancel comes back as { type: 'cancel' }.
   */
  const awaitTurn = async (): Promise<Pending | null> => {
    for (;;) {
      const seen = activity;
      const woke = await condition(() => pending !== null || cancelRequested || activity !== seen, responseMs);
      if (!woke) return null;
      if (cancelRequested) return { action: { type: 'cancel' }, settled: true, refusal: null, followUpId: null };
      if (pending) return pending;
    }
  };

  /** Ends the trade: refused by the seller, or closed (cancelled, timed out, unpaid, continued). */
  const finish = async (end: 'refused' | 'closed', from: TradeStep, patch: TradePatch, actor: 'buyer' | 'seller' | 'system', notify: TradeSide[], titleKey: string, turn?: Pending): Promise<TradeOrderResult> => {
    // Freed before the row says closed, so whoever reads the closed trade may agree on its licence.
    if (reserved) await acts.releaseTradeLicence({ tradeId: caseId });
    await together(
      () => enter('done', end, patch),
      async () => {
        await progress(KIND, caseId, { step: from, status: end === 'refused' ? 'failed' : 'done', actor });
        await progress(KIND, caseId, { step: end, status: 'done', actor });
      },
      () => Promise.all(notify.map((to) => message(end, to, titleKey, { params: { reason: patch.rejectReason ?? '' } }))),
    );
    if (turn) settle(turn);
    await condition(allHandlersFinished);
    return end;
  };
  const timedOut = (from: TradeStep) => finish('closed', from, { closeReason: 'timeout' }, 'system', ['buyer', 'seller'], 'timeout');
  const cancelled = (from: TradeStep) => finish('closed', from, { closeReason: 'cancelledByBuyer' }, 'buyer', ['seller'], 'cancelled');

  // ---- start ---------------------------------------------------------------------------------
  upsertSearchAttributes([
    { key: CaseId, value: caseId },
    { key: CaseKind, value: KIND },
    { key: OwnerUserId, value: buyerId },
  ]);
  // The seller hears of a self-service application once the platform has checked it.
  await together(
    () => progress(KIND, caseId, { step: 'submit', status: 'done', actor: 'buyer' }),
    () => (input.mode === 'selfService' && input.platformCheck ? message('submitted', 'buyer', 'submittedForCheck') : message('submitted', 'seller', input.mode === 'contactSeller' ? 'contactReceived' : 'received')),
  );

  if (input.mode === 'contactSeller') return contactSeller();

  // ---- self-service: the platform check, repeated after each correction ------------------------
  if (input.platformCheck) {
    for (;;) {
      const checked = await platformCheck();
      if (checked === 'cancelled') return cancelled('platformCheck');
      if (checked === 'approved') break;
      const turn = await awaitTurn();
      if (!turn) return timedOut('correction');
      if (turn.action.type === 'cancel') return cancelled('correction');
      const resubmission = turn.action as Extract<Action, { type: 'resubmit' }>;
      round += 1;
      await acts.saveTradeResubmission({ tradeId: caseId, round, application: resubmission.application, priceFen: resubmission.priceFen });
      await together(
        () => enter('platformCheck', 'pendingConfirmation', { checkFlags: null }),
        () => progress(KIND, caseId, { step: 'correction', status: 'done', actor: 'buyer' }),
      );
      settle(turn);
    }
  }

  // ---- the seller decides; a counter-offer goes to the buyer and may come back -------------------
  await together(
    () => enter('sellerDecision', 'pendingConfirmation'),
    () => progress(KIND, caseId, { step: 'sellerDecision', status: 'current', actor: 'seller' }),
    () => (input.platformCheck ? message('toDecide', 'seller', 'received') : Promise.resolve()),
  );
  // The seller's agreement (or the buyer's acceptance of a counter-offer) is answered once the fee's order exists.
  let agreement: Pending;
  for (;;) {
    const turn = await awaitTurn();
    if (!turn) return timedOut(step);
    const { action } = turn;
    if (action.type === 'cancel') return cancelled(step);
    if (action.type === 'reject') return finish('refused', 'sellerDecision', { rejectReason: action.reason }, 'seller', ['buyer'], 'refused', turn);
    if (action.type === 'agree') {
      // Checked now, not when the seller opened the page; the reservation makes the check and the
      // agreement one step, so another trade agreed at the same moment cannot pass it too.
      const conflicts = await agreeLicence();
      if (conflicts.length) {
        settle(turn, { key: 'trade.licenceConflict', params: { conflicts } });
        continue;
      }
      await together(
        () => progress(KIND, caseId, { step: 'sellerDecision', status: 'done', actor: 'seller' }),
        () => message('agreed', 'buyer', 'agreed'),
      );
      agreement = turn;
      break;
    }
    if (action.type === 'counterOffer') {
      offers += 1;
      offer = action.offer;
      await together(
        () => acts.postTradeMessage({ dedupeKey: `${KIND}/${caseId}/counter/${offers}`, tradeId: caseId, authorId: sellerId, kind: 'counterOffer', body: action.offer.note, data: { ...action.offer } }),
        () => enter('counterOffer', 'pendingConfirmation', { counterOffer: { ...action.offer } }),
        async () => {
          await progress(KIND, caseId, { step: 'sellerDecision', status: 'done', actor: 'seller' });
          await progress(KIND, caseId, { step: 'counterOffer', status: 'current', actor: 'buyer' });
        },
        () => message(`counter/${offers}`, 'buyer', 'counterOffer'),
      );
      settle(turn);
      continue;
    }
    if (action.type === 'answerCounter') {
      if (action.accept) {
        // Accepting is agreeing: the offer's terms are reserved first, and refused when they conflict
        // (the buyer may still decline it).
        const conflicts = patched(LICENCE_RESERVATION) ? await reserveLicence(agreedTermsOf(offer!)) : [];
        if (conflicts.length) {
          settle(turn, { key: 'trade.licenceConflict', params: { conflicts } });
          continue;
        }
        await acceptOffer(offer!);
        agreement = turn;
        break;
      }
      await declineOffer();
      settle(turn);
      continue;
    }
    settle(turn, { key: 'trade.notAwaitingDecision', params: {} });
  }

  // ---- the service fee, then the licence is carried out -------------------------------------------
  const fee = await payFee(agreement);
  if (fee !== 'paid') return fee === 'cancelled' ? cancelled('awaitingFee') : finish('closed', 'awaitingFee', { closeReason: 'feeUnpaid' }, 'system', ['buyer', 'seller'], 'feeUnpaid');
  for (;;) {
    // Paid: no silence closes the trade any more; only the buyer's confirmation ends it.
    await condition(() => pending !== null);
    const turn = pending!;
    if (turn.action.type !== 'complete') {
      settle(turn, { key: 'trade.notInProgress', params: {} });
      continue;
    }
    await acts.completeTrade({ tradeId: caseId });
    step = 'done';
    state = 'completed';
    upsertSearchAttributes([{ key: CaseState, value: state }]);
    setCurrentDetails(`Trade ${caseId} (${input.mode}): completed`);
    await together(
      async () => {
        await progress(KIND, caseId, { step: 'inProgress', status: 'done', actor: 'buyer' });
        await progress(KIND, caseId, { step: 'completed', status: 'done', actor: 'buyer' });
      },
      () => message('completed', 'seller', 'completed'),
      () => message('completed', 'buyer', 'completed'),
    );
    settle(turn);
    break;
  }
  await condition(allHandlersFinished);
  return 'completed';

  // ---- the steps ---------------------------------------------------------------------------------

  /** One round of staff's check; a failure flags fields and moves the trade to correction. */
  async function platformCheck(): Promise<'approved' | 'failed' | 'cancelled'> {
    const taskId = `${KIND}/${caseId}/platformCheck/${round}`;
    const spec = {
      taskId,
      queue: 'trade' as const,
      step: 'platformCheck',
      caseKind: KIND,
      caseId,
      subjectUserId: buyerId,
      candidateRoles: [QUEUE_ROLE.trade],
      slaWorkingDays: TRADE_CHECK_WORKING_DAYS,
      fields: SELF_SERVICE_CHECK_FIELDS,
      slaOverrideMs: input.slaOverrideMs,
    };
    const decided = await stoppableHumanTask(spec, () => cancelRequested);
    if (!decided) {
      await acts.withdrawTradeTask({ taskId, caseKind: KIND, caseId, workflowId: workflowInfo().workflowId, queue: 'trade', step: 'platformCheck', subjectUserId: buyerId });
      return 'cancelled';
    }
    // The check was decided: the buyer's cancel in that moment still counts, after the decision is on record.
    if (cancelRequested) return 'cancelled';
    const { decision, decidedBy } = decided;
    if (decision.outcome === 'approve') {
      await progress(KIND, caseId, { step: 'platformCheck', status: 'done', actor: 'staff', actorName: decidedBy.name });
      return 'approved';
    }
    await together(
      () => enter('correction', 'pendingConfirmation', { checkFlags: decision.reasons }),
      async () => {
        await progress(KIND, caseId, { step: 'platformCheck', status: 'failed', actor: 'staff', actorName: decidedBy.name, reasons: decision.reasons });
        await progress(KIND, caseId, { step: 'correction', status: 'current', actor: 'buyer' });
      },
      () => message(`checkFailed/${round}`, 'buyer', 'checkFailed'),
    );
    return 'failed';
  }

  /** The seller's agreement: the application's licence reserved (before reservations: only checked). */
  async function agreeLicence(): Promise<LicenceConflict[]> {
    if (!patched(LICENCE_RESERVATION)) return acts.tradeLicenceConflicts({ tradeId: caseId });
    return reserveLicence();
  }

  /** Reserves the licence of the agreement (a counter-offer's terms when given); the conflicts refuse it. */
  async function reserveLicence(agreed?: ReturnType<typeof agreedTermsOf>): Promise<LicenceConflict[]> {
    const conflicts = await acts.reserveTradeLicence({ tradeId: caseId, agreed });
    reserved = conflicts.length === 0;
    return conflicts;
  }

  /** The buyer accepts the counter-offer: its terms replace the application's, and that is agreement. */
  async function acceptOffer(accepted: CounterTerms): Promise<void> {
    const n = offers;
    await together(
      () => acts.postTradeMessage({ dedupeKey: `${KIND}/${caseId}/counterAnswer/${n}`, tradeId: caseId, authorId: buyerId, kind: 'counterAccepted' }),
      () =>
        enter('counterOffer', 'pendingConfirmation', {
          counterOffer: null,
          agreedTerms: { priceFen: accepted.priceFen, ...agreedTermsOf(accepted) },
        }),
      () => progress(KIND, caseId, { step: 'counterOffer', status: 'done', actor: 'buyer' }),
      () => message(`counterAccepted/${n}`, 'seller', 'counterAccepted'),
    );
  }

  /** The buyer declines the counter-offer: the seller decides again on the application as it was. */
  async function declineOffer(): Promise<void> {
    const n = offers;
    await together(
      () => acts.postTradeMessage({ dedupeKey: `${KIND}/${caseId}/counterAnswer/${n}`, tradeId: caseId, authorId: buyerId, kind: 'counterDeclined' }),
      () => enter('sellerDecision', 'pendingConfirmation', { counterOffer: null }),
      async () => {
        await progress(KIND, caseId, { step: 'counterOffer', status: 'failed', actor: 'buyer' });
        await progress(KIND, caseId, { step: 'sellerDecision', status: 'current', actor: 'seller' });
      },
      () => message(`counterDeclined/${n}`, 'seller', 'counterDeclined'),
    );
  }

  /** An order for the service fee and its orderPayment child; 'lapsed' when it was cancelled unpaid. */
  async function payFee(agreement: Pending): Promise<'paid' | 'cancelled' | 'lapsed'> {
    const facts = await acts.tradeFeeFacts({ tradeId: caseId });
    const amountFen = serviceFeeFen(facts.priceFen);
    const order = await acts.createOrder({
      dedupeKey: `${KIND}/${caseId}/order`,
      userId: buyerId,
      type: 'selfServiceTrade',
      subjectKind: 'trade',
      subjectId: caseId,
      name: facts.name,
      counterpart: facts.counterpart,
      amountFen,
      timeoutMs: input.paymentTimeoutMs,
    });
    const child = await startOrderPayment({ orderId: order.orderId, userId: buyerId, timeoutMs: input.paymentTimeoutMs, slaOverrideMs: input.slaOverrideMs }, `Service fee of trade ${caseId}`);
    // Awaiting the fee only once the order's workflow runs: paying or cancelling it works from then on.
    orderId = order.orderId;
    await together(
      () => enter('awaitingFee', 'pendingConfirmation', { orderId, serviceFeeFen: amountFen }),
      () => progress(KIND, caseId, { step: 'awaitingFee', status: 'current', actor: 'buyer' }),
      () => message('awaitingFee', 'buyer', 'awaitingFee'),
    );
    settle(agreement);
    const result: OrderPaymentResult = await child.result();
    if (result !== 'paid') return cancelRequested ? 'cancelled' : 'lapsed';
    await acts.completeOrder({ orderId });
    await together(
      () => enter('inProgress', 'ongoing'),
      async () => {
        await progress(KIND, caseId, { step: 'awaitingFee', status: 'done', actor: 'buyer' });
        await progress(KIND, caseId, { step: 'inProgress', status: 'current', actor: 'buyer' });
      },
      () => message('paid', 'seller', 'paid'),
    );
    return 'paid';
  }

  /** Contact seller: the seller's reply opens the conversation; the buyer then continues elsewhere. */
  async function contactSeller(): Promise<TradeOrderResult> {
    await progress(KIND, caseId, { step: 'sellerReply', status: 'current', actor: 'seller' });
    for (;;) {
      const turn = await awaitTurn();
      if (!turn) return timedOut(step);
      const { action } = turn;
      if (action.type === 'cancel') return cancelled(step);
      if (action.type === 'answered') {
        await together(
          () => enter('conversation', 'pendingConfirmation'),
          async () => {
            await progress(KIND, caseId, { step: 'sellerReply', status: 'done', actor: 'seller' });
            await progress(KIND, caseId, { step: 'conversation', status: 'current', actor: 'buyer' });
          },
        );
        settle(turn);
        continue;
      }
      if (action.type !== 'continue') {
        settle(turn, { key: 'trade.notContinuable', params: {} });
        continue;
      }
      let followUpId: string | null = null;
      if (action.as === 'manual') {
        const opened = await acts.openManualTrade({ caseId, tradeId: uuid4() });
        if (opened === 'alreadyOpen') {
          settle(turn, { key: 'trade.alreadyOpen', params: {} });
          continue;
        }
        followUpId = opened.tradeId;
        await startChild('entrustedTrade', {
          workflowId: `entrustedTrade/${followUpId}`,
          parentClosePolicy: ParentClosePolicy.ABANDON,
          args: [{ tradeId: followUpId, buyerId, sellerId, manual: true }],
          typedSearchAttributes: [
            { key: CaseId, value: followUpId },
            { key: CaseKind, value: 'entrustedTrade' },
            { key: CaseState, value: 'pendingConfirmation' },
            { key: OwnerUserId, value: buyerId },
          ],
          memo: { title: `Manual trade ${followUpId} continued from contact-seller case ${caseId}` },
        });
      }
      turn.followUpId = followUpId;
      return finish('closed', 'conversation', { closeReason: 'continued' }, 'buyer', ['seller'], action.as === 'manual' ? 'continuedManual' : 'continuedSelfService', turn);
    }
  }
}
