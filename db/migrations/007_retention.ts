import type { Knex } from 'knex';

/** Cancelled accounts whose retention period has ended are purged; the daily job finds them by index. */
export async function up(k: Knex): Promise<void> {
  await k.schema.alterTable('users', (t) => {
    t.timestamp('purged_at', { useTz: true }).nullable();
  });
  await k.raw("create index users_retention_due on users (retain_until) where status = 'cancelled' and purged_at is null");
}

export async function down(k: Knex): Promise<void> {
  await k.raw('drop index users_retention_due');
  await k.schema.alterTable('users', (t) => t.dropColumn('purged_at'));
}
