import type { Knex } from 'knex';
import type { ObjectStore } from '../storage';

/**
 * Deleting a row that owns a file is two steps on two systems: the row goes in a transaction, the
 * object after it commits. Recording the key in that same transaction makes the second step
 * something any later run can finish (deleteRecordedObjects), so a crash in between orphans nothing.
 */
export async function recordStorageDeletions(trx: Knex.Transaction, keys: string[]): Promise<void> {
  if (keys.length) await trx('storage_deletions').insert(keys.map((key) => ({ key }))).onConflict('key').ignore();
}

/**
 * Deletes every recorded object, then its record; answers how many. Idempotent and safe to run
 * concurrently: deleting a missing object is not an error, and a record outlives its object only
 * until a run gets past it.
 */
export async function deleteRecordedObjects(k: Knex, store: Pick<ObjectStore, 'delete'>, batch = 100): Promise<number> {
  let deleted = 0;
  for (let after = ''; ; ) {
    const keys: string[] = await k('storage_deletions').where('key', '>', after).orderBy('key').limit(batch).pluck('key');
    if (!keys.length) return deleted;
    await deleteRecorded(k, store, keys);
    deleted += keys.length;
    after = keys[keys.length - 1];
  }
}

/** Deletes these recorded objects, then their records: a delete whose rows just went deletes its own objects at once. */
export async function deleteRecorded(k: Knex, store: Pick<ObjectStore, 'delete'>, keys: string[]): Promise<void> {
  await Promise.all(keys.map((key) => store.delete(key)));
  if (keys.length) await k('storage_deletions').whereIn('key', keys).delete();
}
