import type { Knex } from 'knex';
import type { UserKind } from '../domain/roles';
import type { UserRow } from './users';

export interface NewAccount {
  username: string;
  kind: UserKind;
  passwordHash: string;
  /** The bound contact the registration code went to: exactly one of them. */
  email: string | null;
  phone: string | null;
  birthDate: string | null;
  invitedBy: string | null;
  locale: string;
}

/**
 * A registered user. Duplicates (user name in any case, e-mail, phone) are left to the unique
 * indexes, so two registrations racing for one name cannot both win; the caller maps the violation.
 */
export async function createAccount(k: Knex, a: NewAccount): Promise<UserRow> {
  const [row] = await k('users')
    .insert({
      username: a.username,
      display_name: a.username,
      password_hash: a.passwordHash,
      kind: a.kind,
      roles: k.raw('?::text[]', [['user']]),
      email: a.email,
      phone: a.phone,
      birth_date: a.birthDate,
      invited_by: a.invitedBy,
      locale: a.locale,
      password_changed_at: k.fn.now(),
      last_login_at: k.fn.now(),
    })
    .returning('*');
  return row;
}

/** Which field a unique violation on users is about (index names of migrations 001/002). */
export function duplicateField(constraint: string | undefined): 'username' | 'email' | 'phone' | undefined {
  if (constraint === 'users_email') return 'email';
  if (constraint === 'users_phone') return 'phone';
  if (constraint === 'users_username_lower' || constraint === 'users_username_unique') return 'username';
  return undefined;
}

/** The user an invitation code belongs to (codes are stored upper-case; index users_invite_code_unique). */
export function findInviter(k: Knex, inviteCode: string): Promise<Pick<UserRow, 'id'> | undefined> {
  return k('users').select('id').where('invite_code', inviteCode.toUpperCase()).first();
}

/** The same password hashed again at today's cost (its parameters were outdated); not a password change. */
export async function storeRehash(k: Knex, userId: string, passwordHash: string): Promise<void> {
  await k('users').where({ id: userId }).update({ password_hash: passwordHash });
}
