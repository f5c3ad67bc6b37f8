import type { Knex } from 'knex';

/** Profile and invitation statistics. */
export async function up(k: Knex): Promise<void> {
  // 002_accounts made gender varchar(8): too short for 'undisclosed'.
  await k.raw('alter table users alter column gender type varchar(16)');
  // Date-range statistics read only invitees' rows, in registration order.
  await k.raw('create index users_invitee_created on users (created_at) where invited_by is not null');
  // Prefix search (`like 'abc%'`) on lower-cased names; text_pattern_ops works whatever the collation.
  await k.raw('create index users_username_prefix on users (lower(username) text_pattern_ops)');
  await k.raw('create index users_display_name_prefix on users (lower(display_name) text_pattern_ops)');
}

export async function down(): Promise<void> {
  throw new Error('005_profile is not reversible');
}
