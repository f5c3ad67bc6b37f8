import type { Knex } from 'knex';
import type { IpNames } from '../domain/ipNames';
import { keysetPage, newestFirst, type KeysetRequest } from './keyset';

/**
 * What the directories (law_firms, migration 020; manufacturers, migration 024) share: the names a
 * form fills into three columns, searched together by a part of any of them (their trigram indexes),
 * one application per account held by a unique index, and the back office's list.
 */

export interface NamedRow {
  name_zh: string;
  name_en: string;
  name_ja: string;
}

/** The name columns a form's data fills; a name not given in a language is empty, never null. */
export const nameColumns = (data: { nameZh: string; nameEn?: string | null; nameJa?: string | null }): NamedRow => ({
  name_zh: data.nameZh,
  name_en: data.nameEn ?? '',
  name_ja: data.nameJa ?? '',
});

export const namesOf = (row: NamedRow): IpNames => ({ zh: row.name_zh, en: row.name_en, ja: row.name_ja });

const likeText = (q: string) => `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Rows whose names in any language hold `q` (case-insensitive, LIKE's wildcards taken literally); every row without one. */
export function whereNameHas(query: Knex.QueryBuilder, q: string | undefined): Knex.QueryBuilder {
  return q ? query.whereRaw("lower(name_zh || ' ' || name_en || ' ' || name_ja) like ?", [likeText(q)]) : query;
}

/** The back office list of a directory's applications: a state filter and a part of a name, newest application first. */
export function adminDirectoryPage<T>(query: Knex.QueryBuilder, q: KeysetRequest & { state?: string; q?: string }) {
  if (q.state) query.where('state', q.state);
  return keysetPage<T>(whereNameHas(query, q.q), newestFirst('created_at', 'id'), q);
}

/** Inserts an application; false when `constraint` (one application per account) refuses it, as when two arrive at once. */
export async function insertOnce(k: Knex, table: string, row: Record<string, unknown>, constraint: string): Promise<boolean> {
  try {
    await k(table).insert(row);
    return true;
  } catch (err) {
    if ((err as { constraint?: string }).constraint === constraint) return false;
    throw err;
  }
}
