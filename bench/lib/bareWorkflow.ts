import { proxyActivities } from '@temporalio/workflow';

const { noop } = proxyActivities<{ noop(step: number): Promise<void> }>({ startToCloseTimeout: '30 seconds' });

/** The lifecycle benchmark's baseline: a workflow that only runs `activities` no-op activities in turn. */
export async function bareLifecycle(activities: number): Promise<void> {
  for (let step = 0; step < activities; step += 1) await noop(step);
}
