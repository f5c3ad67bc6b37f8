import Router from '@koa/router';
import { outboxQuerySchema } from '../../domain/accounts';
import { normaliseAddress } from '../../domain/verification';
import { listOutbox, type OutboxRow } from '../../db/outbox';
import type { ApiDeps } from '../deps';
import { allow, allowElement } from '../middleware/auth';
import { validate } from '../middleware/validate';

const item = (r: OutboxRow) => ({
  id: String(r.id),
  channel: r.channel,
  recipient: r.recipient,
  subject: r.subject,
  body: r.body,
  purpose: r.purpose,
  transport: r.transport,
  createdAt: r.created_at,
  sentAt: r.sent_at,
  error: r.error,
});

/** GET /api/admin/outbox: every e-mail and SMS the platform sent, for admins (codes when no SMTP is set up). */
export function outboxRoutes({ db }: ApiDeps): Router {
  return new Router().get('/api/admin/outbox', allow('admin'), allowElement('admin.outbox.view'), validate(outboxQuerySchema, 'query'), async (ctx) => {
    const { recipient, before, limit } = ctx.state.input as { recipient: string; before?: number; limit: number };
    // One row more than asked tells whether another page exists.
    const rows = await listOutbox(db, { recipient: recipient ? normaliseAddress(recipient) : undefined, before, limit: limit + 1 });
    const page = rows.slice(0, limit);
    ctx.body = { items: page.map(item), next: rows.length > limit ? String(page[page.length - 1].id) : null };
  });
}
