import {
  allHandlersFinished,
  condition,
  defineQuery,
  defineUpdate,
  ParentClosePolicy,
  setCurrentDetails,
  setHandler,
  startChild,
  upsertSearchAttributes,
  workflowInfo,
} from '@temporalio/workflow';
import { titleAudit as model } from '../domain/processes/titleAudit';
import { FAILURE_REASONS, registrationActions, titleFields, type RegistrationMode } from '../domain/titleRegistration';
import { QUEUE_ROLE } from '../domain/tasks';
import { acts } from './lib/activities';
import { currentTask, installTaskHandlers, stoppableHumanTask, type DecidedTask } from './lib/humanTask';
import { progress } from './lib/progress';
import { rejection } from './lib/rejection';
import { together } from './lib/together';
import { CaseId, CaseKind, CaseState, IpciCode, OwnerUserId } from './lib/searchAttributes';
import { startOrderPayment } from './lib/orderPaymentChild';
import type { OrderPaymentResult } from './orderPayment';
import { ipciLifecycle } from './ipciLifecycle';

export interface TitleAuditInput {
  registrationId: string;
  userId: string;
  mode: RegistrationMode;
  /** The review SLA in working days: the configured reading of the spec (domain titleAuditSlaWorkingDays). */
  slaWorkingDays: number;
  /** Tests shorten the review SLA and the payment window; production leaves them unset. */
  slaOverrideMs?: number;
  paymentTimeoutMs?: number;
}

/** The registration states this workflow writes (domain REGISTRATION_STATES; underAudit is read from the task). */
export type TitleAuditState = 'toAudit' | 'failed' | 'approved' | 'pendingPayment' | 'paid' | 'completed' | 'cancelled';
export type TitleAuditResult = 'completed' | 'cancelled';

export interface TitleAuditStatus {
  state: TitleAuditState;
  round: number;
  orderId: string | null;
}

/** The user's corrections of the flagged fields, already checked by the API against the whole schema. */
export const resubmitTitle = defineUpdate<{ round: number }, [{ userId: string; data: Record<string, unknown> }]>('resubmitTitle');
/**
 * The user withdraws the registration (domain registrationActions). While an order waits for money
 * the API cancels the order first (orderPayment's cancelOrder, with its own rules), then sends this.
 */
export const cancelTitle = defineUpdate<{ state: TitleAuditState }, [{ userId: string }]>('cancelTitle');
/** A fresh order after the last one lapsed unpaid; answers with the new order's id. */
export const reorderTitle = defineUpdate<{ orderId: string }, [{ userId: string }]>('reorderTitle');
export const titleStatus = defineQuery<TitleAuditStatus>('titleStatus');

const KIND = model.kind;
const REVIEW = model.steps.find((s) => s.id === 'review')!;

/**
 * Title (traceability) registration, spec part 1 §4: review in the title queue with per-field flags
 * and a failure reason → the user corrects the flagged fields and resubmits → … → approved → an
 * order for the certification fee (child orderPayment; a lapsed order can be replaced) → paid → the
 * IPCI is issued with its certificate and lives on in its own ipciLifecycle workflow.
 */
export async function titleAudit(input: TitleAuditInput): Promise<TitleAuditResult> {
  const { registrationId: caseId, userId } = input;
  let state: TitleAuditState = 'toAudit';
  let round = 1;
  let orderId: string | null = null;
  let orders = 0;
  let resubmitted = false;
  // A failure was decided: corrections are accepted from now on (the handler waits for the decision to be written).
  let awaitingCorrection = false;
  let cancelRequested = false;
  let cancelRefused = false;
  let reorderRequested = false;
  // Set when an order lapsed or was cancelled: the user may order again.
  let mayReorder = false;

  installTaskHandlers();
  setHandler(titleStatus, () => ({ state, round, orderId }));

  const mine = (caller: string) => {
    if (caller !== userId) throw rejection('http.forbidden');
  };

  setHandler(
    resubmitTitle,
    async ({ data }) => {
      awaitingCorrection = false;
      await condition(() => state === 'failed' || cancelRequested);
      // Cancelled while the failure was still being recorded: there is nothing left to correct.
      if (cancelRequested) throw rejection('title.notAwaitingCorrection');
      round += 1;
      state = 'toAudit';
      await acts.saveTitleResubmission({ registrationId: caseId, round, data });
      resubmitted = true;
      return { round };
    },
    {
      validator: ({ userId: caller }) => {
        mine(caller);
        if (!awaitingCorrection || cancelRequested) throw rejection('title.notAwaitingCorrection');
      },
    },
  );

  setHandler(
    cancelTitle,
    async () => {
      cancelRequested = true;
      await condition(() => state === 'cancelled' || cancelRefused);
      // The order was paid in the same moment: the registration goes on to its IPCI.
      if (cancelRefused) throw rejection('title.notCancellable');
      return { state };
    },
    {
      validator: ({ userId: caller }) => {
        mine(caller);
        // As the user reads it: a claimed audit task is underAudit, which cannot be cancelled.
        const readable = state === 'toAudit' && currentTask()?.status === 'claimed' ? 'underAudit' : state;
        // Approved and not yet ordering is only a moment before the order exists: ask again then.
        const ordering = state === 'approved' && !mayReorder;
        if (cancelRequested || ordering || !registrationActions(readable).includes('cancel')) throw rejection('title.notCancellable');
      },
    },
  );

  setHandler(
    reorderTitle,
    async () => {
      const previous = orderId;
      reorderRequested = true;
      await condition(() => (state === 'pendingPayment' && orderId !== previous) || state === 'cancelled');
      if (state === 'cancelled') throw rejection('title.notReorderable');
      return { orderId: orderId! };
    },
    {
      validator: ({ userId: caller }) => {
        mine(caller);
        if (!mayReorder || reorderRequested || cancelRequested) throw rejection('title.notReorderable');
      },
    },
  );

  const enter = (next: TitleAuditState) => {
    state = next;
    upsertSearchAttributes([{ key: CaseState, value: next }]);
    setCurrentDetails(`Title registration ${caseId}, round ${round}: ${next}${orderId ? ` (order ${orderId})` : ''}`);
  };
  const message = (key: string, titleKey: string, extra: { bodyKey?: string; params?: Record<string, unknown> } = {}) =>
    acts.sendTitleMessage({ dedupeKey: `${KIND}/${caseId}/${key}`, registrationId: caseId, userId, titleKey: `titleAudit.${titleKey}`, ...extra });

  /** Ends the registration for the user; `step` is the step they closed by cancelling, if one was open. */
  const cancelled = async (step: string | null, task: string | null): Promise<TitleAuditResult> => {
    const taskRef = task === null ? null : { taskId: task, caseKind: KIND, caseId, workflowId: workflowInfo().workflowId, queue: 'title', step: REVIEW.id, subjectUserId: userId };
    await acts.cancelRegistration({ registrationId: caseId, task: taskRef });
    if (step) await progress(KIND, caseId, { step, status: 'done', actor: 'user' });
    await progress(KIND, caseId, { step: 'cancelled', status: 'done', actor: 'user' });
    await message('cancelled', 'cancelled');
    enter('cancelled');
    await condition(allHandlersFinished);
    return 'cancelled';
  };

  /** One review round; null when the user cancelled before a decision. */
  const review = async (): Promise<{ decided: DecidedTask | null; taskId: string }> => {
    const taskId = `${KIND}/${caseId}/${REVIEW.id}/${round}`;
    const decided = await stoppableHumanTask(
      {
        taskId,
        queue: 'title',
        step: REVIEW.id,
        caseKind: KIND,
        caseId,
        subjectUserId: userId,
        candidateRoles: [QUEUE_ROLE.title],
        slaWorkingDays: input.slaWorkingDays,
        fields: titleFields(),
        categories: [...FAILURE_REASONS],
        slaOverrideMs: input.slaOverrideMs,
      },
      () => cancelRequested,
    );
    return { decided, taskId };
  };

  enter('toAudit');
  await together(
    () => progress(KIND, caseId, { step: 'submit', status: 'done', actor: 'user' }),
    () => message('submitted', 'submitted', { params: { days: input.slaWorkingDays } }),
  );

  // Review until approved; a failure waits for the user's corrections.
  for (;;) {
    const { decided, taskId } = await review();
    if (!decided) return cancelled(REVIEW.id, taskId);
    const { decision, decidedBy } = decided;
    const decidedRound = round;
    // The user may act as soon as the row says so: the workflow is ready before it is written.
    awaitingCorrection = decision.outcome === 'fail';
    await acts.applyTitleDecision({ registrationId: caseId, round, decision });
    if (decision.outcome === 'approve') {
      await together(
        async () => {
          await progress(KIND, caseId, { step: REVIEW.id, status: 'done', actor: 'staff', actorName: decidedBy.name });
          await progress(KIND, caseId, { step: 'approved', status: 'done', actor: 'system' });
        },
        async () => {
          enter('approved');
          await message('approved', 'approved');
        },
      );
      // A cancel accepted in the moment the reviewer decided: the decision stays on record, then the user's wish.
      if (cancelRequested) return cancelled(null, null);
      break;
    }
    enter('failed');
    await progress(KIND, caseId, { step: REVIEW.id, status: 'failed', actor: 'staff', actorName: decidedBy.name, reasons: decision.reasons });
    await progress(KIND, caseId, { step: 'correction', status: 'current', actor: 'user' });
    await message(`failed/${decidedRound}`, 'failed', { bodyKey: `titleAudit.reason.${decision.category}` });
    await condition(() => resubmitted || cancelRequested);
    if (!resubmitted) return cancelled('correction', null);
    resubmitted = false;
    enter('toAudit');
    await progress(KIND, caseId, { step: 'correction', status: 'done', actor: 'user' });
  }

  // Payment of the certification fee: an order per attempt until one is paid.
  const name = (await acts.titleOrderName({ registrationId: caseId })).name;
  for (;;) {
    orders += 1;
    const fee = await acts.certificationFee({ mode: input.mode });
    const order = await acts.createOrder({
      dedupeKey: `${KIND}/${caseId}/order/${orders}`,
      userId,
      type: 'certification',
      subjectKind: 'titleRegistration',
      subjectId: caseId,
      name,
      amountFen: fee,
      timeoutMs: input.paymentTimeoutMs,
    });
    const child = await startOrderPayment({ orderId: order.orderId, userId, timeoutMs: input.paymentTimeoutMs, slaOverrideMs: input.slaOverrideMs }, `Certification fee of title registration ${caseId}`);
    // Pending payment only once the order's workflow runs: paying or cancelling it works from then on.
    orderId = order.orderId;
    await acts.linkRegistrationOrder({ registrationId: caseId, orderId });
    mayReorder = false;
    reorderRequested = false;
    enter('pendingPayment');
    await progress(KIND, caseId, { step: 'payment', status: 'current', actor: 'user' });
    // A cancel during payment arrives after the API cancelled the order: the child ends 'cancelled'.
    const result: OrderPaymentResult = await child.result();
    if (result === 'paid') {
      cancelRefused = cancelRequested;
      break;
    }
    if (cancelRequested) return cancelled('payment', null);
    // The order lapsed (or the user cancelled just the order): back to approved, ready to order again.
    await progress(KIND, caseId, { step: 'payment', status: 'failed', actor: 'system' });
    mayReorder = true;
    enter('approved');
    await acts.setRegistrationState({ registrationId: caseId, state: 'approved' });
    await condition(() => reorderRequested || cancelRequested);
    if (cancelRequested) return cancelled(null, null);
  }

  // Paid: the IPCI is issued automatically (spec part 1 §4).
  await together(
    async () => {
      await acts.setRegistrationState({ registrationId: caseId, state: 'paid' });
      enter('paid');
    },
    () => progress(KIND, caseId, { step: 'payment', status: 'done', actor: 'user' }),
  );
  const ipci = await acts.issueIpci({ registrationId: caseId });
  await together(
    () => acts.generateCertificate({ ipciId: ipci.ipciId }),
    () => acts.completeOrder({ orderId: orderId! }),
  );
  upsertSearchAttributes([{ key: IpciCode, value: ipci.code }]);
  await together(
    () =>
      startChild(ipciLifecycle, {
        workflowId: `ipciLifecycle/${ipci.ipciId}`,
        parentClosePolicy: ParentClosePolicy.ABANDON,
        args: [{ ipciId: ipci.ipciId, userId, code: ipci.code }],
        typedSearchAttributes: [
          { key: CaseId, value: ipci.ipciId },
          { key: CaseKind, value: 'ipciLifecycle' },
          { key: OwnerUserId, value: userId },
          { key: IpciCode, value: ipci.code },
        ],
        memo: { title: `IPCI ${ipci.code}` },
      }),
    () => progress(KIND, caseId, { step: 'issued', status: 'done', actor: 'system' }),
    () => message('issued', 'issued', { params: { code: ipci.code } }),
  );
  enter('completed');
  await acts.setRegistrationState({ registrationId: caseId, state: 'completed' });

  await condition(allHandlersFinished);
  return 'completed';
}
