import type { Knex } from 'knex';

/**
 * The dark-watermark service (issue 14, user centre `addwatermarkimage` / `watermarkdetect`, public
 * `protect/antifake`, back-office image/video watermark, image/video detection, detected watermark).
 *
 * - watermark_batches: one request of a user to watermark some gallery files (run by the
 *   watermarkBatch workflow, whose id is `watermarkBatch-<batch id>`), with its counters.
 * - watermark_items: one file of a batch. `mark` is the 64-bit payload embedded in the copy — random,
 *   so it can be neither guessed nor enumerated, and unique, so a payload read back names exactly one
 *   item and through it the owner and the IPCI. Stored as Postgres' signed bigint (domain/watermark
 *   markToDb / markFromDb). The copy is a gallery file (kind `watermarked`, counted against capacity);
 *   part 2 §3's fileSize / watermarkState / createUser are file_size, state and user_id.
 * - watermark_checks: every identification (public page or the owner's watermarkdetect), found or
 *   not; owner_id is denormalised from the item so the owner's `detected watermark` list is one index.
 */
export async function up(k: Knex): Promise<void> {
  await k.schema.createTable('watermark_batches', (t) => {
    t.uuid('id').primary().defaultTo(k.raw('gen_random_uuid()'));
    t.uuid('user_id').notNullable().references('users.id');
    t.string('media', 8).notNullable(); // image | video
    t.uuid('ipci_id').nullable().references('ipcis.id'); // the IP the marks name (optional)
    t.string('state', 16).notNullable().defaultTo('running'); // running | finished
    t.integer('total').notNullable();
    t.integer('done').notNullable().defaultTo(0);
    t.integer('failed').notNullable().defaultTo(0);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(k.fn.now());
    t.timestamp('finished_at', { useTz: true }).nullable();
  });
  await k.raw('create index watermark_batches_user on watermark_batches (user_id, created_at desc, id)');

  await k.schema.createTable('watermark_items', (t) => {
    t.uuid('id').primary().defaultTo(k.raw('gen_random_uuid()'));
    t.uuid('batch_id').notNullable().references('watermark_batches.id').onDelete('CASCADE');
    t.uuid('user_id').notNullable().references('users.id');
    t.string('media', 8).notNullable();
    t.uuid('source_file_id').nullable().references('gallery_files.id').onDelete('SET NULL');
    t.string('source_name', 255).notNullable(); // kept when the original is deleted
    t.uuid('copy_file_id').nullable().references('gallery_files.id').onDelete('SET NULL');
    t.uuid('ipci_id').nullable().references('ipcis.id');
    t.bigInteger('mark').notNullable().unique();
    t.string('state', 16).notNullable().defaultTo('pending'); // domain WATERMARK_STATES
    t.string('error', 100).nullable(); // an errors.* key when failed
    t.bigInteger('file_size').nullable(); // the copy's bytes
    t.float('psnr').nullable();
    t.boolean('credentials').notNullable().defaultTo(false); // the copy carries a C2PA manifest
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(k.fn.now());
    t.timestamp('finished_at', { useTz: true }).nullable();
  });
  await k.raw('create index watermark_items_batch on watermark_items (batch_id, created_at, id)');
  await k.raw('create index watermark_items_user on watermark_items (user_id, media, created_at desc, id)');
  await k.raw('create index watermark_items_all on watermark_items (media, created_at desc, id)');
  await k.raw('create index watermark_items_source on watermark_items (source_file_id) where source_file_id is not null');
  await k.raw('create index watermark_items_copy on watermark_items (copy_file_id) where copy_file_id is not null');

  await k.schema.createTable('watermark_checks', (t) => {
    t.uuid('id').primary().defaultTo(k.raw('gen_random_uuid()'));
    t.timestamp('checked_at', { useTz: true }).notNullable().defaultTo(k.fn.now());
    t.string('origin', 8).notNullable(); // public | owner
    t.uuid('checker_id').nullable().references('users.id').onDelete('SET NULL'); // null: a visitor
    t.string('media', 8).notNullable();
    t.boolean('found').notNullable();
    t.uuid('item_id').nullable().references('watermark_items.id').onDelete('SET NULL');
    t.uuid('owner_id').nullable().references('users.id').onDelete('SET NULL');
    t.jsonb('credentials').nullable(); // the C2PA manifest's summary, when the file carried one
    t.string('file_name', 255).notNullable();
    t.bigInteger('file_size').notNullable();
    t.string('sha256', 64).notNullable();
    t.string('thumbnail_key', 200).nullable(); // a small WebP of a found suspect, for its owner
  });
  await k.raw('create index watermark_checks_all on watermark_checks (media, checked_at desc, id)');
  await k.raw('create index watermark_checks_owner on watermark_checks (owner_id, checked_at desc, id) where owner_id is not null');
  await k.raw('create index watermark_checks_checker on watermark_checks (checker_id, checked_at desc, id) where checker_id is not null');
  await k.raw('create index watermark_checks_day on watermark_checks (checked_at)');
}

export async function down(k: Knex): Promise<void> {
  for (const table of ['watermark_checks', 'watermark_items', 'watermark_batches']) await k.schema.dropTableIfExists(table);
}
