import type { Knex } from 'knex';
import { isAdministrator } from '../../domain/permissions';
import { USER_TYPES } from '../../domain/roles';
import { certificationStateQuery } from '../../db/identity';
import { unreadCountQuery } from '../../db/messages';
import { elementsOfRolesQuery } from '../../db/roleElements';
import type { UserRow } from '../../db/users';

/**
 * The session state of spec part 1 §3 that the UI keeps: who the user is and what they may use —
 * `permission` (UI element ids of all the user's roles), `roleinfo`, the `special` list and the
 * administrator flag it implies, and the unread message count. Contacts are only flagged present.
 */
export async function sessionUser(k: Knex, user: UserRow) {
  // One round trip: log-in time on these machines is mostly round trips and the password hash.
  const { state, permission, unread } = await k
    .select({
      state: certificationStateQuery(k, user.id),
      permission: elementsOfRolesQuery(k, user.roles),
      unread: unreadCountQuery(k, user.id),
    })
    .first();
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
    identityState: user.kind ? (state ?? null) : null,
    unread,
    hasEmail: Boolean(user.email),
    hasPhone: Boolean(user.phone),
    avatarUploadId: user.avatar_upload_id ?? null,
  };
}

export type SessionUserJson = Awaited<ReturnType<typeof sessionUser>>;
