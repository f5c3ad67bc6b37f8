import { getClient } from '@temporalio/activity';
import type { Knex } from 'knex';
import type { ObjectionAnswer, ObjectionData, ObjectionOutcome, ObjectionReasonCategory, ObjectionState } from '../domain/objections';
import { cancelTaskRow } from '../db/cancellations';
import { decide, markWithdrawn, saveAnswer, saveData, setState } from '../db/objections';
import { revokeIpci, staffTakeDownIpci } from '../workflows/ipciLifecycle';

export function objectionActivities(k: Knex) {
  /** Whether the IPCI already shows the outcome (a retried activity, or a lifecycle that ended). */
  const applied = async (ipciId: string, outcome: ObjectionOutcome) => {
    const row = await k('ipcis').where({ id: ipciId }).first('invalid_at', 'staff_take_down');
    return row.invalid_at !== null || (outcome === 'takeDown' && row.staff_take_down !== null);
  };

  return {
    async saveObjectionData(input: { objectionId: string; data: ObjectionData }): Promise<void> {
      await saveData(k, input.objectionId, input.data);
    },

    async setObjectionState(input: { objectionId: string; state: ObjectionState; answerDueAt: string | null }): Promise<void> {
      await setState(k, input.objectionId, input.state, input.answerDueAt);
    },

    async saveObjectionAnswer(input: { objectionId: string; answer: ObjectionAnswer }): Promise<void> {
      await saveAnswer(k, input.objectionId, input.answer, new Date().toISOString());
    },

    async decideObjection(input: { objectionId: string; state: 'approved' | 'failed'; opinion: string; outcome: ObjectionOutcome | null; category: ObjectionReasonCategory | null }): Promise<void> {
      await decide(k, input.objectionId, input);
    },

    async withdrawObjection(input: { objectionId: string; task: Parameters<typeof cancelTaskRow>[1] | null }): Promise<void> {
      await k.transaction(async (trx) => {
        await markWithdrawn(trx, input.objectionId);
        if (input.task) await cancelTaskRow(trx, input.task);
      });
    },

    /**
     * An upheld objection acts through the IPCI's own lifecycle workflow (its Updates), which revokes
     * or takes the listing down, delists it and tells the holder. Idempotent: an outcome already in
     * place (a retry, or a certificate that became invalid meanwhile) is left as it is.
     */
    async applyObjectionOutcome(input: { ipciId: string; ipciWorkflowId: string; outcome: ObjectionOutcome; category: ObjectionReasonCategory; opinion: string; staffName: string }): Promise<void> {
      if (await applied(input.ipciId, input.outcome)) return;
      const handle = getClient().workflow.getHandle(input.ipciWorkflowId);
      const reason = input.opinion || input.category;
      try {
        if (input.outcome === 'revoke') await handle.executeUpdate(revokeIpci, { args: [{ reason, category: input.category }] });
        else await handle.executeUpdate(staffTakeDownIpci, { args: [{ reason, staffName: input.staffName }] });
      } catch (err) {
        if (!(await applied(input.ipciId, input.outcome))) throw err;
      }
    },
  };
}
