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
}

export function findUserByName(k: Knex, username: string): Promise<UserRow | undefined> {
  return k<UserRow>('users').where({ username }).first();
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

/** Inserts or refreshes a user by user name (the demo seed runs on every start). */
export async function upsertUser(k: Knex, user: Omit<UserRow, 'id' | 'status' | 'locale'> & { locale?: string }): Promise<string> {
  const [row] = await k('users')
    .insert({ ...user, roles: k.raw('?::text[]', [user.roles]) })
    .onConflict('username')
    .merge(['display_name', 'kind', 'roles'])
    .returning('id');
  return row.id;
}
