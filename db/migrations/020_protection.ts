import type { Knex } from 'knex';

/**
 * Rights protection and the law-firm directory (issue 12): law firms and their listing, protection
 * cases with their correspondence, the public publicity list, and a dedupe key on the outbox so a
 * retried activity sends an e-mail once. Every list a user, a firm or staff pages through has an
 * index in its order.
 */
export async function up(k: Knex): Promise<void> {
  await k.schema.createTable('law_firms', (t) => {
    t.uuid('id').primary().defaultTo(k.raw('gen_random_uuid()'));
    t.uuid('user_id').notNullable().references('users.id'); // the applying account
    t.string('state', 24).notNullable(); // domain LAW_FIRM_STATES
    t.jsonb('data').notNullable(); // domain lawFirmSchema
    t.string('name_zh', 200).notNullable();
    t.string('name_en', 200).notNullable().defaultTo('');
    t.string('name_ja', 200).notNullable().defaultTo('');
    t.specificType('countries', 'text[]').notNullable().defaultTo('{}');
    t.boolean('recommended').notNullable().defaultTo(false);
    t.integer('round').notNullable().defaultTo(1);
    t.jsonb('review_flags').nullable();
    t.uuid('order_id').nullable().references('orders.id');
    t.timestamp('payment_due_at', { useTz: true }).nullable();
    t.timestamp('listed_at', { useTz: true }).nullable();
    t.date('listed_until').nullable(); // China date the current term ends
    t.text('suspended_reason').nullable();
    t.string('agreement_version', 20).notNullable();
    t.timestamp('agreement_accepted_at', { useTz: true }).notNullable();
    t.string('workflow_id', 200).notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(k.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(k.fn.now());
  });
  // One open application per account; a lapsed or expired one leaves room for a new application.
  await k.raw("create unique index law_firms_open_per_user on law_firms (user_id) where state not in ('lapsed', 'expired')");
  await k.raw('create index law_firms_user on law_firms (user_id, created_at desc, id)');
  // The directory: listed firms, recommended first, then the longest-listed, then id.
  await k.raw("create index law_firms_directory on law_firms ((recommended::int) desc, listed_at, id) where state = 'listed'");
  await k.raw("create index law_firms_countries on law_firms using gin (countries) where state = 'listed'");
  await k.raw('create index law_firms_state on law_firms (state, created_at desc, id)');
  await k.raw('create index law_firms_all on law_firms (created_at desc, id)');
  await k.raw("create index law_firms_names_trgm on law_firms using gin (lower(name_zh || ' ' || name_en || ' ' || name_ja) gin_trgm_ops)");

  await k.schema.createTable('protection_cases', (t) => {
    t.uuid('id').primary().defaultTo(k.raw('gen_random_uuid()'));
    t.uuid('user_id').notNullable().references('users.id');
    t.uuid('ipci_id').notNullable().references('ipcis.id');
    t.string('kind', 16).notNullable(); // administrative | legal
    t.string('state', 16).notNullable(); // domain PROTECTION_STATES
    t.jsonb('data').notNullable(); // domain protectionSchema
    t.uuid('law_firm_id').nullable().references('law_firms.id');
    t.string('refusal_reason', 32).nullable(); // domain PROTECTION_REFUSAL_REASONS
    t.jsonb('review_flags').nullable();
    t.string('result', 16).nullable(); // domain PROTECTION_RESULTS
    t.text('outcome').nullable();
    t.string('publicity_no', 16).nullable().unique();
    t.boolean('supplement_requested').notNullable().defaultTo(false);
    t.timestamp('reply_due_at', { useTz: true }).nullable();
    t.string('workflow_id', 200).notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(k.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(k.fn.now());
    t.timestamp('accepted_at', { useTz: true }).nullable();
    t.timestamp('processed_at', { useTz: true }).nullable();
  });
  await k.raw('create index protection_cases_user on protection_cases (user_id, state, created_at desc, id)');
  await k.raw('create index protection_cases_user_all on protection_cases (user_id, created_at desc, id)');
  await k.raw('create index protection_cases_state on protection_cases (state, created_at desc, id)');
  await k.raw('create index protection_cases_all on protection_cases (created_at desc, id)');
  await k.raw('create index protection_cases_ipci on protection_cases (ipci_id)');
  await k.raw('create index protection_cases_law_firm on protection_cases (law_firm_id) where law_firm_id is not null');
  await k.raw(
    "create index protection_cases_search_trgm on protection_cases using gin (lower((data->>'ipName') || ' ' || coalesce(data->>'infringer', '')) gin_trgm_ops)",
  );

  // Staff progress, requests for materials and the user's supplements, in order.
  await k.schema.createTable('protection_updates', (t) => {
    t.bigIncrements('id');
    t.uuid('case_id').notNullable().references('protection_cases.id');
    t.string('kind', 24).notNullable(); // domain PROTECTION_UPDATE_KINDS
    t.string('author', 8).notNullable(); // staff | user
    t.uuid('author_id').nullable().references('users.id');
    t.string('author_name', 100).nullable();
    t.text('note').notNullable();
    t.jsonb('attachments').notNullable().defaultTo('[]');
    t.string('dedupe_key', 200).notNullable().unique();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(k.fn.now());
  });
  await k.raw('create index protection_updates_case on protection_updates (case_id, id)');
  await k.raw("create index protection_updates_attachments on protection_updates using gin (attachments jsonb_path_ops)");

  await k.raw('create sequence protection_publicity_seq');
  await k.schema.createTable('protection_publicity', (t) => {
    t.uuid('id').primary().defaultTo(k.raw('gen_random_uuid()'));
    t.string('publicity_no', 16).notNullable().unique();
    t.uuid('case_id').nullable().unique().references('protection_cases.id');
    t.string('kind', 16).notNullable();
    t.jsonb('data').notNullable(); // domain publicitySchema, without `published`
    t.boolean('published').notNullable().defaultTo(false);
    t.timestamp('published_at', { useTz: true }).nullable();
    t.uuid('created_by').nullable().references('users.id');
    t.uuid('updated_by').nullable().references('users.id');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(k.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(k.fn.now());
  });
  await k.raw('create index protection_publicity_public on protection_publicity (published_at desc, id) where published');
  await k.raw('create index protection_publicity_all on protection_publicity (created_at desc, id)');
  await k.raw(
    "create index protection_publicity_trgm on protection_publicity using gin (lower(publicity_no || ' ' || (data->>'titleZh') || ' ' || coalesce(data->>'titleEn', '') || ' ' || coalesce(data->>'titleJa', '') || ' ' || (data->>'ipNameZh')) gin_trgm_ops)",
  );

  await k.schema.alterTable('outbox', (t) => {
    t.string('dedupe_key', 200).nullable().unique();
  });
}

export async function down(k: Knex): Promise<void> {
  await k.schema.alterTable('outbox', (t) => t.dropColumn('dedupe_key'));
  for (const table of ['protection_publicity', 'protection_updates', 'protection_cases', 'law_firms']) await k.schema.dropTableIfExists(table);
  await k.raw('drop sequence if exists protection_publicity_seq');
}
