import { asyncLocalStorage } from '@temporalio/activity';

/**
 * Tells Temporal a long activity is still working (Context.current().heartbeat), so its
 * heartbeatTimeout finds a stuck worker in minutes rather than at the end of its startToCloseTimeout.
 * Outside an activity (a test or script calling the function directly) there is nobody to tell, where
 * Context.current() would throw.
 */
export function heartbeat(details?: unknown): void {
  asyncLocalStorage.getStore()?.heartbeat(details);
}
