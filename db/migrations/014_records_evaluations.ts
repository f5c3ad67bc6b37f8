import type { Knex } from 'knex';

/**
 * Indexes of the back office's record and evaluation searches (issue 11, records-entrusted area):
 * a trade record by its licensee's name (any case), every record of one IP (hidden ones too), and
 * evaluations by their stars.
 */
export async function up(k: Knex): Promise<void> {
  await k.raw('create index trade_records_licensee on trade_records (lower(licensee))');
  await k.raw('create index trade_records_ipci_all on trade_records (ipci_id, created_at desc, id)');
  await k.raw('create index evaluations_stars on evaluations (stars, created_at desc, id)');
}

export async function down(k: Knex): Promise<void> {
  for (const index of ['trade_records_licensee', 'trade_records_ipci_all', 'evaluations_stars']) await k.raw(`drop index if exists ${index}`);
}
