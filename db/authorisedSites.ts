import type { Knex } from 'knex';

/**
 * Sites a user marked as authorised (table authorised_sites, migration 029): their licensees' hosts.
 * Matches found there are filed as `authorised` rather than `new`; marking a host moves the user's
 * new suspects there to authorised, removing it moves them back (ignored and reported ones stay).
 */

export interface AuthorisedSiteRow {
  id: string;
  user_id: string;
  host: string;
  created_at: Date;
}

export const toAuthorisedSiteJson = (r: AuthorisedSiteRow) => ({ id: r.id, host: r.host, createdAt: r.created_at.toISOString() });

/** The user's authorised hosts in host order (unique index (user_id, host)); a user has a handful. */
export function authorisedSites(k: Knex, userId: string): Promise<AuthorisedSiteRow[]> {
  return k('authorised_sites').where({ user_id: userId }).orderBy('host').select('*');
}

export async function authorisedHosts(k: Knex, userId: string): Promise<Set<string>> {
  return new Set(await k('authorised_sites').where({ user_id: userId }).pluck('host'));
}

/**
 * Marks `host` authorised for the user (again: no change) and moves their new suspects on it to
 * authorised, in one transaction; `affected` counts the suspects moved (index suspects_user_website).
 */
export async function authoriseSite(k: Knex, userId: string, host: string): Promise<{ site: AuthorisedSiteRow; affected: number }> {
  return k.transaction(async (trx) => {
    await trx('authorised_sites').insert({ user_id: userId, host }).onConflict(['user_id', 'host']).ignore();
    const site: AuthorisedSiteRow = await trx('authorised_sites').where({ user_id: userId, host }).first('*');
    const affected = await trx('suspects').where({ user_id: userId, website: host, state: 'new' }).update({ state: 'authorised', state_changed_at: trx.fn.now() });
    return { site, affected };
  });
}

/** Takes the authorisation back: its suspects still authorised are new again. False when it is not the user's. */
export async function removeAuthorisedSite(k: Knex, userId: string, id: string): Promise<boolean> {
  return k.transaction(async (trx) => {
    const [site] = await trx('authorised_sites').where({ id, user_id: userId }).delete().returning('host');
    if (!site) return false;
    await trx('suspects').where({ user_id: userId, website: site.host, state: 'authorised' }).update({ state: 'new', state_changed_at: trx.fn.now() });
    return true;
  });
}
