import { allHandlersFinished, condition, defineQuery, defineUpdate, setHandler, upsertSearchAttributes, setCurrentDetails } from '@temporalio/workflow';
import { identityFields, type IdentityKind } from '../domain/identity';
import { identityReview as model } from '../domain/processes/identityReview';
import { QUEUE_ROLE } from '../domain/tasks';
import { acts } from './lib/activities';
import { humanTask, installTaskHandlers } from './lib/humanTask';
import { progress } from './lib/progress';
import { rejection } from './lib/rejection';
import { CaseState, InboxQueue } from './lib/searchAttributes';

export interface IdentityReviewInput {
  certificationId: string;
  userId: string;
  kind: IdentityKind;
  /** Tests shorten the review SLA; production leaves it unset. */
  slaOverrideMs?: number;
}

export type IdentityReviewState = 'under_review' | 'failed' | 'verified';

/** The user's corrected data arrives through this Update, after the API checked it with the domain schema. */
export const resubmitIdentity = defineUpdate<{ round: number }, [{ userId: string; data: Record<string, unknown> }]>('resubmitIdentity');
export const identityState = defineQuery<{ state: IdentityReviewState; round: number }>('identityState');

const KIND = model.kind;
const REVIEW = model.steps.find((s) => s.id === 'review')!;

export async function identityReview(input: IdentityReviewInput): Promise<IdentityReviewState> {
  const { certificationId: caseId } = input;
  let state: IdentityReviewState = 'under_review';
  let round = 1;
  let resubmitted = false;

  installTaskHandlers();
  setHandler(identityState, () => ({ state, round }));
  setHandler(
    resubmitIdentity,
    async ({ data }) => {
      state = 'under_review';
      round += 1;
      await acts.saveIdentityResubmission({ certificationId: caseId, round, data });
      resubmitted = true;
      return { round };
    },
    {
      validator: ({ userId }) => {
        if (userId !== input.userId) throw rejection('http.forbidden');
        if (state !== 'failed') throw rejection('identity.notAwaitingCorrection');
      },
    },
  );

  const enter = (next: IdentityReviewState) => {
    state = next;
    upsertSearchAttributes([{ key: CaseState, value: next }]);
    setCurrentDetails(`Identity certification (${input.kind}), round ${round}: ${next.replace('_', ' ')}`);
  };

  enter('under_review');
  await progress(KIND, caseId, { step: 'submit', status: 'done', actor: 'user' });

  for (;;) {
    upsertSearchAttributes([{ key: InboxQueue, value: 'identity' }]);
    const { decision, decidedBy } = await humanTask({
      taskId: `${KIND}/${caseId}/review/${round}`,
      queue: 'identity',
      step: REVIEW.id,
      caseKind: KIND,
      caseId,
      subjectUserId: input.userId,
      candidateRoles: [QUEUE_ROLE.identity],
      slaWorkingDays: REVIEW.slaWorkingDays!,
      fields: identityFields(input.kind),
      slaOverrideMs: input.slaOverrideMs,
    });
    upsertSearchAttributes([{ key: InboxQueue, value: null }]);
    await acts.applyIdentityDecision({ certificationId: caseId, round, decision });

    if (decision.outcome === 'approve') {
      await progress(KIND, caseId, { step: 'review', status: 'done', actor: 'staff', actorName: decidedBy.name });
      await progress(KIND, caseId, { step: 'verified', status: 'done', actor: 'system' });
      await acts.sendMessage({ dedupeKey: `${caseId}/verified`, userId: input.userId, titleKey: 'identityVerified', actionLink: 'usercenter/identity' });
      enter('verified');
      break;
    }

    await progress(KIND, caseId, { step: 'review', status: 'failed', actor: 'staff', actorName: decidedBy.name, reasons: decision.reasons });
    await progress(KIND, caseId, { step: 'correction', status: 'current', actor: 'user' });
    await acts.sendMessage({ dedupeKey: `${caseId}/failed/${round}`, userId: input.userId, titleKey: 'identityFailed', actionLink: 'usercenter/identity' });
    enter('failed');
    await condition(() => resubmitted);
    resubmitted = false;
    enter('under_review');
    await progress(KIND, caseId, { step: 'correction', status: 'done', actor: 'user' });
  }

  await condition(allHandlersFinished);
  return state;
}
