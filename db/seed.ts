import { hash } from '@node-rs/argon2';
import type { Knex } from 'knex';
import { ARGON2_OPTIONS } from '../domain/password';
import type { Role, UserKind } from '../domain/roles';
import { seedCalendar } from './seedCalendar';

export interface DemoUser {
  username: string;
  password: string;
  displayName: string;
  kind: UserKind | null;
  roles: Role[];
}

/** Printed by npm start and listed in the README. Demo only: change or remove them in production. */
export const DEMO_USERS: DemoUser[] = [
  { username: 'person', password: 'Person#2026', displayName: '张三', kind: 'personal', roles: ['user'] },
  { username: 'company', password: 'Company#2026', displayName: '华光文化传媒有限公司', kind: 'enterprise', roles: ['user'] },
  { username: 'reviewer', password: 'Reviewer#2026', displayName: '李审', kind: null, roles: ['reviewer'] },
  { username: 'admin', password: 'Admin#2026', displayName: '王管', kind: null, roles: ['admin'] },
];

/** Idempotent: existing demo users keep their passwords and data. */
export async function seed(k: Knex, users: DemoUser[] = DEMO_USERS): Promise<void> {
  for (const u of users) {
    const exists = await k('users').where({ username: u.username }).first('id');
    if (exists) continue;
    await k('users')
      .insert({ username: u.username, display_name: u.displayName, password_hash: await hash(u.password, ARGON2_OPTIONS), kind: u.kind, roles: k.raw('?::text[]', [u.roles]) })
      .onConflict('username')
      .ignore();
  }
  await seedCalendar(k);
}
