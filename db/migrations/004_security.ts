import type { Knex } from 'knex';

/** Security settings: a user's cancellation requests, newest first (the security page reads the latest). */
export async function up(k: Knex): Promise<void> {
  await k.raw('create index account_cancellations_user on account_cancellations (user_id, requested_at desc)');
  // The session list shows a user's live sessions, most recently used first.
  await k.raw('create index sessions_user_seen on sessions (user_id, last_seen_at desc)');
}

export async function down(k: Knex): Promise<void> {
  await k.raw('drop index account_cancellations_user');
  await k.raw('drop index sessions_user_seen');
}
