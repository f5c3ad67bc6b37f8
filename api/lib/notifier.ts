import nodemailer, { type Transporter } from 'nodemailer';
import type { Knex } from 'knex';
import { insertOutbox, markOutbox, type OutboxMail } from '../../db/outbox';

/**
 * Delivers e-mail and SMS. Every message is written to the outbox first (what was sent, when, and
 * whether it arrived); e-mail then goes out over SMTP when SMTP_URL is set. Without SMTP, and for SMS
 * until a gateway is configured, the outbox is the delivery: developers and admins read it in the back
 * office (/admin/outbox).
 */
export interface Notifier {
  /** `duplicate`: a mail with the same dedupe key went out before; nothing was sent this time. */
  send(mail: OutboxMail): Promise<{ delivered: boolean; duplicate?: boolean }>;
}

export function createNotifier(k: Knex, env: NodeJS.ProcessEnv = process.env): Notifier {
  const smtp: Transporter | undefined = env.SMTP_URL ? nodemailer.createTransport(env.SMTP_URL) : undefined;
  const from = env.SMTP_FROM ?? 'IPCI <no-reply@ipci.local>';
  return {
    async send(mail) {
      const viaSmtp = mail.channel === 'email' && smtp !== undefined;
      const id = await insertOutbox(k, mail, viaSmtp ? 'smtp' : 'outbox');
      if (id === null) return { delivered: true, duplicate: true };
      if (!viaSmtp) {
        await markOutbox(k, id, { sentAt: new Date() });
        return { delivered: true };
      }
      try {
        await smtp.sendMail({ from, to: mail.recipient, subject: mail.subject, text: mail.body });
        await markOutbox(k, id, { sentAt: new Date() });
        return { delivered: true };
      } catch (err) {
        await markOutbox(k, id, { error: String((err as Error).message).slice(0, 500) });
        return { delivered: false };
      }
    },
  };
}
