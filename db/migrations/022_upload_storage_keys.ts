import type { Knex } from 'knex';

/**
 * An object belongs to one upload row: the key is unique, and looking a row up by its key (the
 * disk-to-S3 copy naming files written before the store kept metadata) is an index scan, not a
 * scan of every upload.
 */
export async function up(k: Knex): Promise<void> {
  await k.schema.alterTable('uploads', (t) => t.unique(['storage_key']));
}

export async function down(k: Knex): Promise<void> {
  await k.schema.alterTable('uploads', (t) => t.dropUnique(['storage_key']));
}
