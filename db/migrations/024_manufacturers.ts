import type { Knex } from 'knex';

/**
 * The anti-counterfeiting manufacturer directory (issue 14, domain/manufacturers.ts): applications
 * and their listing. Every list a visitor, an applicant or staff pages through has an index in its
 * order; names are searched by trigram like law firms'.
 */
export async function up(k: Knex): Promise<void> {
  await k.schema.createTable('manufacturers', (t) => {
    t.uuid('id').primary().defaultTo(k.raw('gen_random_uuid()'));
    t.uuid('user_id').notNullable().references('users.id'); // the applying account
    t.string('state', 16).notNullable(); // domain MANUFACTURER_STATES
    t.jsonb('data').notNullable(); // domain manufacturerSchema
    t.string('name_zh', 200).notNullable();
    t.string('name_en', 200).notNullable().defaultTo('');
    t.string('name_ja', 200).notNullable().defaultTo('');
    t.integer('round').notNullable().defaultTo(1);
    t.jsonb('review_flags').nullable();
    t.string('refusal_reason', 32).nullable(); // domain MANUFACTURER_REFUSAL_REASONS
    t.timestamp('listed_at', { useTz: true }).nullable();
    t.text('suspended_reason').nullable();
    t.string('agreement_version', 20).notNullable();
    t.timestamp('agreement_accepted_at', { useTz: true }).notNullable();
    t.string('workflow_id', 200).notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(k.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(k.fn.now());
  });
  // One application per account: a manufacturer is listed once; corrections and rechecks reuse it.
  await k.raw('create unique index manufacturers_per_user on manufacturers (user_id)');
  // The directory: listed manufacturers, the most recently listed first.
  await k.raw("create index manufacturers_directory on manufacturers (listed_at desc, id desc) where state = 'listed'");
  await k.raw('create index manufacturers_state on manufacturers (state, created_at desc, id desc)');
  await k.raw('create index manufacturers_all on manufacturers (created_at desc, id desc)');
  await k.raw("create index manufacturers_names_trgm on manufacturers using gin (lower(name_zh || ' ' || name_en || ' ' || name_ja) gin_trgm_ops)");
}

export async function down(k: Knex): Promise<void> {
  await k.schema.dropTable('manufacturers');
}
