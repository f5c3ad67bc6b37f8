import type { Knex } from 'knex';
import { recordEvent, type NewCaseEvent } from '../db/caseEvents';

export function progressActivities(k: Knex) {
  return {
    /** Idempotent by event key; API processes LISTEN and push the event to open timelines. */
    async recordProgress(event: NewCaseEvent): Promise<void> {
      await recordEvent(k, event);
    },
  };
}
