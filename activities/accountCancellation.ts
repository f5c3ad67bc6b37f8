import type { Knex } from 'knex';
import { cancelTaskRow, closeAccount, settleCancellation } from '../db/cancellations';

export function accountCancellationActivities(k: Knex) {
  return {
    /** Approved: the account is closed at once and for good (db/cancellations closeAccount). Idempotent. */
    async closeAccount(input: { cancellationId: string; decidedBy: string; comment: string }): Promise<void> {
      await closeAccount(k, input);
    },

    /** Rejected: the account stays; the admin's reason is kept with the request. Idempotent. */
    async rejectCancellation(input: { cancellationId: string; decidedBy: string; reason: string }): Promise<void> {
      await settleCancellation(k, input.cancellationId, 'rejected', { decidedBy: input.decidedBy, comment: input.reason });
    },

    /** Withdrawn by the user: the request is settled and its open audit task cancelled. Idempotent. */
    async withdrawCancellation(input: { cancellationId: string; task: Parameters<typeof cancelTaskRow>[1] }): Promise<void> {
      await k.transaction(async (trx) => {
        await settleCancellation(trx, input.cancellationId, 'withdrawn');
        await cancelTaskRow(trx, input.task);
      });
    },
  };
}
