import type { Knex } from 'knex';
import type { MessageKind, MessageListQuery } from '../domain/messages';

export const MESSAGES_CHANNEL = 'messages';
/** NOTIFY payload meaning "every user's count may have changed" (a send to all users). */
export const EVERY_USER = '*';

/**
 * A message a process sends: title (and optional body) are catalog keys of the `messages`
 * namespace, so each reader sees their own language.
 */
export interface NewMessage {
  dedupeKey: string;
  userId: string;
  titleKey: string;
  params?: Record<string, unknown>;
  bodyKey?: string | null;
  kind?: MessageKind;
  actionLink?: string | null;
  sender?: string;
}

const notify = (k: Knex, userId: string) => k.raw('select pg_notify(?, ?)', [MESSAGES_CHANNEL, userId]);

export async function insertMessage(k: Knex, m: NewMessage): Promise<void> {
  await k.transaction(async (trx) => {
    const inserted = await trx('messages')
      .insert({
        dedupe_key: m.dedupeKey,
        user_id: m.userId,
        kind: m.kind ?? 'system',
        title_key: m.titleKey,
        body_key: m.bodyKey ?? null,
        params: JSON.stringify(m.params ?? {}),
        action_link: m.actionLink ?? null,
        sender: m.sender ?? 'system',
      })
      .onConflict('dedupe_key')
      .ignore()
      .returning('id');
    if (inserted.length) await notify(trx, m.userId);
  });
}

/** A message written by staff: free text, not translated. */
export interface StaffMessage {
  sendId: string;
  senderId: string;
  kind: MessageKind;
  title: string;
  content: string;
  actionLink: string | null;
  remark: string | null;
}

/** Who a staff message goes to: one user, or every active user (of one role, if given). */
export type Recipients = { userId: string } | { role?: string };

/**
 * One insert-select and one notification however many users: the dedupe key (send id + user)
 * makes a retried send a no-op. Returns how many messages were delivered.
 */
export async function sendStaffMessage(k: Knex, m: StaffMessage, to: Recipients): Promise<number> {
  return k.transaction(async (trx) => {
    const recipients = trx('users')
      .select(trx.raw('? || id::text', [`staff/${m.sendId}/`]), 'id', trx.raw("?, ?, ?, ?, ?, 'staff', ?::uuid", [m.kind, m.title, m.content, m.actionLink, m.remark, m.senderId]))
      .where({ status: 'active' });
    if ('userId' in to) recipients.andWhere({ id: to.userId });
    else if (to.role) recipients.whereRaw('roles @> array[?]::text[]', [to.role]);
    const result = await trx.raw(
      'insert into messages (dedupe_key, user_id, kind, title, content, action_link, remark, sender, sender_id) ? on conflict (dedupe_key) do nothing returning user_id',
      [recipients],
    );
    const count: number = result.rows.length;
    if (count) await notify(trx, 'userId' in to ? to.userId : EVERY_USER);
    return count;
  });
}

interface MessageRow {
  id: string;
  user_id: string;
  kind: MessageKind;
  title_key: string | null;
  body_key: string | null;
  params: Record<string, unknown>;
  title: string | null;
  content: string | null;
  remark: string | null;
  action_link: string | null;
  sender: string;
  sender_name: string | null;
  created_at: Date;
  read_at: Date | null;
}

export type MessageJson = ReturnType<typeof toMessageJson>;
const toMessageJson = (r: MessageRow) => ({
  id: r.id,
  kind: r.kind,
  titleKey: r.title_key,
  bodyKey: r.body_key,
  params: r.params,
  title: r.title,
  content: r.content,
  remark: r.remark,
  actionLink: r.action_link,
  sender: r.sender,
  senderName: r.sender_name,
  createdAt: r.created_at.toISOString(),
  readAt: r.read_at?.toISOString() ?? null,
});

/** The user's messages that are not deleted (every query stays on the partial indexes). */
const own = (k: Knex, userId: string) =>
  k<MessageRow>('messages')
    .select('messages.*', 'senders.display_name as sender_name')
    .leftJoin('users as senders', 'senders.id', 'messages.sender_id')
    .where('messages.user_id', userId)
    .whereNull('messages.deleted_at');

/** One page, newest first; `next` is the `before` of the following page. */
export async function listMessages(k: Knex, userId: string, q: MessageListQuery) {
  const query = own(k, userId).orderBy('messages.id', 'desc').limit(q.limit + 1);
  if (q.kind) query.andWhere('messages.kind', q.kind);
  if (q.unread) query.whereNull('messages.read_at');
  if (q.before) query.andWhere('messages.id', '<', q.before);
  const rows = await query;
  const page = rows.slice(0, q.limit);
  return { items: page.map(toMessageJson), next: rows.length > q.limit ? page[page.length - 1].id : null };
}

export async function findMessage(k: Knex, userId: string, id: string) {
  const row = await own(k, userId).andWhere('messages.id', id).first();
  return row && toMessageJson(row);
}

/** A user's unread count as one column `n` (also a sub-query of the session state). */
export const unreadCountQuery = (k: Knex, userId: string) =>
  k('messages').where({ user_id: userId }).whereNull('read_at').whereNull('deleted_at').select(k.raw('count(*)::int as n'));

export async function unreadCount(k: Knex, userId: string): Promise<number> {
  return (await unreadCountQuery(k, userId).first()).n;
}

/** Unread counts of many users in one query (the live counts after a send to every user). */
export async function unreadCounts(k: Knex, userIds: string[]): Promise<Map<string, number>> {
  const rows: { user_id: string; n: string }[] = await k('messages').select('user_id').count({ n: '*' }).whereIn('user_id', userIds).whereNull('read_at').whereNull('deleted_at').groupBy('user_id');
  const out = new Map(userIds.map((id) => [id, 0]));
  for (const r of rows) out.set(r.user_id, Number(r.n));
  return out;
}

/** Unread per kind, for the tabs of the messages page. */
export async function unreadByKind(k: Knex, userId: string): Promise<Record<MessageKind, number>> {
  const rows: { kind: MessageKind; n: string }[] = await k('messages').select('kind').count({ n: '*' }).where({ user_id: userId }).whereNull('read_at').whereNull('deleted_at').groupBy('kind');
  const out: Record<MessageKind, number> = { system: 0, message: 0 };
  for (const r of rows) out[r.kind] = Number(r.n);
  return out;
}

/** Marks the user's message read (once) and returns it; undefined when it is not theirs. */
export async function markRead(k: Knex, userId: string, id: string) {
  const updated = await k('messages').where({ user_id: userId, id }).whereNull('read_at').whereNull('deleted_at').update({ read_at: k.fn.now() });
  if (updated) await notify(k, userId);
  return findMessage(k, userId, id);
}

export async function markAllRead(k: Knex, userId: string, kind?: MessageKind): Promise<number> {
  const query = k('messages').where({ user_id: userId }).whereNull('read_at').whereNull('deleted_at');
  if (kind) query.andWhere({ kind });
  const updated = await query.update({ read_at: k.fn.now() });
  if (updated) await notify(k, userId);
  return updated;
}

/** Soft delete: the user's own message only; false when there is none to delete. */
export async function deleteMessage(k: Knex, userId: string, id: string): Promise<boolean> {
  const deleted = await k('messages').where({ user_id: userId, id }).whereNull('deleted_at').update({ deleted_at: k.fn.now() });
  if (deleted) await notify(k, userId);
  return deleted > 0;
}
