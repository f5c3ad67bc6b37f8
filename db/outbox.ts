import type { Knex } from 'knex';
import type { CodeChannel } from '../domain/verification';

export interface OutboxMail {
  channel: CodeChannel;
  recipient: string;
  subject: string;
  body: string;
  purpose?: string;
  /** Set by a workflow's activity: a retried send of the same key is not sent again. */
  dedupeKey?: string;
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

/** The new row's id; null when a mail with the same dedupe key is already in the outbox. */
export async function insertOutbox(k: Knex, m: OutboxMail, transport: OutboxRow['transport']): Promise<string | null> {
  const { dedupeKey, ...mail } = m;
  const [row] = await k('outbox')
    .insert({ ...mail, purpose: m.purpose ?? null, transport, dedupe_key: dedupeKey ?? null })
    .onConflict('dedupe_key')
    .ignore()
    .returning('id');
  return row ? String(row.id) : null;
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
