import { randomUUID } from 'node:crypto';
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

/**
 * A new application with its accepted agreement and its listing workflow's id; its id, or null when
 * `constraint` (one open application per account) refuses it, as when two arrive at once.
 */
export async function insertApplication(
  k: Knex,
  o: { table: string; constraint: string; userId: string; state: string; columns: Record<string, unknown>; agreementVersion: string; workflowId: (id: string) => string },
): Promise<string | null> {
  const id = randomUUID();
  try {
    await k(o.table).insert({
      id,
      user_id: o.userId,
      state: o.state,
      ...o.columns,
      agreement_version: o.agreementVersion,
      agreement_accepted_at: k.fn.now(),
      workflow_id: o.workflowId(id),
    });
    return id;
  } catch (err) {
    if ((err as { constraint?: string }).constraint === o.constraint) return null;
    throw err;
  }
}

/** A directory row as every directory keeps it (the review, the listing, the agreement). */
export interface ApplicationRow<S extends string, D> extends NamedRow {
  id: string;
  state: S;
  data: D;
  round: number;
  review_flags: Record<string, string> | null;
  listed_at: Date | null;
  suspended_reason: string | null;
  agreement_version: string;
  created_at: Date;
  updated_at: Date;
}

/** What every directory's application JSON holds; each adds its own. */
export function applicationJson<S extends string, D>(row: ApplicationRow<S, D>) {
  return {
    id: row.id,
    state: row.state,
    data: row.data,
    names: namesOf(row),
    round: row.round,
    reviewFlags: row.review_flags,
    listedAt: row.listed_at?.toISOString() ?? null,
    suspendedReason: row.suspended_reason,
    agreementVersion: row.agreement_version,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}
