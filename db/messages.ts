import type { Knex } from 'knex';

export const MESSAGES_CHANNEL = 'messages';

export interface NewMessage {
  dedupeKey: string;
  userId: string;
  titleKey: string;
  params?: Record<string, unknown>;
  actionLink?: string | null;
  sender?: string;
}

export async function insertMessage(k: Knex, m: NewMessage): Promise<void> {
  await k.transaction(async (trx) => {
    const inserted = await trx('messages')
      .insert({ dedupe_key: m.dedupeKey, user_id: m.userId, title_key: m.titleKey, params: JSON.stringify(m.params ?? {}), action_link: m.actionLink ?? null, sender: m.sender ?? 'system' })
      .onConflict('dedupe_key')
      .ignore()
      .returning('id');
    if (inserted.length) await trx.raw('select pg_notify(?, ?)', [MESSAGES_CHANNEL, m.userId]);
  });
}

interface MessageRow {
  id: string;
  user_id: string;
  title_key: string;
  params: Record<string, unknown>;
  action_link: string | null;
  sender: string;
  created_at: Date;
  read_at: Date | null;
}

const toMessageJson = (r: MessageRow) => ({
  id: Number(r.id),
  titleKey: r.title_key,
  params: r.params,
  actionLink: r.action_link,
  sender: r.sender,
  createdAt: r.created_at.toISOString(),
  readAt: r.read_at?.toISOString() ?? null,
});

export async function listMessages(k: Knex, userId: string, limit = 100) {
  const rows = await k<MessageRow>('messages').where({ user_id: userId }).orderBy('id', 'desc').limit(limit);
  return rows.map(toMessageJson);
}

export async function unreadCount(k: Knex, userId: string): Promise<number> {
  const [{ n }] = await k('messages').where({ user_id: userId }).whereNull('read_at').count({ n: '*' });
  return Number(n);
}

/** Marks the user's message read (once) and returns it; undefined when it is not theirs. */
export async function markRead(k: Knex, userId: string, id: number) {
  const [updated] = await k<MessageRow>('messages').where({ user_id: userId, id: String(id) }).whereNull('read_at').update({ read_at: k.fn.now() }).returning('*');
  if (updated) await k.raw('select pg_notify(?, ?)', [MESSAGES_CHANNEL, userId]);
  const row = updated ?? (await k<MessageRow>('messages').where({ user_id: userId, id: String(id) }).first());
  return row && toMessageJson(row);
}
