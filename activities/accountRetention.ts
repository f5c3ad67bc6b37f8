import type { Knex } from 'knex';
import { accountsDueForPurge, purgeAccount } from '../db/retention';
import { deleteRecordedObjects } from '../db/storageDeletions';
import { chinaDate } from '../domain/dates';
import type { ObjectStore } from '../storage';

export function accountRetentionActivities(k: Knex, store: ObjectStore) {
  return {
    /**
     * Purges every cancelled account whose retention period (the user agreement's term: the end of
     * the third year after the last login) is over, then deletes the objects of every row deleted so
     * far — these accounts' uploads and whatever an interrupted earlier run left recorded.
     * Idempotent: a purged account is not found again, and a deleted object is deleted again harmlessly.
     */
    async purgeExpiredAccounts(): Promise<number> {
      let purged = 0;
      for (const userId of await accountsDueForPurge(k, chinaDate(new Date()))) {
        if (await purgeAccount(k, userId)) purged++;
      }
      await deleteRecordedObjects(k, store);
      return purged;
    },
  };
}
