import type { Knex } from 'knex';

/**
 * Infringement monitoring (issue 15, domain/monitoring.ts).
 *
 * - monitoring_subscriptions: one plan of a user for one IPCI, run by the monitoringSubscription
 *   workflow (`monitoringSubscription/<id>`); keywords and label are its monitored content, a renewal
 *   names the subscription it extends (renewal_of).
 * - monitoring_pictures: its comparison pictures (uploads of kind monitorPicture) with their
 *   signatures (matching/): the PDQ hash and the local features, computed once on adding.
 * - crawl_sites: the admin-edited list of sites to crawl, with their politeness settings.
 * - crawl_runs / crawl_fetches: every crawl and every fetch it made (status, time, bytes), the
 *   crawler's log; crawl_pages the last state of each page (validators for conditional requests,
 *   content hash to skip unchanged pages, title, description and text extract, the HTML snapshot's
 *   storage key); crawl_images each image seen (content hash and signature), crawl_page_images which
 *   page shows which image.
 * - suspects: the suspected infringements (suspecttort), each with its evidence and a copy of the page
 *   snapshot's key, hash and text as they were when found, so evidence survives the page going away.
 *   One per (subscription, page, image) — a page found again does not file a second.
 * - authorised_sites: hosts a user marked as authorised (licensees); matches there are filed as authorised.
 * - tort_reports: reports of suspects (tortReport workflow, queue `tort`) with the prefilled
 *   protection application; confirmed ones name the protection case they became.
 */
export async function up(k: Knex): Promise<void> {
  await k.schema.createTable('monitoring_subscriptions', (t) => {
    t.uuid('id').primary().defaultTo(k.raw('gen_random_uuid()'));
    t.uuid('user_id').notNullable().references('users.id');
    t.uuid('ipci_id').notNullable().references('ipcis.id');
    t.string('plan', 8).notNullable(); // domain MONITORING_PLANS
    t.string('state', 12).notNullable().defaultTo('ordered'); // domain SUBSCRIPTION_STATES
    t.string('paused_reason', 20).nullable(); // domain PAUSE_REASONS
    t.uuid('order_id').nullable().references('orders.id');
    t.uuid('renewal_of').nullable().references('monitoring_subscriptions.id');
    t.string('label', 50).notNullable().defaultTo('');
    t.jsonb('keywords').notNullable().defaultTo('[]'); // [{ text, category }]
    t.timestamp('starts_at', { useTz: true }).nullable();
    t.timestamp('expires_at', { useTz: true }).nullable();
    t.timestamp('last_crawl_at', { useTz: true }).nullable();
    t.timestamp('next_crawl_at', { useTz: true }).nullable();
    t.string('workflow_id', 120).notNullable().unique();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(k.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(k.fn.now());
  });
  await k.raw('create index monitoring_subscriptions_user on monitoring_subscriptions (user_id, created_at desc, id)');
  await k.raw('create index monitoring_subscriptions_ipci on monitoring_subscriptions (ipci_id)');
  await k.raw("create index monitoring_subscriptions_live on monitoring_subscriptions (state, expires_at) where state in ('active', 'paused')");
  await k.raw('create index monitoring_subscriptions_all on monitoring_subscriptions (created_at desc, id)');

  await k.schema.createTable('monitoring_pictures', (t) => {
    t.uuid('id').primary().defaultTo(k.raw('gen_random_uuid()'));
    t.uuid('subscription_id').notNullable().references('monitoring_subscriptions.id').onDelete('CASCADE');
    t.uuid('upload_id').notNullable().references('uploads.id');
    t.string('kind', 8).notNullable().defaultTo('picture'); // domain PICTURE_KINDS
    t.integer('width').notNullable();
    t.integer('height').notNullable();
    t.binary('pdq').nullable(); // 32 bytes
    t.binary('features').nullable(); // matching/ local features, packed
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(k.fn.now());
    t.unique(['subscription_id', 'upload_id']);
  });

  await k.schema.createTable('crawl_sites', (t) => {
    t.uuid('id').primary().defaultTo(k.raw('gen_random_uuid()'));
    t.string('name', 100).notNullable();
    t.string('start_url', 500).notNullable().unique();
    t.specificType('extra_hosts', 'text[]').notNullable().defaultTo('{}');
    t.integer('max_depth').notNullable().defaultTo(2);
    t.integer('delay_ms').notNullable().defaultTo(1000);
    t.integer('concurrency').notNullable().defaultTo(1);
    t.boolean('allow_private').notNullable().defaultTo(false);
    t.boolean('enabled').notNullable().defaultTo(true);
    t.uuid('updated_by').nullable().references('users.id').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(k.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(k.fn.now());
  });

  await k.schema.createTable('crawl_runs', (t) => {
    t.uuid('id').primary().defaultTo(k.raw('gen_random_uuid()'));
    t.string('trigger', 120).notNullable(); // e.g. the subscription workflow's id
    t.timestamp('started_at', { useTz: true }).notNullable().defaultTo(k.fn.now());
    t.timestamp('finished_at', { useTz: true }).nullable();
    t.integer('pages_fetched').notNullable().defaultTo(0);
    t.integer('pages_unchanged').notNullable().defaultTo(0);
    t.integer('errors').notNullable().defaultTo(0);
    t.bigInteger('bytes').notNullable().defaultTo(0);
  });
  await k.raw('create index crawl_runs_started on crawl_runs (started_at desc, id)');

  await k.schema.createTable('crawl_fetches', (t) => {
    t.bigIncrements('id');
    t.uuid('run_id').nullable().references('crawl_runs.id').onDelete('SET NULL');
    t.uuid('site_id').nullable().references('crawl_sites.id').onDelete('SET NULL');
    t.text('url').notNullable();
    t.string('outcome', 16).notNullable(); // ok | notModified | unchanged | robotsDenied | refused | error | tooLarge
    t.integer('status').nullable(); // HTTP status, null when no answer
    t.integer('ms').notNullable();
    t.integer('bytes').notNullable().defaultTo(0);
    t.string('error', 200).nullable();
    t.timestamp('fetched_at', { useTz: true }).notNullable().defaultTo(k.fn.now());
  });
  await k.raw('create index crawl_fetches_site on crawl_fetches (site_id, fetched_at desc, id)');
  await k.raw('create index crawl_fetches_run on crawl_fetches (run_id, id)');
  await k.raw('create index crawl_fetches_day on crawl_fetches (fetched_at)');

  await k.schema.createTable('crawl_pages', (t) => {
    t.uuid('id').primary().defaultTo(k.raw('gen_random_uuid()'));
    t.uuid('site_id').nullable().references('crawl_sites.id').onDelete('SET NULL');
    t.text('url').notNullable().unique();
    t.integer('depth').notNullable().defaultTo(0);
    t.integer('status').nullable();
    t.string('etag', 200).nullable();
    t.string('last_modified', 100).nullable();
    t.string('sha256', 64).nullable();
    t.text('title').notNullable().defaultTo('');
    t.text('description').notNullable().defaultTo('');
    t.text('text_extract').notNullable().defaultTo('');
    t.string('snapshot_key', 200).nullable(); // storage key of the HTML as fetched
    t.timestamp('first_seen_at', { useTz: true }).notNullable().defaultTo(k.fn.now());
    t.timestamp('last_fetched_at', { useTz: true }).nullable();
    t.timestamp('last_changed_at', { useTz: true }).nullable();
  });
  await k.raw('create index crawl_pages_site on crawl_pages (site_id, last_fetched_at)');
  await k.raw('create index crawl_pages_changed on crawl_pages (last_changed_at)');

  await k.schema.createTable('crawl_images', (t) => {
    t.uuid('id').primary().defaultTo(k.raw('gen_random_uuid()'));
    t.text('url').notNullable().unique();
    t.string('sha256', 64).nullable();
    t.integer('width').nullable();
    t.integer('height').nullable();
    t.binary('pdq').nullable(); // 32 bytes
    t.binary('features').nullable();
    t.string('thumbnail_key', 200).nullable(); // a small copy kept as evidence
    t.timestamp('first_seen_at', { useTz: true }).notNullable().defaultTo(k.fn.now());
    t.timestamp('last_fetched_at', { useTz: true }).nullable();
  });
  await k.raw('create index crawl_images_sha on crawl_images (sha256)');

  await k.schema.createTable('crawl_page_images', (t) => {
    t.uuid('page_id').notNullable().references('crawl_pages.id').onDelete('CASCADE');
    t.uuid('image_id').notNullable().references('crawl_images.id').onDelete('CASCADE');
    t.text('alt').notNullable().defaultTo('');
    t.primary(['page_id', 'image_id']);
  });
  await k.raw('create index crawl_page_images_image on crawl_page_images (image_id)');

  await k.raw('create sequence suspect_serial');
  await k.schema.createTable('suspects', (t) => {
    t.uuid('id').primary().defaultTo(k.raw('gen_random_uuid()'));
    t.string('number', 16).notNullable().unique(); // domain SUSPECT_NUMBER_PATTERN
    t.uuid('subscription_id').notNullable().references('monitoring_subscriptions.id');
    t.uuid('user_id').notNullable().references('users.id');
    t.uuid('ipci_id').notNullable().references('ipcis.id');
    t.string('state', 12).notNullable().defaultTo('new'); // domain SUSPECT_STATES
    t.string('match_kind', 12).notNullable(); // domain MATCH_KINDS
    t.string('work_title', 200).notNullable();
    t.string('website', 253).notNullable(); // the page's host
    t.text('page_url').notNullable();
    t.text('image_url').notNullable().defaultTo(''); // '' for a keyword-only match
    t.uuid('page_id').nullable().references('crawl_pages.id').onDelete('SET NULL');
    t.uuid('image_id').nullable().references('crawl_images.id').onDelete('SET NULL');
    t.uuid('picture_id').nullable().references('monitoring_pictures.id').onDelete('SET NULL');
    t.jsonb('evidence').notNullable(); // domain MatchEvidence
    t.string('snapshot_key', 200).nullable();
    t.string('snapshot_sha256', 64).nullable();
    t.text('snapshot_title').notNullable().defaultTo('');
    t.text('snapshot_text').notNullable().defaultTo('');
    t.timestamp('fetched_at', { useTz: true }).nullable();
    t.timestamp('detected_at', { useTz: true }).notNullable().defaultTo(k.fn.now());
    t.uuid('run_id').nullable().references('crawl_runs.id').onDelete('SET NULL');
    t.timestamp('state_changed_at', { useTz: true }).nullable();
    t.unique(['subscription_id', 'page_url', 'image_url']);
  });
  await k.raw('create index suspects_user on suspects (user_id, detected_at desc, id)');
  await k.raw('create index suspects_user_state on suspects (user_id, state, detected_at desc, id)');
  await k.raw('create index suspects_subscription on suspects (subscription_id, detected_at desc, id)');
  await k.raw('create index suspects_run on suspects (run_id)');

  await k.schema.createTable('authorised_sites', (t) => {
    t.uuid('id').primary().defaultTo(k.raw('gen_random_uuid()'));
    t.uuid('user_id').notNullable().references('users.id');
    t.string('host', 253).notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(k.fn.now());
    t.unique(['user_id', 'host']);
  });

  await k.schema.createTable('tort_reports', (t) => {
    t.uuid('id').primary().defaultTo(k.raw('gen_random_uuid()'));
    t.uuid('suspect_id').notNullable().unique().references('suspects.id');
    t.uuid('user_id').notNullable().references('users.id');
    t.jsonb('application').notNullable(); // domain ProtectionData, prefilled from the evidence
    t.string('state', 12).notNullable().defaultTo('review'); // review | caseStarted | dismissed
    t.string('reason', 40).nullable(); // domain TORT_DISMISS_REASONS
    t.text('comment').nullable();
    t.uuid('protection_case_id').nullable().references('protection_cases.id');
    t.string('workflow_id', 120).notNullable().unique();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(k.fn.now());
    t.timestamp('decided_at', { useTz: true }).nullable();
  });
  await k.raw('create index tort_reports_all on tort_reports (created_at desc, id)');
  await k.raw('create index tort_reports_state on tort_reports (state, created_at desc, id)');
  await k.raw('create index tort_reports_user on tort_reports (user_id, created_at desc, id)');
}

export async function down(k: Knex): Promise<void> {
  for (const table of ['tort_reports', 'authorised_sites', 'suspects', 'crawl_page_images', 'crawl_images', 'crawl_pages', 'crawl_fetches', 'crawl_runs', 'crawl_sites', 'monitoring_pictures', 'monitoring_subscriptions'])
    await k.schema.dropTableIfExists(table);
  await k.raw('drop sequence if exists suspect_serial');
}
