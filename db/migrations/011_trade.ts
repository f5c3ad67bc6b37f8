import type { Knex } from 'knex';

/**
 * Licensing trade and rights objections (issue 11): the public catalogue's search and sort columns
 * on the listing, the category and scope dictionaries, trades in their three modes with their
 * message threads, licences in force (the facts the conflict check reads), trade records,
 * evaluations and objections. Every list a user or staff member pages through has a
 * (owner or filter, time desc, id) index for keyset paging.
 */
export async function up(k: Knex): Promise<void> {
  await k.schema.alterTable('ip_listings', (t) => {
    t.string('holder', 200).notNullable().defaultTo('');
    t.string('exclusive', 1).notNullable().defaultTo(''); // domain EXCLUSIVITY
    t.string('sublicensing', 1).notNullable().defaultTo(''); // domain SUBLICENSING
    t.string('term_type', 1).notNullable().defaultTo(''); // domain RIGHTS_TERMS
    t.integer('search_count').notNullable().defaultTo(0); // each view of the detail counts one
    t.integer('rating_count').notNullable().defaultTo(0); // evaluations of completed trades of this IP
    t.integer('rating_sum').notNullable().defaultTo(0);
    t.string('trade_status', 16).notNullable().defaultTo('open'); // domain TRADE_STATUSES: open | licensed | exclusive
    t.specificType('search_vector', 'tsvector').notNullable().defaultTo(k.raw("''::tsvector")); // domain searchTokens
  });
  await k.raw(
    'alter table ip_listings add column rating_avg numeric(4,3) generated always as (case when rating_count = 0 then 0 else round(rating_sum::numeric / rating_count, 3) end) stored',
  );
  await k.raw('create index ip_listings_search on ip_listings using gin (search_vector) where listed');
  await k.raw('create index ip_listings_popular on ip_listings (search_count desc, id) where listed');
  await k.raw('create index ip_listings_rated on ip_listings (rating_avg desc, id) where listed');
  await k.raw('create index ip_listings_owner on ip_listings (user_id, listed_at desc, id) where listed');

  await k.schema.alterTable('ipcis', (t) => {
    // A staff take-down (back office ipInformation) with its reason; the owner cannot relist it.
    t.jsonb('staff_take_down').nullable();
    // The public reason category of a revocation (domain OBJECTION_REASON_CATEGORIES), no personal data.
    t.string('revocation_category', 32).nullable();
  });

  // The admin-editable dictionaries the forms use: ipCategory and rightScope (domain DICTIONARY_TYPES).
  await k.schema.createTable('dictionary_entries', (t) => {
    t.string('type', 32).notNullable();
    t.string('code', 32).notNullable();
    t.string('label_zh', 100).notNullable();
    t.string('label_en', 100).notNullable();
    t.string('label_ja', 100).notNullable();
    t.integer('sort').notNullable().defaultTo(0);
    t.boolean('active').notNullable().defaultTo(true);
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(k.fn.now());
    t.primary(['type', 'code']);
  });

  await k.schema.createTable('trades', (t) => {
    t.uuid('id').primary().defaultTo(k.raw('gen_random_uuid()'));
    t.string('mode', 16).notNullable(); // domain TRADE_MODES
    t.uuid('ipci_id').notNullable().references('ipcis.id');
    t.uuid('buyer_id').notNullable().references('users.id');
    t.uuid('seller_id').notNullable().references('users.id');
    t.string('state', 24).notNullable(); // domain TRADE_STATES (the spec's list states)
    t.string('step', 32).notNullable(); // domain TRADE_STEPS (where the workflow is)
    t.jsonb('application').notNullable(); // the form as submitted (domain schemas per mode)
    t.bigInteger('price_fen').nullable(); // the licence price agreed so far
    t.boolean('exclusive').nullable();
    t.specificType('channels', 'text[]').notNullable().defaultTo('{}'); // rightScope codes
    t.string('region', 200).notNullable().defaultTo('');
    t.date('term_from').nullable(); // both null: permanent
    t.date('term_to').nullable();
    t.jsonb('counter_offer').nullable(); // the seller's open counter-offer
    t.text('reject_reason').nullable();
    t.string('close_reason', 32).nullable(); // domain TRADE_CLOSE_REASONS
    t.jsonb('outcome').nullable(); // entrusted / manual: what staff recorded
    t.bigInteger('service_fee_fen').nullable();
    t.uuid('order_id').nullable();
    t.uuid('parent_trade_id').nullable(); // a contact-seller case continued as a self-service trade
    t.string('workflow_id', 200).notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(k.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(k.fn.now());
    t.timestamp('completed_at', { useTz: true }).nullable();
    // "Delete" removes a finished trade from one party's list only; the other party keeps theirs.
    t.timestamp('buyer_deleted_at', { useTz: true }).nullable();
    t.timestamp('seller_deleted_at', { useTz: true }).nullable();
  });
  await k.raw('create index trades_buyer on trades (buyer_id, created_at desc, id) where buyer_deleted_at is null');
  await k.raw('create index trades_buyer_state on trades (buyer_id, state, created_at desc, id) where buyer_deleted_at is null');
  await k.raw('create index trades_seller on trades (seller_id, created_at desc, id) where seller_deleted_at is null');
  await k.raw('create index trades_seller_state on trades (seller_id, state, created_at desc, id) where seller_deleted_at is null');
  await k.raw('create index trades_mode_state on trades (mode, state, created_at desc, id)');
  await k.raw('create index trades_all on trades (created_at desc, id)');
  await k.raw('create index trades_ipci on trades (ipci_id, created_at desc)');
  // One open trade per buyer, IP and mode: a double submit cannot open two.
  await k.raw("create unique index trades_open on trades (buyer_id, ipci_id, mode) where state in ('pendingConfirmation', 'ongoing')");

  // The thread between buyer and seller on a trade (replies, counter-offers and the answers to them).
  await k.schema.createTable('trade_messages', (t) => {
    t.bigIncrements('id');
    t.uuid('trade_id').notNullable().references('trades.id');
    t.uuid('author_id').nullable().references('users.id'); // null: the platform
    t.string('kind', 24).notNullable(); // domain TRADE_MESSAGE_KINDS
    t.text('body').notNullable().defaultTo('');
    t.jsonb('data').nullable(); // a counter-offer's terms
    t.string('dedupe_key', 200).nullable().unique(); // written by a workflow activity: once
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(k.fn.now());
  });
  await k.raw('create index trade_messages_trade on trade_messages (trade_id, id)');

  await k.schema.createTable('trade_records', (t) => {
    t.uuid('id').primary().defaultTo(k.raw('gen_random_uuid()'));
    t.uuid('ipci_id').notNullable().references('ipcis.id');
    t.uuid('user_id').notNullable().references('users.id'); // the seller who keeps the record
    t.uuid('trade_id').nullable().unique().references('trades.id'); // written by a completed trade
    t.string('licensee', 200).notNullable();
    t.specificType('scope', 'text[]').notNullable().defaultTo('{}'); // rightScope codes (authorization category/scope)
    t.string('sublicensing', 1).notNullable(); // Y / N / S (yes, no, partial)
    t.boolean('exclusive').notNullable().defaultTo(false);
    t.string('region', 200).notNullable().defaultTo('');
    t.date('term_from').nullable(); // both null: permanent
    t.date('term_to').nullable();
    t.date('entered_on').notNullable(); // the entry time the seller gives
    t.uuid('voucher_upload_id').nullable();
    t.boolean('visible').notNullable().defaultTo(true); // shown on the IP detail page
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(k.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(k.fn.now());
  });
  await k.raw('create index trade_records_user on trade_records (user_id, created_at desc, id)');
  await k.raw('create index trade_records_ipci on trade_records (ipci_id, entered_on desc, id) where visible');
  await k.raw('create index trade_records_all on trade_records (created_at desc, id)');

  // Licences in force: what the conflict check compares a request with (domain licences.ts).
  await k.schema.createTable('licences', (t) => {
    t.uuid('id').primary().defaultTo(k.raw('gen_random_uuid()'));
    t.uuid('ipci_id').notNullable().references('ipcis.id');
    t.uuid('trade_id').nullable().unique().references('trades.id');
    t.uuid('record_id').nullable().unique().references('trade_records.id');
    t.string('licensee', 200).notNullable();
    t.boolean('exclusive').notNullable();
    t.specificType('channels', 'text[]').notNullable().defaultTo('{}');
    t.string('region', 200).notNullable().defaultTo('');
    t.date('term_from').nullable();
    t.date('term_to').nullable();
    t.boolean('active').notNullable().defaultTo(true);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(k.fn.now());
  });
  await k.raw('create index licences_ipci on licences (ipci_id) where active');

  await k.schema.createTable('evaluations', (t) => {
    t.uuid('id').primary().defaultTo(k.raw('gen_random_uuid()'));
    t.uuid('trade_id').notNullable().references('trades.id');
    t.uuid('from_user_id').notNullable().references('users.id');
    t.uuid('to_user_id').notNullable().references('users.id');
    t.uuid('ipci_id').notNullable().references('ipcis.id');
    t.string('side', 8).notNullable(); // the evaluator's side: buyer | seller
    t.smallint('stars').notNullable();
    t.text('comment').notNullable().defaultTo('');
    t.boolean('anonymous').notNullable().defaultTo(false);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(k.fn.now());
    t.unique(['trade_id', 'from_user_id']); // once per side
  });
  await k.raw('alter table evaluations add constraint evaluations_stars check (stars between 1 and 5)');
  await k.raw('create index evaluations_to on evaluations (to_user_id, created_at desc, id)');
  await k.raw('create index evaluations_ipci on evaluations (ipci_id, created_at desc, id)');
  await k.raw('create index evaluations_all on evaluations (created_at desc, id)');

  await k.schema.createTable('objections', (t) => {
    t.uuid('id').primary().defaultTo(k.raw('gen_random_uuid()'));
    t.uuid('ipci_id').notNullable().references('ipcis.id');
    t.uuid('objector_id').notNullable().references('users.id');
    t.string('state', 24).notNullable(); // domain OBJECTION_STATES
    t.jsonb('data').notNullable(); // domain objectionSchema: content, company, contact, phone, e-mail, attachments
    t.jsonb('holder_answer').nullable();
    t.text('review_opinion').nullable();
    t.string('outcome', 16).nullable(); // revoke | takeDown, when upheld
    t.string('reason_category', 32).nullable();
    t.integer('round').notNullable().defaultTo(1);
    t.string('workflow_id', 200).notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(k.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(k.fn.now());
    t.timestamp('decided_at', { useTz: true }).nullable();
    t.timestamp('deleted_at', { useTz: true }).nullable(); // removed from the objector's list
  });
  await k.raw('create index objections_objector on objections (objector_id, created_at desc, id) where deleted_at is null');
  await k.raw('create index objections_state on objections (state, created_at desc, id)');
  await k.raw('create index objections_all on objections (created_at desc, id)');
  await k.raw('create index objections_ipci on objections (ipci_id)');
}

export async function down(k: Knex): Promise<void> {
  for (const table of ['objections', 'evaluations', 'licences', 'trade_records', 'trade_messages', 'trades', 'dictionary_entries']) {
    await k.schema.dropTableIfExists(table);
  }
  await k.schema.alterTable('ipcis', (t) => {
    t.dropColumn('staff_take_down');
    t.dropColumn('revocation_category');
  });
  for (const index of ['ip_listings_search', 'ip_listings_popular', 'ip_listings_rated', 'ip_listings_owner']) await k.raw(`drop index if exists ${index}`);
  await k.schema.alterTable('ip_listings', (t) => {
    for (const c of ['rating_avg', 'holder', 'exclusive', 'sublicensing', 'term_type', 'search_count', 'rating_count', 'rating_sum', 'trade_status', 'search_vector']) t.dropColumn(c);
  });
}
