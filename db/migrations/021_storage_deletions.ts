import type { Knex } from 'knex';

/**
 * Objects whose rows are gone (db/storageDeletions.ts): the key is written in the transaction that
 * deletes the row owning the file, and removed once the object is deleted, so a crash in between
 * leaves a note for the next run instead of an orphaned file nobody can find.
 */
export async function up(k: Knex): Promise<void> {
  await k.schema.createTable('storage_deletions', (t) => {
    t.text('key').primary();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(k.fn.now());
  });
}

export async function down(k: Knex): Promise<void> {
  await k.schema.dropTable('storage_deletions');
}
