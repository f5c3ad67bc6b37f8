import type { Knex } from 'knex';
import { DEFAULT_ELEMENTS, ELEMENTS, type RoleElements } from '../domain/permissions';
import { ROLES, type Role } from '../domain/roles';

/**
 * Grants the default roles of every catalogue element not seeded before, once. Runs on every start:
 * an element new to domain/permissions reaches its default roles, while an admin's edits (a default
 * removed, an element added) survive restarts because seeded elements are never granted again.
 */
export async function seedRoleElements(k: Knex): Promise<void> {
  await k.transaction(async (trx) => {
    const fresh = await trx('role_elements_seeded')
      .insert(ELEMENTS.map((element_id) => ({ element_id })))
      .onConflict('element_id')
      .ignore()
      .returning('element_id');
    const ids = new Set(fresh.map((r: { element_id: string }) => r.element_id));
    const rows = ROLES.flatMap((role) => DEFAULT_ELEMENTS[role].filter((e) => ids.has(e)).map((element_id) => ({ role, element_id })));
    if (rows.length) await trx('role_elements').insert(rows).onConflict(['role', 'element_id']).ignore();
  });
}

/** The UI element ids the given roles may use (spec part 1 §3 `permission`), as one sorted array column `ids`. */
export const elementsOfRolesQuery = (k: Knex, roles: readonly string[]) =>
  k('role_elements')
    .select(k.raw("coalesce(array_agg(distinct element_id order by element_id), '{}'::text[]) as ids"))
    .whereIn('role', roles as string[]);

export async function elementsOfRoles(k: Knex, roles: readonly string[]): Promise<string[]> {
  return (await elementsOfRolesQuery(k, roles).first()).ids;
}

export async function roleElements(k: Knex): Promise<RoleElements> {
  const rows: { role: Role; element_id: string }[] = await k('role_elements').select('role', 'element_id').orderBy(['role', 'element_id']);
  const out = Object.fromEntries(ROLES.map((r) => [r, [] as string[]])) as RoleElements;
  for (const r of rows) out[r.role]?.push(r.element_id);
  return out;
}

/** Replaces every role's elements in one transaction. */
export async function replaceRoleElements(k: Knex, next: RoleElements): Promise<void> {
  await k.transaction(async (trx) => {
    await trx('role_elements').whereIn('role', ROLES as readonly string[] as string[]).delete();
    const rows = ROLES.flatMap((role) => [...new Set(next[role])].map((element_id) => ({ role, element_id })));
    if (rows.length) await trx('role_elements').insert(rows);
  });
}
