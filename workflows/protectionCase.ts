import { allHandlersFinished, condition, defineQuery, defineUpdate, setCurrentDetails, setHandler, upsertSearchAttributes } from '@temporalio/workflow';
import {
  PROTECTION_FIELDS,
  PROTECTION_PROCESSED_CHOICES,
  PROTECTION_REFUSAL_REASONS,
  type ProtectionKind,
  type ProtectionProgress,
  type ProtectionRefusalReason,
  type ProtectionResult,
  type ProtectionState,
  type ProtectionSupplement,
} from '../domain/protection';
import { protectionCase as model } from '../domain/processes/protectionCase';
import type { Role } from '../domain/roles';
import { QUEUE_ROLE, type Actor } from '../domain/tasks';
import { acts } from './lib/activities';
import { currentTask, humanTask, installTaskHandlers, type TaskSpec } from './lib/humanTask';
import { progress } from './lib/progress';
import { rejection } from './lib/rejection';
import { CaseState, InboxQueue } from './lib/searchAttributes';

export interface ProtectionCaseInput {
  caseId: string;
  userId: string;
  kind: ProtectionKind;
  code: string;
  /** Tests shorten the staff SLA; production leaves it unset. */
  slaOverrideMs?: number;
}

export interface ProtectionCaseView {
  state: ProtectionState;
  supplementRequested: boolean;
}

/** Staff (reviewer or admin) post progress while the case is processed, possibly asking for materials. */
export const postProtectionProgress = defineUpdate<ProtectionCaseView, [{ actor: Actor; progress: ProtectionProgress }]>('postProtectionProgress');
/** The applicant sends the supplementary materials staff asked for (checked by the API with protectionSupplementSchema). */
export const supplyProtectionMaterials = defineUpdate<ProtectionCaseView, [{ userId: string; supplement: ProtectionSupplement }]>('supplyProtectionMaterials');
export const protectionCaseState = defineQuery<ProtectionCaseView>('protectionCaseState');

const KIND = model.kind;
const step = (id: string) => model.steps.find((s) => s.id === id)!;

export async function protectionCase(input: ProtectionCaseInput): Promise<ProtectionState> {
  const { caseId, userId, code } = input;
  const detail = `usercenter/protectdetail/${caseId}`;
  let state: ProtectionState = 'acceptance';
  let supplementRequested = false;
  /** Accepted by staff: the database reads processing a moment before the workflow enters it. */
  let accepting = false;
  /** Numbers each correspondence entry, in the order the history handles them: their dedupe keys. */
  let entries = 0;
  const view = (): ProtectionCaseView => ({ state, supplementRequested });

  installTaskHandlers();
  setHandler(protectionCaseState, view);
  setHandler(
    postProtectionProgress,
    async ({ actor, progress: p }) => {
      // Posted the moment the case was accepted: the workflow enters processing right after.
      await condition(() => state !== 'acceptance');
      if (state !== 'processing') throw rejection('protection.notProcessing');
      const n = ++entries;
      const asks = p.requestSupplement && !supplementRequested;
      if (asks) supplementRequested = true;
      await acts.addProtectionUpdate({
        caseId,
        kind: asks ? 'supplementRequest' : 'progress',
        author: 'staff',
        authorId: actor.userId,
        authorName: actor.name,
        note: p.note,
        attachments: p.attachments,
        dedupeKey: `${KIND}/${caseId}/update/${n}`,
      });
      await progress(KIND, caseId, { step: 'processing', status: 'current', actor: 'staff', actorName: actor.name, reasons: { note: p.note } });
      if (asks) await progress(KIND, caseId, { step: 'supplement', status: 'current', actor: 'user' });
      await acts.sendMessage({
        dedupeKey: `${KIND}/${caseId}/update/${n}`,
        userId,
        titleKey: asks ? 'protectionSupplementRequested' : 'protectionProgress',
        params: { code, note: p.note },
        bodyKey: 'protectionNote',
        actionLink: asks ? `usercenter/rightprotectupdate/${caseId}` : detail,
      });
      return view();
    },
    {
      validator: ({ actor }) => {
        if (!actor.roles.some((r: Role) => r === QUEUE_ROLE.protection || r === 'admin')) throw rejection('http.forbidden');
        if (state !== 'processing' && !(accepting && state === 'acceptance')) throw rejection('protection.notProcessing');
      },
    },
  );
  setHandler(
    supplyProtectionMaterials,
    async ({ supplement }) => {
      const n = ++entries;
      supplementRequested = false;
      await acts.addProtectionUpdate({
        caseId,
        kind: 'supplement',
        author: 'user',
        authorId: userId,
        authorName: null,
        note: supplement.note,
        attachments: supplement.materials,
        dedupeKey: `${KIND}/${caseId}/update/${n}`,
      });
      await progress(KIND, caseId, { step: 'supplement', status: 'done', actor: 'user' });
      await acts.sendMessage({ dedupeKey: `${KIND}/${caseId}/update/${n}`, userId, titleKey: 'protectionSupplied', params: { code }, actionLink: detail });
      return view();
    },
    {
      validator: ({ userId: caller }) => {
        if (caller !== userId) throw rejection('http.forbidden');
        if (state !== 'processing' || !supplementRequested) throw rejection('protection.noSupplementRequested');
      },
    },
  );

  const enter = (next: ProtectionState) => {
    state = next;
    upsertSearchAttributes([{ key: CaseState, value: next }]);
    setCurrentDetails(`Rights protection (${input.kind}) with IPCI ${code}: ${next}`);
  };

  const staffTask = async (id: 'acceptance' | 'processing', shape: Pick<TaskSpec, 'fields' | 'categories' | 'values' | 'choices' | 'commentRequired'>) => {
    upsertSearchAttributes([{ key: InboxQueue, value: 'protection' }]);
    const pending = humanTask({
      taskId: `${KIND}/${caseId}/${id}`,
      queue: 'protection',
      step: id,
      caseKind: KIND,
      caseId,
      subjectUserId: userId,
      candidateRoles: [QUEUE_ROLE.protection],
      slaWorkingDays: step(id).slaWorkingDays!,
      slaOverrideMs: input.slaOverrideMs,
      ...shape,
    });
    if (id === 'acceptance') {
      // The reply the user is promised is the acceptance task's due date (7 working days).
      await condition(() => currentTask() !== null);
      await acts.setProtectionReplyDue({ caseId, replyDueAt: currentTask()!.dueAt });
    }
    const decided = await pending;
    upsertSearchAttributes([{ key: InboxQueue, value: null }]);
    return decided;
  };

  const refuse = async (reason: ProtectionRefusalReason, flags: Record<string, string> | null) => {
    await acts.refuseProtectionCase({ caseId, reason, flags });
    enter('refused');
    await progress(KIND, caseId, { step: 'refused', status: 'done', actor: 'system', reasons: { category: reason } });
    await acts.sendMessage({ dedupeKey: `${KIND}/${caseId}/refused`, userId, titleKey: 'protectionRefused', params: { code, reason }, bodyKey: 'protectionRefusalReason', actionLink: detail });
  };

  const run = async (): Promise<void> => {
    enter('acceptance');
    await progress(KIND, caseId, { step: 'submitted', status: 'done', actor: 'user' });
    await acts.sendMessage({ dedupeKey: `${KIND}/${caseId}/submitted`, userId, titleKey: 'protectionSubmitted', params: { code }, actionLink: detail });

    // The platform checks the IPCI again: one that lapsed or was revoked since the form is refused without staff.
    const rule = await acts.checkProtectionEligibility({ caseId });
    if (rule) {
      await progress(KIND, caseId, { step: 'acceptance', status: 'failed', actor: 'system', reasons: { category: rule } });
      return refuse(rule, null);
    }

    const acceptance = await staffTask('acceptance', { fields: PROTECTION_FIELDS, categories: [...PROTECTION_REFUSAL_REASONS] });
    const { decision, decidedBy } = acceptance;
    if (decision.outcome === 'fail') {
      const reason = decision.category as ProtectionRefusalReason;
      await progress(KIND, caseId, { step: 'acceptance', status: 'failed', actor: 'staff', actorName: decidedBy.name, reasons: { ...decision.reasons, category: reason } });
      return refuse(reason, decision.reasons);
    }
    accepting = true;
    await acts.acceptProtectionCase({ caseId });
    enter('processing');
    await progress(KIND, caseId, { step: 'acceptance', status: 'done', actor: 'staff', actorName: decidedBy.name });
    if (input.kind === 'legal') await acts.handProtectionToLawFirm({ caseId, dedupeKey: `${KIND}/${caseId}/lawFirm` });
    await acts.sendMessage({
      dedupeKey: `${KIND}/${caseId}/accepted`,
      userId,
      titleKey: input.kind === 'legal' ? 'protectionHandedOver' : 'protectionAccepted',
      params: { code },
      actionLink: detail,
    });

    const processing = await staffTask('processing', {
      fields: [],
      values: Object.keys(PROTECTION_PROCESSED_CHOICES),
      choices: PROTECTION_PROCESSED_CHOICES,
      commentRequired: true,
    });
    // Closed to progress and supplements from here; the handlers' validators read the state.
    enter('processed');
    const result = processing.decision.values!.result as ProtectionResult;
    const outcome = processing.decision.comment;
    const publicityNo = await acts.finishProtectionCase({ caseId, result, outcome, publish: processing.decision.values!.publish === 'yes' });
    await progress(KIND, caseId, { step: 'processing', status: 'done', actor: 'staff', actorName: processing.decidedBy.name, reasons: { result } });
    await progress(KIND, caseId, { step: 'processed', status: 'done', actor: 'system', reasons: publicityNo ? { result, publicityNo } : { result } });
    await acts.sendMessage({
      dedupeKey: `${KIND}/${caseId}/processed`,
      userId,
      titleKey: 'protectionProcessed',
      params: { code, result, outcome, publicityNo },
      bodyKey: publicityNo ? 'protectionOutcomePublicity' : 'protectionOutcome',
      actionLink: detail,
    });
  };

  await run();
  await condition(allHandlersFinished);
  return state;
}
