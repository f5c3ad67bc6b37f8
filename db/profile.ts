import type { Knex } from 'knex';
import type { ProfileInput } from '../domain/profile';
import type { UserKind } from '../domain/roles';
import { findUpload, toUploadJson } from './uploads';

export interface ProfileRow {
  id: string;
  username: string;
  display_name: string;
  kind: UserKind | null;
  gender: string | null;
  introduction: string | null;
  country: string | null;
  province: string | null;
  city: string | null;
  address: string | null;
  phone: string | null;
  email: string | null;
  avatar_upload_id: string | null;
}

const COLUMNS: Array<keyof ProfileRow> = ['id', 'username', 'display_name', 'kind', 'gender', 'introduction', 'country', 'province', 'city', 'address', 'phone', 'email', 'avatar_upload_id'];

export function findProfile(k: Knex, userId: string): Promise<ProfileRow | undefined> {
  return k<ProfileRow>('users').select(...COLUMNS).where({ id: userId }).first();
}

/** The profile as the API answers it; the avatar's upload metadata lets the form show it at once. */
export async function toProfileJson(k: Knex, row: ProfileRow) {
  const avatar = row.avatar_upload_id ? await findUpload(k, row.avatar_upload_id) : undefined;
  return {
    username: row.username,
    displayName: row.display_name,
    kind: row.kind,
    gender: row.gender ?? 'undisclosed',
    introduction: row.introduction ?? '',
    country: row.country ?? '',
    province: row.province ?? '',
    city: row.city ?? '',
    address: row.address ?? '',
    phone: row.phone,
    email: row.email,
    avatarUploadId: row.avatar_upload_id ?? '',
    avatar: avatar ? toUploadJson(avatar) : null,
  };
}

/** Another account already uses this user name, compared case-insensitively (index users_username_lower). */
export async function usernameTaken(k: Knex, username: string, exceptUserId: string): Promise<boolean> {
  const row = await k('users').select('id').whereRaw('lower(username) = lower(?)', [username]).whereNot({ id: exceptUserId }).first();
  return Boolean(row);
}

export async function updateProfile(k: Knex, userId: string, p: ProfileInput): Promise<void> {
  const blank = (v: string) => v || null;
  await k('users')
    .where({ id: userId })
    .update({
      username: p.username,
      display_name: p.displayName,
      gender: p.gender,
      introduction: blank(p.introduction),
      country: blank(p.country),
      province: blank(p.province),
      city: blank(p.city),
      address: blank(p.address),
      avatar_upload_id: blank(p.avatarUploadId),
      updated_at: k.fn.now(),
    });
}
