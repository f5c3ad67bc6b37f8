import { proxyActivities } from '@temporalio/workflow';
import type { Activities } from '../../activities';

/** Every activity is idempotent, so retries are safe; database hiccups are retried with back-off. */
export const acts = proxyActivities<Activities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '1 second', maximumInterval: '1 minute', backoffCoefficient: 2 },
});
