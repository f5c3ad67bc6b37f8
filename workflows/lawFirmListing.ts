import { allHandlersFinished, condition, defineQuery, defineUpdate, setCurrentDetails, setHandler, upsertSearchAttributes } from '@temporalio/workflow';
import { LAW_FIRM_FIELDS, LAW_FIRM_PAYMENT_WORKING_DAYS, mayRenewListing, type LawFirmData, type LawFirmRecheck, type LawFirmState } from '../domain/lawFirms';
import { lawFirmListing as model } from '../domain/processes/lawFirmListing';
import { formatYuan } from '../domain/money';
import { QUEUE_ROLE, type Actor } from '../domain/tasks';
import type { LawFirmMailTemplate, LawFirmTerm } from '../activities/lawFirmListing';
import { acts } from './lib/activities';
import { humanTask, installTaskHandlers, type DecidedTask } from './lib/humanTask';
import { progress } from './lib/progress';
import { rejection } from './lib/rejection';
import { together } from './lib/together';
import { CaseState, InboxQueue } from './lib/searchAttributes';
import { startOrderPayment } from './lib/orderPaymentChild';

export interface LawFirmListingInput {
  firmId: string;
  /** The applying account: it corrects, pays and renews. */
  userId: string;
  /** Tests shorten the payment window (else 10 working days), the term (else 12 months) and staff SLAs. */
  paymentTimeoutMs?: number;
  termMs?: number;
  slaOverrideMs?: number;
}

export type LawFirmListingResult = 'lapsed' | 'expired';

export interface LawFirmListingStatus {
  state: LawFirmState;
  round: number;
  orderId: string | null;
  listedUntil: string | null;
}

/** The firm's corrected form after a failed review (checked by the API against lawFirmSchema). */
export const resubmitLawFirm = defineUpdate<{ round: number }, [{ userId: string; data: LawFirmData }]>('resubmitLawFirm');
/** Staff suspend a listed firm on recheck or restore it, with a reason (admin only). */
export const recheckLawFirm = defineUpdate<{ state: LawFirmState }, [{ actor: Actor; recheck: LawFirmRecheck }]>('recheckLawFirm');
/** The firm renews within the window before its term ends: answers with the renewal order's id. */
export const renewLawFirm = defineUpdate<{ orderId: string }, [{ userId: string }]>('renewLawFirm');
export const lawFirmStatus = defineQuery<LawFirmListingStatus>('lawFirmStatus');

const KIND = model.kind;
const step = (id: string) => model.steps.find((s) => s.id === id)!;
const HOUR_MS = 3_600_000;

/** Today's China date (UTC+8 all year), computed from workflow time so replays agree. */
const chinaToday = () => new Date(Date.now() + 8 * HOUR_MS).toISOString().slice(0, 10);

/**
 * A law firm's listing, spec part 2 §4 (domain/processes/lawFirmListing.ts): paper documents
 * received → review (a failure goes back to the firm) → payment notice with a child orderPayment due
 * in 10 working days → listed for a term, or lapsed (the agreement ends). While listed, staff may
 * suspend and restore the firm, and the firm renews by paying again; a term that runs out unrenewed
 * expires. Ends when the application lapses or the listing expires.
 */
export async function lawFirmListing(input: LawFirmListingInput): Promise<LawFirmListingResult> {
  const { firmId, userId } = input;
  let state: LawFirmState = 'documents';
  let round = 1;
  let orderId: string | null = null;
  let term: LawFirmTerm | null = null;
  let awaitingCorrection = false;
  let resubmitted = false;
  let rechecking = false;
  let renewRequested = false;
  let renewalOrderId: string | null = null;
  /** Paid: the term is being started (the database may read listed a moment before `term` is set). */
  let listing = false;
  let orders = 0;
  let rechecks = 0;

  installTaskHandlers();
  setHandler(lawFirmStatus, () => ({ state, round, orderId, listedUntil: term?.listedUntil ?? null }));

  const mine = (caller: string) => {
    if (caller !== userId) throw rejection('http.forbidden');
  };

  const enter = (next: LawFirmState) => {
    state = next;
    upsertSearchAttributes([{ key: CaseState, value: next }]);
    setCurrentDetails(`Law firm ${firmId}, round ${round}: ${next}${term ? ` until ${term.listedUntil}` : ''}${orderId ? ` (order ${orderId})` : ''}`);
  };

  const message = (key: string, titleKey: string, params: Record<string, unknown> = {}, bodyKey: string | null = null) =>
    acts.sendLawFirmMessage({ dedupeKey: `${KIND}/${firmId}/${key}`, firmId, titleKey, bodyKey, params });
  const mail = (key: string, template: LawFirmMailTemplate, extra: { amountFen?: number; dueAt?: string } = {}) =>
    acts.mailLawFirm({ dedupeKey: `${KIND}/${firmId}/${key}`, firmId, template, ...extra });

  setHandler(
    resubmitLawFirm,
    async ({ data }) => {
      awaitingCorrection = false;
      // The failure is written before the firm may correct it.
      await condition(() => state === 'correction');
      round += 1;
      await acts.saveLawFirmResubmission({ firmId, round, data });
      resubmitted = true;
      return { round };
    },
    {
      validator: ({ userId: caller }) => {
        mine(caller);
        if (!awaitingCorrection) throw rejection('lawFirm.notCorrectable');
      },
    },
  );

  setHandler(
    recheckLawFirm,
    async ({ actor, recheck }) => {
      rechecking = true;
      rechecks += 1;
      const reasons = { reason: recheck.reason };
      if (recheck.action === 'suspend') {
        await acts.suspendLawFirm({ firmId, reason: recheck.reason });
        enter('suspended');
        await together(
          () => progress(KIND, firmId, { step: 'suspended', status: 'current', actor: 'staff', actorName: actor.name, reasons }),
          () => message(`suspended/${rechecks}`, 'lawFirmSuspended', reasons),
        );
      } else {
        await acts.restoreLawFirm({ firmId });
        enter('listed');
        await together(
          () => progress(KIND, firmId, { step: 'suspended', status: 'done', actor: 'staff', actorName: actor.name, reasons }),
          () => message(`restored/${rechecks}`, 'lawFirmRestored', reasons),
        );
      }
      rechecking = false;
      return { state };
    },
    {
      validator: ({ actor, recheck }) => {
        if (!actor.roles.includes('admin')) throw rejection('http.forbidden');
        const from = recheck.action === 'suspend' ? 'listed' : 'suspended';
        if (rechecking || state !== from) throw rejection('lawFirm.notRecheckable');
      },
    },
  );

  setHandler(
    renewLawFirm,
    async () => {
      // The API saw the listing in the database: the workflow enters it right after.
      await condition(() => term !== null);
      if (!mayRenewListing(state, term!.listedUntil, chinaToday())) throw rejection('lawFirm.notRenewable');
      renewRequested = true;
      await condition(() => renewalOrderId !== null || state === 'expired');
      if (renewalOrderId === null) throw rejection('lawFirm.notRenewable');
      return { orderId: renewalOrderId };
    },
    {
      validator: ({ userId: caller }) => {
        mine(caller);
        const enteringListing = listing && term === null;
        if (renewRequested || (!enteringListing && !mayRenewListing(state, term?.listedUntil ?? null, chinaToday()))) throw rejection('lawFirm.notRenewable');
      },
    },
  );

  /** One staff step in the directory queue, shown in the inbox meanwhile. */
  const staffStep = async (id: 'documents' | 'review'): Promise<DecidedTask> => {
    upsertSearchAttributes([{ key: InboxQueue, value: 'directory' }]);
    const decided = await humanTask({
      taskId: `${KIND}/${firmId}/${id}/${round}`,
      queue: 'directory',
      step: id,
      caseKind: KIND,
      caseId: firmId,
      subjectUserId: userId,
      candidateRoles: [QUEUE_ROLE.directory],
      slaWorkingDays: step(id).slaWorkingDays!,
      fields: id === 'review' ? LAW_FIRM_FIELDS : [],
      slaOverrideMs: input.slaOverrideMs,
    });
    upsertSearchAttributes([{ key: InboxQueue, value: null }]);
    return decided;
  };

  /** A payment notice: an order due in 10 working days, paid through its own orderPayment. The paid order's id, or null. */
  const payment = async (): Promise<string | null> => {
    orders += 1;
    const [fee, due, { name }] = await together(
      () => acts.lawFirmListingFee(),
      () => acts.computeDueDate({ from: new Date().toISOString(), workingDays: LAW_FIRM_PAYMENT_WORKING_DAYS, overrideMs: input.paymentTimeoutMs }),
      () => acts.lawFirmOrderName({ firmId }),
    );
    const timeoutMs = Math.max(1000, Date.parse(due.dueAt) - Date.now());
    const order = await acts.createOrder({ dedupeKey: `${KIND}/${firmId}/order/${orders}`, userId, type: 'lawFirmListing', subjectKind: 'lawFirm', subjectId: firmId, name, amountFen: fee, timeoutMs });
    const child = await startOrderPayment({ orderId: order.orderId, userId, timeoutMs, slaOverrideMs: input.slaOverrideMs }, `Listing fee of law firm ${firmId}`);
    orderId = order.orderId;
    await acts.linkLawFirmOrder({ firmId, orderId, dueAt: due.dueAt });
    if (state === 'review') enter('awaitingPayment');
    renewalOrderId = term ? orderId : null;
    await together(
      () => progress(KIND, firmId, { step: 'payment', status: 'current', actor: 'user', dueAt: due.dueAt }),
      () => message(`payment/${orders}`, term ? 'lawFirmRenewalNotice' : 'lawFirmPaymentNotice', { amount: formatYuan(fee) }),
      () => mail(`payment/${orders}`, 'paymentNotice', { amountFen: fee, dueAt: due.dueAt }),
    );
    const result = await child.result();
    if (result !== 'paid') return null;
    await together(
      () => acts.completeOrder({ orderId: order.orderId }),
      () => progress(KIND, firmId, { step: 'payment', status: 'done', actor: 'user' }),
    );
    return order.orderId;
  };

  enter('documents');
  await together(
    () => progress(KIND, firmId, { step: 'applied', status: 'done', actor: 'user' }),
    () => message('applied', 'lawFirmApplied'),
  );

  // Staff confirm the paper documents arrived (the only outcome the step has).
  const documents = await staffStep('documents');
  await acts.setLawFirmState({ firmId, from: ['documents'], to: 'review' });
  enter('review');
  await together(
    () => progress(KIND, firmId, { step: 'documents', status: 'done', actor: 'staff', actorName: documents.decidedBy.name }),
    () => message('documents', 'lawFirmDocumentsReceived'),
  );

  // Review until approved; a failure waits for the firm's corrections.
  for (;;) {
    const { decision, decidedBy } = await staffStep('review');
    if (decision.outcome === 'approve') {
      await acts.applyLawFirmReview({ firmId, round, flags: null });
      await progress(KIND, firmId, { step: 'review', status: 'done', actor: 'staff', actorName: decidedBy.name });
      break;
    }
    const failedRound = round;
    awaitingCorrection = true;
    await acts.applyLawFirmReview({ firmId, round, flags: decision.reasons });
    enter('correction');
    await together(
      async () => {
        await progress(KIND, firmId, { step: 'review', status: 'failed', actor: 'staff', actorName: decidedBy.name, reasons: decision.reasons });
        await progress(KIND, firmId, { step: 'correction', status: 'current', actor: 'user' });
      },
      () => message(`correction/${failedRound}`, 'lawFirmCorrection', {}, 'lawFirmCorrectionBody'),
    );
    await condition(() => resubmitted);
    resubmitted = false;
    enter('review');
    await progress(KIND, firmId, { step: 'correction', status: 'done', actor: 'user' });
  }

  // The payment notice: paid in time, or the application lapses and the agreement ends.
  if (!(await payment())) {
    await acts.setLawFirmState({ firmId, from: ['awaitingPayment'], to: 'lapsed' });
    enter('lapsed');
    await together(
      async () => {
        await progress(KIND, firmId, { step: 'payment', status: 'failed', actor: 'system' });
        await progress(KIND, firmId, { step: 'lapsed', status: 'done', actor: 'system' });
      },
      () => message('lapsed', 'lawFirmLapsed'),
      () => mail('lapsed', 'lapsed'),
    );
    await condition(allHandlersFinished);
    return 'lapsed';
  }
  listing = true;
  term = await acts.startLawFirmTerm({ firmId, termMs: input.termMs });
  enter('listed');
  await together(
    () => progress(KIND, firmId, { step: 'listed', status: 'done', actor: 'system', reasons: { listedUntil: term!.listedUntil } }),
    () => message('listed', 'lawFirmListed', { listedUntil: term!.listedUntil }),
  );

  // Listed (or suspended) until the term runs out; a renewal paid in time carries it on.
  for (;;) {
    const remaining = Date.parse(term.endsAt) - Date.now();
    if (remaining > 0) await condition(() => renewRequested, remaining);
    if (!renewRequested) break;
    const renewals = orders;
    const paid = await payment();
    if (paid) {
      term = await acts.extendLawFirmTerm({ firmId, term, termMs: input.termMs });
      await together(
        () => progress(KIND, firmId, { step: 'listed', status: 'done', actor: 'system', reasons: { listedUntil: term!.listedUntil } }),
        () => message(`renewed/${renewals}`, 'lawFirmRenewed', { listedUntil: term!.listedUntil }),
      );
    } else {
      await acts.clearLawFirmPaymentDue({ firmId, orderId: orderId! });
      await together(
        () => progress(KIND, firmId, { step: 'payment', status: 'failed', actor: 'system' }),
        () => message(`renewalLapsed/${renewals}`, 'lawFirmRenewalLapsed'),
      );
    }
    renewRequested = false;
    renewalOrderId = null;
  }

  await condition(() => !rechecking);
  await acts.setLawFirmState({ firmId, from: ['listed', 'suspended'], to: 'expired' });
  enter('expired');
  await together(
    () => progress(KIND, firmId, { step: 'expired', status: 'done', actor: 'system' }),
    () => message('expired', 'lawFirmExpired'),
  );
  await condition(allHandlersFinished);
  return 'expired';
}
