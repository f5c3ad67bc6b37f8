import type { Knex } from 'knex';
import { insertMessage, type NewMessage } from '../db/messages';

export function messageActivities(k: Knex) {
  return {
    /** Idempotent by dedupe key: a retried send leaves one message. */
    async sendMessage(message: NewMessage): Promise<void> {
      await insertMessage(k, message);
    },
  };
}
