import type { Knex } from 'knex';
import type { PaperAddress } from '../domain/paperCertificate';
import type { Decision } from '../domain/tasks';
import { correctAddress, flagAddress, markMailed } from '../db/paperCertificates';

export function paperCertificateActivities(k: Knex) {
  return {
    /** Approved: mailed with the carrier and tracking number finance gave; failed: the address is flagged. */
    async applyPaperDecision(input: { paperId: string; round: number; decision: Decision }): Promise<void> {
      const { decision } = input;
      if (decision.outcome === 'approve') await markMailed(k, input.paperId, input.round, decision.values!.carrier, decision.values!.trackingNo);
      else await flagAddress(k, input.paperId, input.round, decision.reasons);
    },

    async savePaperAddress(input: { paperId: string; round: number; address: PaperAddress }): Promise<void> {
      await correctAddress(k, input.paperId, input.round, input.address);
    },
  };
}
