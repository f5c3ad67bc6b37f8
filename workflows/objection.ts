import { allHandlersFinished, condition, defineQuery, defineUpdate, setCurrentDetails, setHandler, upsertSearchAttributes, workflowInfo } from '@temporalio/workflow';
import {
  DEFAULT_OBJECTION_ANSWER_MS,
  mayModifyObjection,
  OBJECTION_DECISION_CHOICES,
  OBJECTION_OPINION_FIELD,
  isOpenObjection,
  type ObjectionAnswer,
  type ObjectionData,
  type ObjectionOutcome,
  type ObjectionReasonCategory,
  type ObjectionState,
} from '../domain/objections';
import { objection as model } from '../domain/processes/objection';
import { QUEUE_ROLE } from '../domain/tasks';
import { acts } from './lib/activities';
import { installTaskHandlers, stoppableHumanTask, type DecidedTask } from './lib/humanTask';
import { progress } from './lib/progress';
import { rejection } from './lib/rejection';
import { CaseState, IpciCode } from './lib/searchAttributes';

export interface ObjectionInput {
  objectionId: string;
  ipciId: string;
  /** The IPCI's lifecycle workflow, which an upheld objection revokes or takes down. */
  ipciWorkflowId: string;
  objectorId: string;
  holderId: string;
  code: string;
  /** How long the holder may answer (OBJECTION_ANSWER_MS in tests); 7 days by default. */
  answerTimeoutMs?: number;
  /** Tests shorten the staff SLA; production leaves it unset. */
  slaOverrideMs?: number;
}

/** The objector changes the objection (checked by the API with objectionSchema) while it is not being decided. */
export const modifyObjection = defineUpdate<{ state: ObjectionState }, [{ userId: string; data: ObjectionData }]>('modifyObjection');
/** The objector takes an open objection back: answers once the workflow has closed it as withdrawn. */
export const withdrawObjection = defineUpdate<{ state: ObjectionState }, [{ userId: string }]>('withdrawObjection');
/** The holder answers an admitted objection within the set time. */
export const answerObjection = defineUpdate<{ state: ObjectionState }, [{ userId: string; answer: ObjectionAnswer }]>('answerObjection');
export const objectionState = defineQuery<ObjectionState>('objectionState');

const KIND = model.kind;
const step = (id: string) => model.steps.find((s) => s.id === id)!;

export async function objection(input: ObjectionInput): Promise<ObjectionState> {
  const { objectionId: caseId, objectorId, holderId, code } = input;
  let state: ObjectionState = 'pendingAudit';
  let withdrawRequested = false;
  /** Set once the workflow has settled a withdrawal: withdrawn, or too late (already decided). */
  let withdrawal: 'withdrawn' | 'tooLate' | null = null;
  let answered = false;
  let told = false; // the holder has been told of the objection

  installTaskHandlers();
  setHandler(objectionState, () => state);
  setHandler(
    modifyObjection,
    async ({ data }) => {
      await acts.saveObjectionData({ objectionId: caseId, data });
      await progress(KIND, caseId, { step: 'submitted', status: 'done', actor: 'objector' });
      return { state };
    },
    {
      validator: ({ userId }) => {
        if (userId !== objectorId) throw rejection('http.forbidden');
        if (!mayModifyObjection(state) || withdrawRequested) throw rejection('objection.notModifiable');
      },
    },
  );
  setHandler(
    withdrawObjection,
    async () => {
      withdrawRequested = true;
      await condition(() => withdrawal !== null);
      if (withdrawal !== 'withdrawn') throw rejection('objection.alreadyDecided');
      return { state };
    },
    {
      validator: ({ userId }) => {
        if (userId !== objectorId) throw rejection('http.forbidden');
        if (!isOpenObjection(state) || withdrawRequested) throw rejection('objection.notOpen');
      },
    },
  );
  setHandler(
    answerObjection,
    async ({ answer }) => {
      await acts.saveObjectionAnswer({ objectionId: caseId, answer });
      answered = true;
      return { state };
    },
    {
      validator: ({ userId }) => {
        if (userId !== holderId) throw rejection('http.forbidden');
        if (state !== 'pendingConfirmation' || answered || withdrawRequested) throw rejection('objection.notAwaitingAnswer');
      },
    },
  );

  const enter = async (next: ObjectionState, answerDueAt: string | null = null) => {
    state = next;
    upsertSearchAttributes([
      { key: CaseState, value: next },
      { key: IpciCode, value: code },
    ]);
    setCurrentDetails(`Objection to IPCI ${code}: ${next}`);
    await acts.setObjectionState({ objectionId: caseId, state: next, answerDueAt });
  };

  /** One staff step; null when the objector withdrew before staff decided (the task is withdrawn). */
  const staffStep = async (id: 'formalReview' | 'decision'): Promise<{ taskId: string; decided: DecidedTask | null }> => {
    const spec = step(id);
    const taskId = `${KIND}/${caseId}/${id}/1`;
    const decided = await stoppableHumanTask(
      {
        taskId,
        queue: 'objection',
        step: id,
        caseKind: KIND,
        caseId,
        subjectUserId: objectorId,
        candidateRoles: [QUEUE_ROLE.objection],
        slaWorkingDays: spec.slaWorkingDays!,
        fields: [OBJECTION_OPINION_FIELD],
        ...(id === 'decision' ? { values: Object.keys(OBJECTION_DECISION_CHOICES), choices: OBJECTION_DECISION_CHOICES, commentRequired: true } : {}),
        slaOverrideMs: input.slaOverrideMs,
      },
      () => withdrawRequested,
    );
    return { taskId, decided };
  };

  const withdraw = async (taskId: string | null, openStep: string) => {
    await acts.withdrawObjection({
      objectionId: caseId,
      task: taskId === null ? null : { taskId, caseKind: KIND, caseId, workflowId: workflowInfo().workflowId, queue: 'objection', step: openStep, subjectUserId: objectorId },
    });
    await progress(KIND, caseId, { step: openStep, status: 'done', actor: 'objector' });
    await progress(KIND, caseId, { step: 'withdrawn', status: 'done', actor: 'objector' });
    if (told) await acts.sendMessage({ dedupeKey: `${KIND}/${caseId}/withdrawn/holder`, userId: holderId, titleKey: 'objectionWithdrawnHolder', params: { code } });
    state = 'withdrawn';
    upsertSearchAttributes([{ key: CaseState, value: state }]);
    withdrawal = 'withdrawn';
  };

  const fail = async (stepId: string, decided: DecidedTask) => {
    const opinion = decided.decision.reasons[OBJECTION_OPINION_FIELD] ?? '';
    await acts.decideObjection({ objectionId: caseId, state: 'failed', opinion, outcome: null, category: null });
    state = 'failed';
    upsertSearchAttributes([{ key: CaseState, value: state }]);
    await progress(KIND, caseId, { step: stepId, status: 'failed', actor: 'staff', actorName: decided.decidedBy.name, reasons: decided.decision.reasons });
    await progress(KIND, caseId, { step: 'failed', status: 'done', actor: 'system' });
    const link = `usercenter/objectiondetail/${caseId}`;
    await acts.sendMessage({ dedupeKey: `${KIND}/${caseId}/failed`, userId: objectorId, titleKey: 'objectionFailed', params: { code, opinion }, bodyKey: 'objectionOpinion', actionLink: link });
    if (told) await acts.sendMessage({ dedupeKey: `${KIND}/${caseId}/failed/holder`, userId: holderId, titleKey: 'objectionFailedHolder', params: { code, opinion }, bodyKey: 'objectionOpinion' });
  };

  const run = async (): Promise<void> => {
    await enter('pendingAudit');
    await progress(KIND, caseId, { step: 'submitted', status: 'done', actor: 'objector' });

    const audit = await staffStep('formalReview');
    if (!audit.decided) return withdraw(audit.taskId, 'formalReview');
    if (audit.decided.decision.outcome === 'fail') return fail('formalReview', audit.decided);
    await progress(KIND, caseId, { step: 'formalReview', status: 'done', actor: 'staff', actorName: audit.decided.decidedBy.name });
    if (withdrawRequested) return withdraw(null, 'holderAnswer');

    // Admitted: the holder is told and may answer until the due time; then staff decide either way.
    const answerMs = input.answerTimeoutMs ?? DEFAULT_OBJECTION_ANSWER_MS;
    const dueAt = new Date(Date.now() + answerMs).toISOString();
    await enter('pendingConfirmation', dueAt);
    await progress(KIND, caseId, { step: 'holderAnswer', status: 'current', actor: 'holder', dueAt });
    told = true;
    await acts.sendMessage({
      dedupeKey: `${KIND}/${caseId}/holder`,
      userId: holderId,
      titleKey: 'objectionToAnswer',
      params: { code, dueAt },
      actionLink: `usercenter/objectionanswer/${caseId}`,
    });
    await acts.sendMessage({ dedupeKey: `${KIND}/${caseId}/admitted`, userId: objectorId, titleKey: 'objectionAdmitted', params: { code }, actionLink: `usercenter/objectiondetail/${caseId}` });
    await condition(() => answered || withdrawRequested, answerMs);
    if (withdrawRequested) return withdraw(null, 'holderAnswer');
    await progress(KIND, caseId, { step: 'holderAnswer', status: 'done', actor: answered ? 'holder' : 'system' });

    await enter('underReview');
    const review = await staffStep('decision');
    if (!review.decided) return withdraw(review.taskId, 'decision');
    withdrawal = 'tooLate';
    if (review.decided.decision.outcome === 'fail') return fail('decision', review.decided);

    const { decision, decidedBy } = review.decided;
    const outcome = decision.values!.outcome as ObjectionOutcome;
    const category = decision.values!.category as ObjectionReasonCategory;
    const opinion = decision.comment;
    await acts.decideObjection({ objectionId: caseId, state: 'approved', opinion, outcome, category });
    state = 'approved';
    upsertSearchAttributes([{ key: CaseState, value: state }]);
    await progress(KIND, caseId, { step: 'decision', status: 'done', actor: 'staff', actorName: decidedBy.name, reasons: { outcome, category } });
    // The lifecycle revokes (or takes down) the IPCI, delists it and tells the holder.
    await acts.applyObjectionOutcome({ ipciId: input.ipciId, ipciWorkflowId: input.ipciWorkflowId, outcome, category, opinion, staffName: decidedBy.name });
    await progress(KIND, caseId, { step: 'approved', status: 'done', actor: 'system', reasons: { outcome, category } });
    await acts.sendMessage({ dedupeKey: `${KIND}/${caseId}/approved`, userId: objectorId, titleKey: 'objectionUpheld', params: { code, opinion }, bodyKey: opinion ? 'objectionOpinion' : null, actionLink: `usercenter/objectiondetail/${caseId}` });
  };

  await run();
  withdrawal ??= 'tooLate';
  await condition(allHandlersFinished);
  return state;
}
