import type { Knex } from 'knex';

/**
 * Anti-counterfeiting capacity (issue 14): the packages staff sell (part 2 §3 capacity, capacityUnit;
 * admin `package`), the capacity a paid package grants a user for its validity (recharges, type 1 of
 * `capacitydetail`), and the user's gallery — folders and the files that consume that capacity
 * (type 2): originals uploaded to the gallery and the watermarked copies made from them. A user's
 * capacity is the sum of their unexpired grants; what is used, the sum of their gallery files.
 */
export async function up(k: Knex): Promise<void> {
  await k.schema.createTable('capacity_packages', (t) => {
    t.uuid('id').primary().defaultTo(k.raw('gen_random_uuid()'));
    t.string('name_zh', 100).notNullable();
    t.string('name_en', 100).notNullable().defaultTo('');
    t.string('name_ja', 100).notNullable().defaultTo('');
    t.integer('capacity').notNullable(); // in capacity_unit
    t.string('capacity_unit', 1).notNullable(); // domain CAPACITY_UNITS: M, G, T (× 1024)
    t.bigInteger('capacity_bytes').notNullable(); // capacity × unit, for sums
    t.integer('validity_months').notNullable();
    t.bigInteger('price_fen').notNullable();
    t.boolean('on_sale').notNullable().defaultTo(true);
    t.integer('sort').notNullable().defaultTo(0);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(k.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(k.fn.now());
  });
  await k.raw('create index capacity_packages_shop on capacity_packages (sort, price_fen, id) where on_sale');

  await k.schema.createTable('capacity_grants', (t) => {
    t.uuid('id').primary().defaultTo(k.raw('gen_random_uuid()'));
    t.uuid('user_id').notNullable().references('users.id');
    t.uuid('order_id').notNullable().unique().references('orders.id'); // one grant per paid order, however often the activity runs
    t.uuid('package_id').notNullable().references('capacity_packages.id');
    t.jsonb('package').notNullable(); // the package as bought (names, capacity, unit, validity, price): staff may edit it later
    t.bigInteger('bytes').notNullable();
    t.timestamp('starts_at', { useTz: true }).notNullable();
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(k.fn.now());
  });
  await k.raw('create index capacity_grants_user on capacity_grants (user_id, expires_at desc, id)');
  await k.raw('create index capacity_grants_all on capacity_grants (created_at desc, id)');

  await k.schema.createTable('gallery_folders', (t) => {
    t.uuid('id').primary().defaultTo(k.raw('gen_random_uuid()'));
    t.uuid('user_id').notNullable().references('users.id');
    t.string('name', 100).notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(k.fn.now());
  });
  await k.raw('create unique index gallery_folders_name on gallery_folders (user_id, lower(name))');

  await k.schema.createTable('gallery_files', (t) => {
    t.uuid('id').primary().defaultTo(k.raw('gen_random_uuid()'));
    t.uuid('user_id').notNullable().references('users.id');
    t.uuid('folder_id').nullable().references('gallery_folders.id').onDelete('SET NULL');
    t.uuid('upload_id').notNullable().unique().references('uploads.id'); // the stored object (uploads.storage_key)
    t.string('kind', 16).notNullable(); // original | watermarked
    t.uuid('source_id').nullable().references('gallery_files.id'); // a watermarked copy's original
    t.uuid('ipci_id').nullable().references('ipcis.id'); // the IP a watermark names
    t.bigInteger('size').notNullable(); // bytes counted against capacity
    t.string('watermark_state', 16).nullable(); // part 2 §3 watermarkState: pending | embedding | done | failed
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(k.fn.now());
  });
  await k.raw('create index gallery_files_user on gallery_files (user_id, created_at desc, id)');
  await k.raw('create index gallery_files_folder on gallery_files (user_id, folder_id, created_at desc, id)');
  await k.raw('create index gallery_files_source on gallery_files (source_id) where source_id is not null');
}

export async function down(k: Knex): Promise<void> {
  for (const table of ['gallery_files', 'gallery_folders', 'capacity_grants', 'capacity_packages']) await k.schema.dropTableIfExists(table);
}
