import type { Knex } from 'knex';
import type { LicenceConflict } from '../domain/licences';
import type { NegotiatedTerms } from '../domain/processes/entrustedTrade';
import { LicenceConflictError } from '../db/licences';
import { completeTrade } from '../db/trades';

/** Adds to what staff recorded on the trade (contact, result); a retry writes the same keys again. */
async function mergeOutcome(k: Knex, tradeId: string, outcome: Record<string, unknown>): Promise<void> {
  await k('trades')
    .where({ id: tradeId })
    .update({ outcome: k.raw("coalesce(outcome, '{}'::jsonb) || ?::jsonb", [JSON.stringify(outcome)]), updated_at: k.fn.now() });
}

/** Side effects of the entrustedTrade workflow that the trade workflows do not share; each idempotent. */
export function entrustedTradeActivities(k: Knex) {
  return {
    async mergeEntrustedOutcome(input: { tradeId: string; outcome: Record<string, unknown> }): Promise<void> {
      await mergeOutcome(k, input.tradeId, input.outcome);
    },

    /**
     * The negotiated result: in one transaction the agreed terms replace the application's, and the
     * trade completes with its trade record, licence in force and the listing's trade status
     * (db/trades completeTrade). A licence written since staff checked the terms may conflict with
     * them: then nothing is written and the conflicts come back (a retry would only meet them again).
     * A retry after success changes nothing.
     */
    async completeEntrustedTrade(input: { tradeId: string; terms: NegotiatedTerms; outcome: Record<string, unknown> }): Promise<LicenceConflict[]> {
      const { terms } = input;
      try {
        await k.transaction(async (trx) => {
          const open = await trx('trades')
            .where({ id: input.tradeId })
            .whereNot({ state: 'completed' })
            .update({ price_fen: terms.priceFen, exclusive: terms.exclusive, channels: [...terms.channels], region: terms.region, term_from: terms.termFrom, term_to: terms.termTo });
          if (open) await mergeOutcome(trx, input.tradeId, input.outcome);
          await completeTrade(trx, input.tradeId);
        });
        return [];
      } catch (err) {
        if (err instanceof LicenceConflictError) return err.conflicts;
        throw err;
      }
    },
  };
}
