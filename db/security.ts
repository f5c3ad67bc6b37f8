import type { Knex } from 'knex';

export interface SecurityRow {
  id: string;
  email: string | null;
  phone: string | null;
  password_hash: string;
  password_changed_at: Date | null;
}

export function securityOf(k: Knex, userId: string): Promise<SecurityRow | undefined> {
  return k<SecurityRow>('users').select('id', 'email', 'phone', 'password_hash', 'password_changed_at').where({ id: userId }).first();
}

/** Postgres unique_violation: two accounts raced for the same address (users_email / users_phone). */
export const isUniqueViolation = (err: unknown) => (err as { code?: string }).code === '23505';

/** Binds (or replaces) the account's e-mail or phone; the caller runs it in the code's transaction. */
export async function setContact(k: Knex, userId: string, field: 'email' | 'phone', value: string): Promise<void> {
  await k('users').where({ id: userId }).update({ [field]: value, updated_at: k.fn.now() });
}

export async function setPasswordHash(k: Knex, userId: string, passwordHash: string): Promise<void> {
  await k('users').where({ id: userId }).update({ password_hash: passwordHash, password_changed_at: k.fn.now(), updated_at: k.fn.now() });
}
