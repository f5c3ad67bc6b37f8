import type { Knex } from 'knex';
import type { UserEdit, UserSearch } from '../domain/adminUsers';
import { decodeKeyset, encodeKeyset } from '../domain/validation/keyset';
import { PHONE_PATTERN } from '../domain/validation/rules';
import { certificationOf } from './identity';
import type { UserRow } from './users';

/** The expression the trigram index users_search_trgm (migration 006) is built on. */
const SEARCH_EXPR = "(lower(username) || ' ' || lower(display_name) || ' ' || coalesce(lower(email), ''))";

interface ListRow extends UserRow {
  cursor_at: string;
}

/** Keyset cursor over (created_at desc, id): microseconds kept, so no row falls between pages. */
const encodeCursor = (r: ListRow) => encodeKeyset([r.cursor_at, r.id]);

export const toAdminUserRow = (r: UserRow) => ({
  id: r.id,
  username: r.username,
  displayName: r.display_name,
  kind: r.kind,
  roles: r.roles,
  status: r.status,
  email: r.email,
  phone: r.phone,
  createdAt: r.created_at.toISOString(),
  lastLoginAt: r.last_login_at?.toISOString() ?? null,
});

/** One page of the admin user list, newest accounts first. */
export async function searchUsers(k: Knex, q: UserSearch) {
  const query = k<ListRow>('users').select('users.*', k.raw(`to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as cursor_at`));
  if (q.q) {
    const like = `%${q.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    // A mobile number is matched whole (its own unique index); everything else by part.
    query.where((w) => {
      w.whereRaw(`${SEARCH_EXPR} like ?`, [like]);
      if (PHONE_PATTERN.test(q.q!)) w.orWhere('phone', q.q!);
    });
  }
  if (q.role) query.whereRaw('roles @> array[?]::text[]', [q.role]);
  if (q.kind === 'staff') query.whereNull('kind');
  else if (q.kind) query.where('kind', q.kind);
  if (q.status) query.where('status', q.status);
  const cursor = decodeKeyset(q.after, ['date', 'uuid']);
  if (cursor) query.whereRaw('(created_at < ?::timestamptz or (created_at = ?::timestamptz and id > ?))', [cursor[0], cursor[0], cursor[1]]);
  const rows = await query.orderBy([{ column: 'created_at', order: 'desc' }, { column: 'id' }]).limit(q.limit + 1);
  const more = rows.length > q.limit;
  if (more) rows.pop();
  return { items: rows.map(toAdminUserRow), next: more ? encodeCursor(rows[rows.length - 1]) : null };
}

/** Everything the detail page shows about one account. */
export async function userDetail(k: Knex, id: string) {
  const user = await k<UserRow & { frozen_reason: string | null; cancelled_at: Date | null; password_changed_at: Date | null }>('users').where({ id }).first();
  if (!user) return undefined;
  const [inviter, sessions, cert] = await Promise.all([
    user.invited_by ? k('users').where({ id: user.invited_by }).first('id', 'username', 'display_name') : undefined,
    k('sessions').where({ user_id: id }).andWhere('expires_at', '>', k.fn.now()).count({ n: '*' }),
    certificationOf(k, id),
  ]);
  return {
    ...toAdminUserRow(user),
    special: user.special,
    locale: user.locale,
    inviteCode: user.invite_code,
    invitedBy: inviter ? { id: inviter.id, username: inviter.username, displayName: inviter.display_name } : null,
    identityState: cert?.state ?? null,
    activeSessions: Number(sessions[0].n),
    frozenReason: user.frozen_reason,
    cancelledAt: user.cancelled_at?.toISOString() ?? null,
    passwordChangedAt: user.password_changed_at?.toISOString() ?? null,
  };
}

export async function updateUser(k: Knex, id: string, edit: UserEdit): Promise<void> {
  await k('users')
    .where({ id })
    .update({ display_name: edit.displayName, kind: edit.kind, roles: k.raw('?::text[]', [edit.roles]), updated_at: k.fn.now() });
}

/** Freezing ends every session of the account at once (and userForToken refuses frozen accounts). */
export async function setStatus(k: Knex, id: string, status: 'active' | 'frozen', reason: string | null): Promise<void> {
  await k.transaction(async (trx) => {
    await trx('users').where({ id }).update({ status, frozen_reason: reason, updated_at: trx.fn.now() });
    if (status === 'frozen') await trx('sessions').where({ user_id: id }).delete();
  });
}

export async function resetPassword(k: Knex, id: string, passwordHash: string): Promise<void> {
  await k.transaction(async (trx) => {
    await trx('users').where({ id }).update({ password_hash: passwordHash, password_changed_at: trx.fn.now(), updated_at: trx.fn.now() });
    await trx('sessions').where({ user_id: id }).delete();
  });
}
