import type { Knex } from 'knex';
import { CANCELLED_DISPLAY_NAME } from '../domain/security';
import { purgeGallery } from './gallery';
import { purgeWatermarks } from './watermarks';
import { purgeCheckThumbnails } from './watermarkChecks';
import { recordStorageDeletions } from './storageDeletions';

/** Cancelled accounts whose retention ended before `today` (yyyy-mm-dd, China time) and not yet purged. */
export async function accountsDueForPurge(k: Knex, today: string, limit = 500): Promise<string[]> {
  const rows = await k('users').select('id').where('status', 'cancelled').whereNull('purged_at').andWhere('retain_until', '<', today).orderBy('retain_until').limit(limit);
  return rows.map((r) => r.id);
}

/**
 * Deletes what was kept of a cancelled account for its retention period: the identity certification,
 * every upload (the gallery's files and folders first, which reference theirs), messages, codes and sessions; the user row stays as an anonymous tombstone (ids in
 * tasks, case events and invitation counts still point at it). Idempotent: answers false when there
 * was nothing (left) to purge. The uploads' objects are recorded for deletion in the same transaction;
 * the caller deletes them once this has committed (db/storageDeletions deleteRecordedObjects).
 */
export async function purgeAccount(k: Knex, userId: string): Promise<boolean> {
  return k.transaction(async (trx) => {
    const user = await trx('users').where({ id: userId, status: 'cancelled' }).whereNull('purged_at').forUpdate().first('id');
    if (!user) return false;
    await trx('identity_certifications').where({ user_id: userId }).delete();
    await trx('messages').where({ user_id: userId }).delete();
    await trx('verification_codes').where({ user_id: userId }).delete();
    await trx('sessions').where({ user_id: userId }).delete();
    await trx('account_cancellations').where({ user_id: userId }).update({ reason: '' });
    await trx('tasks').where({ subject_user_id: userId }).update({ title: CANCELLED_DISPLAY_NAME });
    await purgeCheckThumbnails(trx, userId);
    await purgeWatermarks(trx, userId);
    await purgeGallery(trx, userId);
    const uploads: { storage_key: string }[] = await trx('uploads').where({ owner_id: userId }).delete().returning('storage_key');
    await recordStorageDeletions(trx, uploads.map((u) => u.storage_key));
    await trx('users')
      .where({ id: userId })
      .update({
        username: `cancelled_${userId.replace(/-/g, '').slice(0, 16)}`,
        password_hash: '!', // matches no password
        invite_code: trx.raw("upper(substr(encode(gen_random_bytes(4), 'hex'), 1, 8))"),
        special: trx.raw("'{}'::text[]"),
        country: null,
        frozen_reason: null,
        purged_at: trx.fn.now(),
        updated_at: trx.fn.now(),
      });
    return true;
  });
}
