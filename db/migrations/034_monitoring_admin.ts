import type { Knex } from 'knex';

/**
 * The back office lists every monitoring subscription newest first, filtered by state (db/monitoringAdmin
 * adminSubscriptions): 029's monitoring_subscriptions_live covers active and paused only, by expiry.
 */
export async function up(k: Knex): Promise<void> {
  await k.raw('create index monitoring_subscriptions_state on monitoring_subscriptions (state, created_at desc, id)');
}

export async function down(k: Knex): Promise<void> {
  await k.raw('drop index if exists monitoring_subscriptions_state');
}
