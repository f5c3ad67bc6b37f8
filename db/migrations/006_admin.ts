import type { Knex } from 'knex';

/** Admin user management and staff messages: user search index, element seeding ledger, message sender. */
export async function up(k: Knex): Promise<void> {
  // The admin user search matches part of the user name, display name or e-mail: a trigram index
  // serves `like '%…%'` on the one expression db/adminUsers.ts searches.
  await k.raw('create extension if not exists pg_trgm');
  await k.raw(
    "create index users_search_trgm on users using gin ((lower(username) || ' ' || lower(display_name) || ' ' || coalesce(lower(email), '')) gin_trgm_ops)",
  );
  // The role filter of the same list: `roles @> array[role]`.
  await k.raw('create index users_roles on users using gin (roles)');
  // Elements of domain/permissions whose defaults were granted once: a later start grants only
  // elements new to the catalogue, so an admin's removal of a default survives restarts.
  await k.schema.createTable('role_elements_seeded', (t) => {
    t.string('element_id', 100).primary();
    t.timestamp('seeded_at', { useTz: true }).notNullable().defaultTo(k.fn.now());
  });
  await k.schema.alterTable('messages', (t) => {
    t.uuid('sender_id').nullable().references('users.id'); // the staff member who wrote a `message`
  });
}

export async function down(): Promise<void> {
  throw new Error('006_admin is not reversible');
}
