import { createHash, randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import type { UserRow } from './users';

export type { UserRow };

export const SESSION_DAYS = 7;

const hash = (token: string) => createHash('sha256').update(token).digest('hex');

export interface SessionMeta {
  userAgent?: string;
  ip?: string;
}

/**
 * Starts a session, which is a log-in: the user's last_login_at is set by the same statement (one
 * round trip, one commit). Only a hash of the token is stored: a leaked table does not leak sessions.
 */
export async function createSession(k: Knex, userId: string, meta: SessionMeta = {}): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + SESSION_DAYS * 86400_000);
  await k
    .with('login', (q) => q.from('users').where({ id: userId }).update({ last_login_at: k.fn.now() }))
    .insert({
      token_hash: hash(token),
      user_id: userId,
      expires_at: expiresAt,
      user_agent: meta.userAgent?.slice(0, 300) ?? null,
      ip: meta.ip ?? null,
    })
    .into('sessions');
  return { token, expiresAt };
}

/** The hash a token is stored under: lets a caller recognise its own session in a list. */
export const tokenHash = hash;

/** A signed-in user row plus the public id of the session it came through. */
export type SessionUserRow = UserRow & { session_id: string };

/** last_seen_at is written at most once a minute per session, so busy pages cost no extra writes. */
const TOUCH_SECONDS = 60;

/** The user behind a token, only while the session is live and the account active. */
export async function userForToken(k: Knex, token: string): Promise<SessionUserRow | undefined> {
  const row = await k('users')
    .select('users.*', 'sessions.id as session_id', k.raw('sessions.last_seen_at < now() - make_interval(secs => ?) as session_stale', [TOUCH_SECONDS]))
    .join('sessions', 'sessions.user_id', 'users.id')
    .where('sessions.token_hash', hash(token))
    .andWhere('sessions.expires_at', '>', k.fn.now())
    .andWhere('users.status', 'active')
    .first();
  if (!row) return undefined;
  const { session_stale: stale, ...user } = row;
  if (stale) await k('sessions').where({ id: user.session_id }).update({ last_seen_at: k.fn.now() });
  return user as SessionUserRow;
}

export interface SessionListRow {
  id: string;
  user_agent: string | null;
  ip: string | null;
  created_at: Date;
  last_seen_at: Date;
}

/** A user's live sessions, most recently used first (index sessions_user_seen). */
export function listSessions(k: Knex, userId: string): Promise<SessionListRow[]> {
  return k('sessions')
    .select('id', 'user_agent', 'ip', 'created_at', 'last_seen_at')
    .where('user_id', userId)
    .andWhere('expires_at', '>', k.fn.now())
    .orderBy([{ column: 'last_seen_at', order: 'desc' }, { column: 'id' }]);
}

/** Ends one of the user's sessions; false when the id is not a session of theirs. */
export async function revokeSession(k: Knex, userId: string, sessionId: string): Promise<boolean> {
  return (await k('sessions').where({ user_id: userId, id: sessionId }).delete()) > 0;
}

/** Ends every session of the user except `keepId` (none kept when it is null); answers how many. */
export function revokeOtherSessions(k: Knex, userId: string, keepId: string | null): Promise<number> {
  const q = k('sessions').where({ user_id: userId });
  if (keepId) q.whereNot('id', keepId);
  return q.delete();
}

export async function deleteSession(k: Knex, token: string): Promise<void> {
  await k('sessions').where({ token_hash: hash(token) }).delete();
}
