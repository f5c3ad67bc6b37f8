import { allHandlersFinished, condition, defineQuery, defineUpdate, setCurrentDetails, setHandler, upsertSearchAttributes, workflowInfo } from '@temporalio/workflow';
import { ENTRUSTED_DECISION_SHAPES, entrustedTrade as model, negotiatedTerms, type EntrustedTaskStep, type NegotiatedTerms } from '../domain/processes/entrustedTrade';
import { QUEUE_ROLE } from '../domain/tasks';
import type { TradeCloseReason, TradeState, TradeStep } from '../domain/trade';
import { acts } from './lib/activities';
import { installTaskHandlers, stoppableHumanTask, type DecidedTask } from './lib/humanTask';
import { progress } from './lib/progress';
import { rejection } from './lib/rejection';
import { CaseState } from './lib/searchAttributes';

export interface EntrustedTradeInput {
  tradeId: string;
  buyerId: string;
  sellerId: string;
  /** A contact-seller case continued as a manual trade (same process, other wording). */
  manual: boolean;
  /** Tests shorten the staff SLAs; production leaves it unset. */
  slaOverrideMs?: number;
}

export type EntrustedTradeResult = 'completed' | 'closed';

export interface EntrustedTradeStatus {
  state: TradeState;
  step: TradeStep;
}

/** The buyer withdraws the trade while staff still work on it. */
export const cancelEntrustedTrade = defineUpdate<EntrustedTradeStatus, [{ userId: string }]>('cancelEntrustedTrade');
export const entrustedTradeStatus = defineQuery<EntrustedTradeStatus>('entrustedTradeStatus');

const KIND = model.kind;
const stepOf = (id: EntrustedTaskStep) => model.steps.find((s) => s.id === id)!;

/**
 * A platform-entrusted (or manual) trade, spec part 1 §4: staff contact the user within 5 working
 * days (trade queue; escalated when missed) and record the contact, then negotiate and record the
 * result: completed with the agreed licence terms (trade record + licence written at once) or closed
 * with a reason. The buyer may cancel while a staff step is open.
 */
export async function entrustedTrade(input: EntrustedTradeInput): Promise<EntrustedTradeResult> {
  const { tradeId: caseId } = input;
  let state: TradeState = 'pendingConfirmation';
  let step: TradeStep = 'platformContact';
  let cancelRequested = false;
  let cancelledByBuyer = false;
  let finished = false;
  const prefix = input.manual ? 'manualTrade' : 'entrustedTrade';

  installTaskHandlers();
  setHandler(entrustedTradeStatus, () => ({ state, step }));
  setHandler(
    cancelEntrustedTrade,
    async () => {
      cancelRequested = true;
      await condition(() => finished);
      // A staff decision landed in the same moment: the trade ended as staff recorded it.
      if (!cancelledByBuyer) throw rejection('entrustedTrade.notCancellable');
      return { state, step };
    },
    {
      validator: ({ userId }) => {
        if (userId !== input.buyerId) throw rejection('http.forbidden');
        if (cancelRequested || finished) throw rejection('entrustedTrade.notCancellable');
      },
    },
  );

  const enter = async (nextState: TradeState, nextStep: TradeStep, patch?: { closeReason?: TradeCloseReason }) => {
    state = nextState;
    step = nextStep;
    upsertSearchAttributes([{ key: CaseState, value: nextStep === 'done' ? nextState : nextStep }]);
    setCurrentDetails(`${input.manual ? 'Manual' : 'Entrusted'} trade ${caseId}: ${nextState} (${nextStep})`);
    await acts.setTradeStep({ tradeId: caseId, state: nextState, step: nextStep, patch });
  };
  const tell = (key: string, params: Record<string, unknown> = {}) =>
    acts.sendTradeMessage({ dedupeKey: `${KIND}/${caseId}/${key}`, tradeId: caseId, to: 'buyer', titleKey: `${prefix}.${key}`, params });

  /** One staff step; null when the buyer cancelled before a decision. */
  const staffStep = async (id: EntrustedTaskStep, round = 1): Promise<{ decided: DecidedTask | null; taskId: string }> => {
    const taskId = `${KIND}/${caseId}/${id}/${round}`;
    const shape = ENTRUSTED_DECISION_SHAPES[id];
    const decided = await stoppableHumanTask(
      {
        taskId,
        queue: 'trade',
        step: id,
        caseKind: KIND,
        caseId,
        subjectUserId: input.buyerId,
        candidateRoles: [QUEUE_ROLE.trade],
        slaWorkingDays: stepOf(id).slaWorkingDays!,
        fields: [...shape.fields],
        values: [...shape.values],
        ...('choices' in shape ? { choices: shape.choices } : {}),
        slaOverrideMs: input.slaOverrideMs,
      },
      () => cancelRequested,
    );
    return { decided, taskId };
  };

  const end = async (result: EntrustedTradeResult): Promise<EntrustedTradeResult> => {
    finished = true;
    await condition(allHandlersFinished);
    return result;
  };

  const cancelled = async (at: EntrustedTaskStep, taskId: string): Promise<EntrustedTradeResult> => {
    cancelledByBuyer = true;
    await acts.withdrawTradeTask({ taskId, caseKind: KIND, caseId, workflowId: workflowInfo().workflowId, queue: 'trade', step: at, subjectUserId: input.buyerId });
    await enter('closed', 'done', { closeReason: 'cancelledByBuyer' });
    await progress(KIND, caseId, { step: at, status: 'done', actor: 'buyer' });
    await progress(KIND, caseId, { step: 'closed', status: 'done', actor: 'buyer' });
    await tell('cancelled');
    return end('closed');
  };

  const closedByStaff = async (at: EntrustedTaskStep, decided: DecidedTask): Promise<EntrustedTradeResult> => {
    const reason = Object.values(decided.decision.reasons)[0] ?? '';
    await acts.mergeEntrustedOutcome({ tradeId: caseId, outcome: { result: 'closed', step: at, reason, comment: decided.decision.comment, by: decided.decidedBy.name } });
    await enter('closed', 'done', { closeReason: 'staffClosed' });
    await progress(KIND, caseId, { step: at, status: 'failed', actor: 'staff', actorName: decided.decidedBy.name, reasons: decided.decision.reasons });
    await progress(KIND, caseId, { step: 'closed', status: 'done', actor: 'system' });
    await tell('closed', { reason });
    return end('closed');
  };

  await enter('pendingConfirmation', 'platformContact');
  await progress(KIND, caseId, { step: 'submit', status: 'done', actor: 'buyer' });
  await tell('received');

  // Staff contact the user and record what was said.
  const contact = await staffStep('platformContact');
  if (!contact.decided) return cancelled('platformContact', contact.taskId);
  if (contact.decided.decision.outcome === 'fail') return closedByStaff('platformContact', contact.decided);
  const { decision: contactDecision, decidedBy: contactedBy } = contact.decided;
  await acts.mergeEntrustedOutcome({ tradeId: caseId, outcome: { contact: { summary: contactDecision.values!.contactSummary, comment: contactDecision.comment, by: contactedBy.name } } });
  await enter('ongoing', 'negotiation');
  await progress(KIND, caseId, { step: 'platformContact', status: 'done', actor: 'staff', actorName: contactedBy.name });
  await tell('contacted');

  // Staff negotiate and record the result. Terms that do not parse (the API checks them first) or that
  // a licence written meanwhile conflicts with are asked for again in a new round.
  let negotiation: DecidedTask;
  let malformed = 0;
  for (let round = 1; ; round++) {
    const result = await staffStep('negotiation', round);
    if (!result.decided) return cancelled('negotiation', result.taskId);
    if (result.decided.decision.outcome === 'fail') return closedByStaff('negotiation', result.decided);
    let terms: NegotiatedTerms;
    try {
      terms = negotiatedTerms(result.decided.decision.values!);
    } catch {
      if (++malformed >= 3) throw new Error(`entrusted trade ${caseId}: negotiated terms malformed three times`);
      continue;
    }
    negotiation = result.decided;
    const conflicts = await acts.completeEntrustedTrade({ tradeId: caseId, terms, outcome: { result: 'completed', comment: negotiation.decision.comment, by: negotiation.decidedBy.name } });
    if (!conflicts.length) break;
    await progress(KIND, caseId, { step: 'negotiation', status: 'failed', actor: 'system' });
  }
  state = 'completed';
  step = 'done';
  upsertSearchAttributes([{ key: CaseState, value: 'completed' }]);
  await progress(KIND, caseId, { step: 'negotiation', status: 'done', actor: 'staff', actorName: negotiation.decidedBy.name });
  await progress(KIND, caseId, { step: 'completed', status: 'done', actor: 'system' });
  await tell('completed');
  return end('completed');
}
