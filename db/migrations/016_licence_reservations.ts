import type { Knex } from 'knex';

/**
 * Licence reservations (issue 11, licence conflicts under concurrency): a trade's agreement reserves
 * its licence, so two agreements on the same IP cannot both pass the conflict check.
 *
 * `licences.state`: 'reserved' (agreed, fee or completion outstanding: holds the IP for the conflict
 * check, but is not yet a licence the catalogue shows), 'active' (in force), 'released' (the trade
 * ended without completion; kept for the record). `active` becomes what the conflict check reads —
 * reserved or in force — derived from the state so the two never disagree; its partial index
 * (licences_ipci) is rebuilt on the derived column.
 */
export async function up(k: Knex): Promise<void> {
  await k.schema.alterTable('licences', (t) => {
    t.string('state', 8).notNullable().defaultTo('active');
  });
  await k('licences').where({ active: false }).update({ state: 'released' });
  await k.raw("alter table licences add constraint licences_state check (state in ('reserved', 'active', 'released'))");
  await k.raw('alter table licences drop column active'); // drops licences_ipci with it
  await k.raw("alter table licences add column active boolean generated always as (state <> 'released') stored");
  await k.raw('create index licences_ipci on licences (ipci_id) where active');
}

export async function down(k: Knex): Promise<void> {
  await k.raw('alter table licences drop column active');
  await k.raw('alter table licences add column active boolean not null default true');
  await k.raw("update licences set active = false where state = 'released'");
  await k.raw('create index licences_ipci on licences (ipci_id) where active');
  await k.raw('alter table licences drop constraint licences_state');
  await k.schema.alterTable('licences', (t) => t.dropColumn('state'));
}
