import type { Knex } from 'knex';
import { accountsDueForPurge, purgeAccount } from '../db/retention';
import { removeUploadFiles } from '../db/uploadFiles';
import { chinaDate } from '../domain/dates';

export function accountRetentionActivities(k: Knex) {
  return {
    /**
     * Purges every cancelled account whose retention period (the user agreement's term: the end of
     * the third year after the last login) is over. Idempotent: a purged account is not found again,
     * and files are removed after their rows.
     */
    async purgeExpiredAccounts(): Promise<number> {
      let purged = 0;
      for (const userId of await accountsDueForPurge(k, chinaDate(new Date()))) {
        await removeUploadFiles(await purgeAccount(k, userId));
        purged++;
      }
      return purged;
    },
  };
}
