import { acts } from './lib/activities';

/**
 * The daily clean-up behind the legal statements: data kept after a cancellation is deleted once the
 * user agreement's term has ended. Started by the `accountRetention` schedule (temporal/schedules.ts).
 */
export async function accountRetention(): Promise<number> {
  return acts.purgeExpiredAccounts();
}
