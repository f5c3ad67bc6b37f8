import type { Knex } from 'knex';
import { createNotifier, type Notifier } from '../api/lib/notifier';
import type { OutboxMail } from '../db/outbox';

/**
 * E-mail from a workflow's activity (e.g. a legal protection case handed to a law firm's contact):
 * through the same notifier as the API's codes, so it lands in the outbox and goes out over SMTP when
 * set. The activity that knows what to say composes and sends in one step, so the text (often with
 * personal data) never travels through the workflow's history. Idempotent by the mail's dedupe key:
 * a retried activity finds the first mail and sends nothing.
 */
export function mailer(k: Knex): (mail: OutboxMail & { dedupeKey: string }) => Promise<{ delivered: boolean }> {
  let notifier: Notifier | undefined;
  return async (mail) => {
    notifier ??= createNotifier(k);
    const { delivered } = await notifier.send(mail);
    return { delivered };
  };
}
