import { createHash, randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import type { UserRow } from './users';

export type { UserRow };

export const SESSION_DAYS = 7;

const hash = (token: string) => createHash('sha256').update(token).digest('hex');

/** Only a hash of the token is stored: a leaked table does not leak sessions. */
export interface SessionMeta {
  userAgent?: string;
  ip?: string;
}

export async function createSession(k: Knex, userId: string, meta: SessionMeta = {}): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + SESSION_DAYS * 86400_000);
  await k('sessions').insert({
    token_hash: hash(token),
    user_id: userId,
    expires_at: expiresAt,
    user_agent: meta.userAgent?.slice(0, 300) ?? null,
    ip: meta.ip ?? null,
  });
  return { token, expiresAt };
}

/** The hash a token is stored under: lets a caller recognise its own session in a list. */
export const tokenHash = hash;

/** The user behind a token, only while the session is live and the account active. */
export function userForToken(k: Knex, token: string): Promise<UserRow | undefined> {
  return k<UserRow>('users')
    .select('users.*')
    .join('sessions', 'sessions.user_id', 'users.id')
    .where('sessions.token_hash', hash(token))
    .andWhere('sessions.expires_at', '>', k.fn.now())
    .andWhere('users.status', 'active')
    .first();
}

export async function deleteSession(k: Knex, token: string): Promise<void> {
  await k('sessions').where({ token_hash: hash(token) }).delete();
}
