import type { Knex } from 'knex';
import type { ManufacturerData, ManufacturerRefusalReason } from '../domain/manufacturers';
import { insertMessage } from '../db/messages';
import { decideManufacturerReview, manufacturer, relistManufacturer, resubmitManufacturer, suspendManufacturer } from '../db/manufacturers';

/** Where every listing message leads: the applicant's page in the user centre. */
const MANUFACTURER_LINK = 'usercenter/manufacturer';

/**
 * Side effects of the manufacturerListing workflow. Each write is guarded in SQL by the state it
 * leaves (db/manufacturers.ts), so a retried activity changes nothing twice.
 */
export function manufacturerListingActivities(k: Knex) {
  return {
    /**
     * A site message to the applying account (catalog keys of the `messages` namespace,
     * manufacturer.json), naming the manufacturer in the reader's language; the names are read here
     * so they stay out of the workflow's history. Idempotent by key.
     */
    async sendManufacturerMessage(input: { dedupeKey: string; manufacturerId: string; titleKey: string; bodyKey?: string | null; params?: Record<string, unknown> }): Promise<void> {
      const r = await manufacturer(k, input.manufacturerId);
      if (!r) throw new Error(`manufacturer ${input.manufacturerId} not found`);
      await insertMessage(k, {
        dedupeKey: input.dedupeKey,
        userId: r.user_id,
        titleKey: input.titleKey,
        bodyKey: input.bodyKey ?? null,
        params: { name: r.name_zh, names: { zh: r.name_zh, en: r.name_en, ja: r.name_ja }, ...input.params },
        actionLink: MANUFACTURER_LINK,
      });
    },

    async applyManufacturerReview(input: { manufacturerId: string; round: number; failure: { flags: Record<string, string>; reason: ManufacturerRefusalReason | null } | null }): Promise<void> {
      await decideManufacturerReview(k, input.manufacturerId, input.round, input.failure);
    },

    async saveManufacturerResubmission(input: { manufacturerId: string; round: number; data: ManufacturerData }): Promise<void> {
      await resubmitManufacturer(k, input.manufacturerId, input.round, input.data);
    },

    async suspendManufacturer(input: { manufacturerId: string; reason: string }): Promise<void> {
      await suspendManufacturer(k, input.manufacturerId, input.reason);
    },

    async relistManufacturer(input: { manufacturerId: string }): Promise<void> {
      await relistManufacturer(k, input.manufacturerId);
    },
  };
}
