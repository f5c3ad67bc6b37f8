import type { Knex } from 'knex';
import { accountCancellationActivities } from './accountCancellation';
import { accountRetentionActivities } from './accountRetention';
import { identityReviewActivities } from './identityReview';
import { messageActivities } from './messages';
import { progressActivities } from './progress';
import { taskActivities } from './tasks';
import { workingDayActivities } from './workingDays';

/** Activities close over one database pool per worker process. */
export function createActivities(k: Knex) {
  return {
    ...taskActivities(k),
    ...progressActivities(k),
    ...messageActivities(k),
    ...identityReviewActivities(k),
    ...accountCancellationActivities(k),
    ...accountRetentionActivities(k),
    ...workingDayActivities(k),
  };
}

export type Activities = ReturnType<typeof createActivities>;
