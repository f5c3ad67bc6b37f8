import type { Knex } from 'knex';
import { decodeKeyset, encodeKeyset, type KeysetKind } from '../domain/validation/keyset';

/** One sort key of a list: an SQL column or expression (ours, never user input) and its cursor kind. */
export interface KeysetColumn {
  sql: string;
  kind: KeysetKind;
}

export interface KeysetRequest {
  limit: number;
  /** The `next` cursor of the previous page (already checked by the list's schema). */
  after?: string;
}

const CAST: Record<KeysetKind, string> = { date: 'timestamptz', uuid: 'uuid', count: 'int', key: 'text', rating: 'numeric' };

/**
 * The value a cursor holds for each key, selected with the row: timestamps with their microseconds
 * (a JavaScript Date keeps milliseconds only, and a cursor cut to them would skip rows written in
 * the same millisecond), ratings as Postgres writes them.
 */
const keyValue = (c: KeysetColumn): string => (c.kind === 'date' ? `to_char((${c.sql}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')` : `(${c.sql})`);

/**
 * One page of a list in keyset order: every key in the same direction (a row-value comparison), one
 * row more than asked to know whether there is a next page, and the cursor of the page's last row.
 * The query must name the columns it selects: the keys are added to them (and taken off the rows).
 */
export async function keysetPage<T>(query: Knex.QueryBuilder, keys: readonly KeysetColumn[], q: KeysetRequest, order: 'asc' | 'desc' = 'desc'): Promise<{ rows: T[]; next: string | null }> {
  const after = decodeKeyset(q.after, keys.map((c) => c.kind));
  if (after) {
    const placeholders = keys.map((c) => `?::${CAST[c.kind]}`).join(', ');
    query.whereRaw(`(${keys.map((c) => c.sql).join(', ')}) ${order === 'desc' ? '<' : '>'} (${placeholders})`, after);
  }
  keys.forEach((c, i) => query.select(query.client.raw(`${keyValue(c)} as keyset_${i}`)));
  const rows: Array<Record<string, unknown>> = await query.orderByRaw(keys.map((c) => `${c.sql} ${order}`).join(', ')).limit(q.limit + 1);
  const more = rows.length > q.limit;
  if (more) rows.pop();
  const cursor = (row: Record<string, unknown>) => keys.map((c, i) => (c.kind === 'count' ? Number(row[`keyset_${i}`]) : String(row[`keyset_${i}`])));
  const next = more ? encodeKeyset(cursor(rows[rows.length - 1])) : null;
  for (const row of rows) keys.forEach((_, i) => delete row[`keyset_${i}`]);
  return { rows: rows as T[], next };
}

/** The usual list order: newest first by a creation time, then by id. */
export const newestFirst = (at: string, id: string): KeysetColumn[] => [
  { sql: at, kind: 'date' },
  { sql: id, kind: 'uuid' },
];
