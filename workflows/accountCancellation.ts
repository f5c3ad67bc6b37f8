import { allHandlersFinished, condition, defineQuery, defineUpdate, setCurrentDetails, setHandler, upsertSearchAttributes, workflowInfo } from '@temporalio/workflow';
import { accountCancellation as model } from '../domain/processes/accountCancellation';
import { CANCELLATION_DECISION_FIELDS } from '../domain/security';
import { QUEUE_ROLE } from '../domain/tasks';
import { acts } from './lib/activities';
import { installTaskHandlers, stoppableHumanTask } from './lib/humanTask';
import { progress } from './lib/progress';
import { rejection } from './lib/rejection';
import { CaseState } from './lib/searchAttributes';

export interface AccountCancellationInput {
  cancellationId: string;
  userId: string;
}

export type AccountCancellationState = 'pending' | 'cancelled' | 'rejected' | 'withdrawn';

/** The user takes a pending request back; answers once the request is settled as withdrawn. */
export const withdrawCancellation = defineUpdate<{ state: AccountCancellationState }, [{ userId: string }]>('withdrawCancellation');
export const cancellationState = defineQuery<AccountCancellationState>('cancellationState');

const KIND = model.kind;
const AUDIT = model.steps.find((s) => s.id === 'audit')!;

export async function accountCancellation(input: AccountCancellationInput): Promise<AccountCancellationState> {
  const { cancellationId: caseId, userId } = input;
  let state: AccountCancellationState = 'pending';
  let withdrawRequested = false;

  installTaskHandlers();
  setHandler(cancellationState, () => state);
  setHandler(
    withdrawCancellation,
    async () => {
      withdrawRequested = true;
      await condition(() => state !== 'pending');
      // An admin's decision that arrived in the same moment wins; the user is told it was too late.
      if (state !== 'withdrawn') throw rejection('cancellation.alreadyDecided');
      return { state };
    },
    {
      validator: ({ userId: caller }) => {
        if (caller !== userId) throw rejection('http.forbidden');
        if (state !== 'pending' || withdrawRequested) throw rejection('cancellation.notPending');
      },
    },
  );

  const enter = (next: AccountCancellationState) => {
    state = next;
    upsertSearchAttributes([{ key: CaseState, value: next }]);
    setCurrentDetails(`Account cancellation ${caseId}: ${next}`);
  };

  enter('pending');
  await progress(KIND, caseId, { step: 'request', status: 'done', actor: 'user' });
  await acts.sendMessage({ dedupeKey: `${caseId}/received`, userId, titleKey: 'cancellation.received', actionLink: 'usercenter/cancellation' });

  const taskId = `${KIND}/${caseId}/${AUDIT.id}/1`;
  const decided = await stoppableHumanTask(
    {
      taskId,
      queue: 'cancellation',
      step: AUDIT.id,
      caseKind: KIND,
      caseId,
      subjectUserId: userId,
      candidateRoles: [QUEUE_ROLE.cancellation],
      slaWorkingDays: AUDIT.slaWorkingDays!,
      fields: [...CANCELLATION_DECISION_FIELDS],
    },
    () => withdrawRequested,
  );

  if (decided?.decision.outcome === 'approve') {
    const { decision, decidedBy } = decided;
    await acts.closeAccount({ cancellationId: caseId, decidedBy: decidedBy.userId, comment: decision.comment });
    await progress(KIND, caseId, { step: 'audit', status: 'done', actor: 'staff', actorName: decidedBy.name });
    await progress(KIND, caseId, { step: 'cancelled', status: 'done', actor: 'system' });
    enter('cancelled');
  } else if (decided) {
    const { decision, decidedBy } = decided;
    const reason = decision.reasons.cancellationRequest ?? '';
    await acts.rejectCancellation({ cancellationId: caseId, decidedBy: decidedBy.userId, reason });
    await progress(KIND, caseId, { step: 'audit', status: 'failed', actor: 'staff', actorName: decidedBy.name, reasons: decision.reasons });
    await progress(KIND, caseId, { step: 'rejected', status: 'done', actor: 'system' });
    await acts.sendMessage({ dedupeKey: `${caseId}/rejected`, userId, titleKey: 'cancellation.rejected', params: { reason }, actionLink: 'usercenter/cancellation' });
    enter('rejected');
  } else {
    await acts.withdrawCancellation({
      cancellationId: caseId,
      task: { taskId, caseKind: KIND, caseId, workflowId: workflowInfo().workflowId, queue: 'cancellation', step: AUDIT.id, subjectUserId: userId },
    });
    // The audit step ends without a decision: closed by the applicant.
    await progress(KIND, caseId, { step: 'audit', status: 'done', actor: 'user' });
    await progress(KIND, caseId, { step: 'withdrawn', status: 'done', actor: 'user' });
    enter('withdrawn');
  }

  await condition(allHandlersFinished);
  return state;
}
