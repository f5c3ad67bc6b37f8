import { ScheduleAlreadyRunning, ScheduleOverlapPolicy, type Client } from '@temporalio/client';
import type { TemporalConfig } from './config';

export const ACCOUNT_RETENTION_SCHEDULE = 'accountRetention';

/**
 * The platform's recurring jobs as Temporal Schedules, visible and pausable in the Web UI. Created by
 * each worker at start; one that exists already is left as it is (an operator may have paused it).
 */
export async function ensureSchedules(client: Client, cfg: TemporalConfig): Promise<void> {
  try {
    await client.schedule.create({
      scheduleId: ACCOUNT_RETENTION_SCHEDULE,
      // Daily at 03:00 China time, when the platform is quiet.
      spec: { calendars: [{ hour: 3, minute: 0 }], timezone: 'Asia/Shanghai' },
      action: { type: 'startWorkflow', workflowType: 'accountRetention', taskQueue: cfg.taskQueue, workflowId: ACCOUNT_RETENTION_SCHEDULE },
      policies: { overlap: ScheduleOverlapPolicy.SKIP },
      memo: { title: 'Purge cancelled accounts whose retention period has ended' },
    });
  } catch (err) {
    if (!(err instanceof ScheduleAlreadyRunning)) throw err;
  }
}
