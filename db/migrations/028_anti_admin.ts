import type { Knex } from 'knex';

/**
 * The anti-counterfeiting back office (issue 14) reads lists and day sums 023–026 have no index for:
 *
 * - orders_anti_counterfeit: `antifakeOrder` lists one order type newest first; orders_all would be
 *   read through every other type's orders to fill a page.
 * - orders_anti_counterfeit_paid: `antiStatistics`' packages sold are the package orders paid in a
 *   range of days.
 * - gallery_files_day: capacity consumed per day over every user (the gallery's own indexes all lead
 *   with the user).
 * - watermark_checks_found: `detectedWatermark` lists the checks that found a mark, any medium, newest
 *   first (watermark_checks_all leads with the medium, watermark_checks_owner with the owner).
 *
 * The rest is covered: capacity_grants_all (recharges by day), watermark_checks_day (checks by day),
 * watermark_items_all and watermark_checks_all (the image/video watermark and detection lists).
 */
export async function up(k: Knex): Promise<void> {
  await k.raw("create index orders_anti_counterfeit on orders (created_at desc, id) where type = 'antiCounterfeit'");
  await k.raw("create index orders_anti_counterfeit_paid on orders (paid_at) where type = 'antiCounterfeit' and paid_at is not null");
  await k.raw('create index gallery_files_day on gallery_files (created_at)');
  await k.raw('create index watermark_checks_found on watermark_checks (checked_at desc, id) where found');
}

export async function down(k: Knex): Promise<void> {
  for (const index of ['watermark_checks_found', 'gallery_files_day', 'orders_anti_counterfeit_paid', 'orders_anti_counterfeit']) await k.raw(`drop index if exists ${index}`);
}
