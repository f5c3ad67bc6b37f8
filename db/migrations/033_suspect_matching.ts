import type { Knex } from 'knex';

/**
 * What matching a subscription (activities/monitoringMatch.ts) keeps beside migration 029:
 *
 * - crawl_images.pdq_quality: PDQ's own quality figure (0–100). A flat picture's hash says little,
 *   so the matcher's global stage leaves low-quality hashes to the local stage; it is computed with
 *   the hash and must be kept with it.
 * - crawl_images.signature_error: why an image could not be signed ('undecodable', 'missing'); such
 *   an image is skipped from then on instead of being tried again on every crawl.
 * - crawl_images.watermark_sha256 / watermark_mark: the dark watermark read from the image (the mark,
 *   or null when it carries none) and the content hash it was read from. Reading takes about a second
 *   per picture, so an image is read once per content, whichever subscription asks.
 * - Indexes for the suspects list's filters (match kind; a subscription with a state or a match
 *   kind), for authorising a site (a user's suspects on one host), and for finding unsigned images.
 */
export async function up(k: Knex): Promise<void> {
  await k.schema.alterTable('crawl_images', (t) => {
    t.smallint('pdq_quality').nullable();
    t.string('signature_error', 20).nullable();
    t.string('watermark_sha256', 64).nullable();
    t.bigInteger('watermark_mark').nullable(); // domain/watermark markToDb
  });
  await k.raw('create index crawl_images_unsigned on crawl_images (id) where pdq is null and signature_error is null');
  await k.raw('create index suspects_user_match on suspects (user_id, match_kind, detected_at desc, id)');
  await k.raw('create index suspects_subscription_state on suspects (subscription_id, state, detected_at desc, id)');
  await k.raw('create index suspects_subscription_match on suspects (subscription_id, match_kind, detected_at desc, id)');
  await k.raw('create index suspects_user_website on suspects (user_id, website)');
}

export async function down(k: Knex): Promise<void> {
  for (const index of ['crawl_images_unsigned', 'suspects_user_match', 'suspects_subscription_state', 'suspects_subscription_match', 'suspects_user_website']) await k.raw(`drop index if exists ${index}`);
  await k.schema.alterTable('crawl_images', (t) => {
    t.dropColumns('pdq_quality', 'signature_error', 'watermark_sha256', 'watermark_mark');
  });
}
