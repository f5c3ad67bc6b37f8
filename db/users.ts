import type { Knex } from 'knex';
import type { Role, UserKind } from '../domain/roles';

export interface UserRow {
  id: string;
  username: string;
  display_name: string;
  password_hash: string;
  kind: UserKind | null;
  roles: Role[];
  status: 'active' | 'frozen' | 'cancelled';
  locale: string;
  email: string | null;
  phone: string | null;
  invite_code: string;
  avatar_upload_id: string | null;
  invited_by: string | null;
  special: string[];
  created_at: Date;
  last_login_at: Date | null;
}

export function findUserByName(k: Knex, username: string): Promise<UserRow | undefined> {
  return k<UserRow>('users').where({ username }).first();
}

/** Log-in accepts the user name, the bound e-mail (any case) or the bound phone number. */
export function findUserByLogin(k: Knex, login: string): Promise<UserRow | undefined> {
  const l = login.trim();
  return k<UserRow>('users')
    .whereRaw('lower(username) = lower(?)', [l])
    .orWhereRaw('lower(email) = lower(?)', [l])
    .orWhere('phone', l)
    .first();
}

/** The account an e-mail address or phone number is bound to (addresses normalised by the caller). */
export function findUserByContact(k: Knex, address: string): Promise<UserRow | undefined> {
  return k<UserRow>('users').whereRaw('lower(email) = ?', [address.toLowerCase()]).orWhere('phone', address).first();
}

export function findUser(k: Knex, id: string): Promise<UserRow | undefined> {
  return k<UserRow>('users').where({ id }).first();
}

export function listStaff(k: Knex): Promise<Pick<UserRow, 'id' | 'display_name' | 'roles'>[]> {
  return k('users')
    .select('id', 'display_name', 'roles')
    .whereRaw("roles && array['reviewer','admin']::text[]")
    .andWhere({ status: 'active' })
    .orderBy('display_name');
}
