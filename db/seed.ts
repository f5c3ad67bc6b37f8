import { hash } from '@node-rs/argon2';
import type { Knex } from 'knex';
import { ARGON2_OPTIONS } from '../domain/password';
import type { Role, UserKind } from '../domain/roles';
import { ADMINISTRATOR_SPECIAL } from '../domain/permissions';
import { seedCalendar } from './seedCalendar';
import { seedRoleElements } from './roleElements';
import { seedDictionaries } from './dictionaries';

export interface DemoUser {
  username: string;
  password: string;
  displayName: string;
  kind: UserKind | null;
  roles: Role[];
  /** Spec part 1 §3 user info `special`: `develop` flags an administrator. */
  special?: string[];
}

/** Printed by npm start and listed in the README. Demo only: change or remove them in production. */
export const DEMO_USERS: DemoUser[] = [
  { username: 'person', password: 'Person#2026', displayName: '张三', kind: 'personal', roles: ['user'] },
  { username: 'company', password: 'Company#2026', displayName: '华光文化传媒有限公司', kind: 'enterprise', roles: ['user'] },
  { username: 'reviewer', password: 'Reviewer#2026', displayName: '李审', kind: null, roles: ['reviewer'] },
  { username: 'admin', password: 'Admin#2026', displayName: '王管', kind: null, roles: ['admin'], special: [ADMINISTRATOR_SPECIAL] },
];

/** Idempotent: existing demo users keep their passwords and data. */
export async function seed(k: Knex, users: DemoUser[] = DEMO_USERS): Promise<void> {
  for (const u of users) {
    const exists = await k('users').where({ username: u.username }).first('id');
    if (exists) continue;
    await k('users')
      .insert({ username: u.username, display_name: u.displayName, password_hash: await hash(u.password, ARGON2_OPTIONS), kind: u.kind, roles: k.raw('?::text[]', [u.roles]), special: k.raw('?::text[]', [u.special ?? []]) })
      .onConflict('username')
      .ignore();
  }
  await seedRoleElements(k);
  await seedCalendar(k);
  await seedDictionaries(k);
}
