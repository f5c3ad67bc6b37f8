import type { Knex } from 'knex';
import { isAdministrator } from '../../domain/permissions';
import { USER_TYPES } from '../../domain/roles';
import { certificationOf } from '../../db/identity';
import { unreadCount } from '../../db/messages';
import { elementsOfRoles } from '../../db/roleElements';
import type { UserRow } from '../../db/users';

/**
 * The session state of spec part 1 §3 that the UI keeps: who the user is and what they may use —
 * `permission` (UI element ids of all the user's roles), `roleinfo`, the `special` list and the
 * administrator flag it implies, and the unread message count. Contacts are only flagged present.
 */
export async function sessionUser(k: Knex, user: UserRow) {
  const [cert, permission, unread] = await Promise.all([
    user.kind ? certificationOf(k, user.id) : undefined,
    elementsOfRoles(k, user.roles),
    unreadCount(k, user.id),
  ]);
  return {
    id: user.id,
    username: user.username,
    displayName: user.display_name,
    kind: user.kind,
    userType: user.kind ? USER_TYPES[user.kind] : null,
    roles: user.roles,
    roleinfo: user.roles.map((roleid) => ({ roleid })),
    permission,
    special: user.special ?? [],
    isAdministrator: isAdministrator(user.special ?? []),
    locale: user.locale,
    identityState: cert?.state ?? null,
    unread,
    hasEmail: Boolean(user.email),
    hasPhone: Boolean(user.phone),
  };
}

export type SessionUserJson = Awaited<ReturnType<typeof sessionUser>>;
