import type { Knex } from 'knex';

/**
 * The self-service trade's platform check (tradeOrder workflow) and the back office's trade search:
 * - trades.check_flags / check_round: the fields staff flagged when the check failed, and which
 *   check round the application is in (a resubmission is checked again);
 * - admin lists filter by state alone and by a party (including trades a party deleted from their
 *   own list, which the per-user indexes of 011 leave out);
 * - the admin `q` is an exact match on an IP name (any language, case-insensitive), an IPCI code or a
 *   party's user name: each an indexed lookup, never a scan of every trade.
 */
export async function up(k: Knex): Promise<void> {
  await k.schema.alterTable('trades', (t) => {
    t.jsonb('check_flags').nullable();
    t.integer('check_round').notNullable().defaultTo(1);
  });
  await k.raw('create index trades_state on trades (state, created_at desc, id)');
  await k.raw('create index trades_buyer_all on trades (buyer_id, created_at desc, id)');
  await k.raw('create index trades_seller_all on trades (seller_id, created_at desc, id)');
  for (const lang of ['zh', 'en', 'ja']) await k.raw(`create index ipcis_name_${lang} on ipcis (lower(ip_name_${lang}))`);
}

export async function down(k: Knex): Promise<void> {
  for (const index of ['trades_state', 'trades_buyer_all', 'trades_seller_all', 'ipcis_name_zh', 'ipcis_name_en', 'ipcis_name_ja']) await k.raw(`drop index if exists ${index}`);
  await k.schema.alterTable('trades', (t) => {
    t.dropColumn('check_flags');
    t.dropColumn('check_round');
  });
}
