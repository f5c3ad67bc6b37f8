import type { Knex } from 'knex';
import { USER_TYPES } from '../../domain/roles';
import { certificationOf } from '../../db/identity';
import type { UserRow } from '../../db/users';

/** The session state of spec part 1 §3 that the UI keeps: who the user is and what they may use. */
export async function sessionUser(k: Knex, user: UserRow) {
  const cert = user.kind ? await certificationOf(k, user.id) : undefined;
  return {
    id: user.id,
    username: user.username,
    displayName: user.display_name,
    kind: user.kind,
    userType: user.kind ? USER_TYPES[user.kind] : null,
    roles: user.roles,
    locale: user.locale,
    identityState: cert?.state ?? null,
  };
}

