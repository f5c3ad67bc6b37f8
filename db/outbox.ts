import type { Knex } from 'knex';
import type { CodeChannel } from '../domain/verification';

export interface OutboxMail {
  channel: CodeChannel;
  recipient: string;
  subject: string;
  body: string;
  purpose?: string;
}

export interface OutboxRow {
  id: string;
  channel: CodeChannel;
  recipient: string;
  subject: string;
  body: string;
  purpose: string | null;
  transport: 'outbox' | 'smtp';
  created_at: Date;
  sent_at: Date | null;
  error: string | null;
}

export async function insertOutbox(k: Knex, m: OutboxMail, transport: OutboxRow['transport']): Promise<string> {
  const [row] = await k('outbox').insert({ ...m, purpose: m.purpose ?? null, transport }).returning('id');
  return String(row.id);
}

export async function markOutbox(k: Knex, id: string, result: { sentAt?: Date; error?: string }): Promise<void> {
  await k('outbox').where({ id }).update({ sent_at: result.sentAt ?? null, error: result.error ?? null });
}

/** Newest first, keyset on id; optionally only one recipient's mail. */
export async function listOutbox(k: Knex, opts: { recipient?: string; before?: number; limit: number }): Promise<OutboxRow[]> {
  const q = k<OutboxRow>('outbox').orderBy('id', 'desc').limit(opts.limit);
  if (opts.recipient) q.where('recipient', opts.recipient);
  if (opts.before) q.where('id', '<', opts.before);
  return q;
}
