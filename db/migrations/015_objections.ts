import type { Knex } from 'knex';

/**
 * Rights objections and the back office's IP information (issue 11): until when the holder may answer
 * an admitted objection, and the search indexes of the two staff lists — every listing (listed or
 * taken down) by newest and by name, objections by company name (trigram: part of a name matches).
 */
export async function up(k: Knex): Promise<void> {
  await k.schema.alterTable('objections', (t) => {
    t.timestamp('answer_due_at', { useTz: true }).nullable();
  });
  await k.raw("create index objections_company_trgm on objections using gin (lower(data->>'companyName') gin_trgm_ops)");
  await k.raw('create index ip_listings_admin on ip_listings (listed, listed_at desc, id)');
  await k.raw('create index ip_listings_all on ip_listings (listed_at desc, id)');
  await k.raw("create index ip_listings_names_trgm on ip_listings using gin (lower(name_zh || ' ' || name_en || ' ' || name_ja) gin_trgm_ops)");
}

export async function down(k: Knex): Promise<void> {
  for (const index of ['objections_company_trgm', 'ip_listings_admin', 'ip_listings_all', 'ip_listings_names_trgm']) await k.raw(`drop index if exists ${index}`);
  await k.schema.alterTable('objections', (t) => t.dropColumn('answer_due_at'));
}
