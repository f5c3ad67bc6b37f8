import type { Knex } from 'knex';
import { createNotifier } from '../api/lib/notifier';

/**
 * E-mail from a workflow (e.g. a legal protection case handed to a law firm's contact): through the
 * same notifier as the API's codes, so it lands in the outbox and goes out over SMTP when set.
 * Idempotent by dedupe key: a retried activity finds the first mail and sends nothing.
 */
export function mailActivities(k: Knex) {
  const notifier = createNotifier(k);
  return {
    async sendMail(input: { dedupeKey: string; recipient: string; subject: string; body: string; purpose: string }): Promise<{ delivered: boolean }> {
      const { delivered } = await notifier.send({ channel: 'email', ...input });
      return { delivered };
    },
  };
}
