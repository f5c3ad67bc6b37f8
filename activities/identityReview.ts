import type { Knex } from 'knex';
import { IDENTITY_STATE } from '../domain/identity';
import type { Decision } from '../domain/tasks';
import { decide, resubmit } from '../db/identity';

export function identityReviewActivities(k: Knex) {
  return {
    async applyIdentityDecision(input: { certificationId: string; round: number; decision: Decision }): Promise<void> {
      const approved = input.decision.outcome === 'approve';
      await decide(k, input.certificationId, input.round, approved ? IDENTITY_STATE.verified : IDENTITY_STATE.failed, approved ? null : input.decision.reasons);
    },

    /** Round-guarded: a retry after success changes nothing. */
    async saveIdentityResubmission(input: { certificationId: string; round: number; data: Record<string, unknown> }): Promise<void> {
      await resubmit(k, input.certificationId, input.round, input.data);
    },
  };
}
