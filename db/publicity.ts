import type { Knex } from 'knex';
import { chinaDate } from '../domain/dates';
import type { InferType } from 'yup';
import {
  makePublicityNo,
  PUBLICITY_NO_PATTERN,
  type adminPublicityListQuerySchema,
  type PublicityData,
  type PublicityJson,
  type publicityListQuerySchema,
} from '../domain/protection';
import { decodeKeyset, encodeKeyset } from '../domain/validation/keyset';
import { UUID_PATTERN } from '../domain/validation/rules';
import { chinaYear } from './ipcis';

/** The next publicity number (domain makePublicityNo) from a sequence that is never reset. */
export async function nextPublicityNo(k: Knex, at = new Date()): Promise<string> {
  const { rows } = await k.raw(`select nextval('protection_publicity_seq')::int as serial`);
  return makePublicityNo(chinaYear(at), rows[0].serial);
}

/**
 * A processed case staff chose to publish gets its publicity number and an unpublished draft entry,
 * prefilled from the case; staff approve the text and publish it in the back office (rightPublic).
 * Idempotent: a second call finds the case's entry (one per case) and returns its number.
 */
export async function createPublicityDraft(k: Knex, caseId: string, at = new Date()): Promise<string> {
  return k.transaction(async (trx) => {
    const c = await trx('protection_cases as c')
      .join('ipcis as i', 'i.id', 'c.ipci_id')
      .where('c.id', caseId)
      .forUpdate('c')
      .first('c.id', 'c.kind', 'c.data', 'c.result', 'c.outcome', 'c.publicity_no', 'c.processed_at', 'i.ip_name_zh', 'i.ip_name_en', 'i.ip_name_ja');
    if (!c) throw new Error(`no protection case ${caseId}`);
    if (c.publicity_no) return c.publicity_no as string;
    const publicityNo = await nextPublicityNo(trx, at);
    const data: Omit<PublicityData, 'published'> = {
      kind: c.kind,
      titleZh: c.ip_name_zh,
      titleEn: c.ip_name_en ?? '',
      titleJa: c.ip_name_ja ?? '',
      ipNameZh: c.ip_name_zh,
      ipNameEn: c.ip_name_en ?? '',
      ipNameJa: c.ip_name_ja ?? '',
      infringer: String(c.data?.infringer ?? ''),
      result: c.result ?? 'resolved',
      summaryZh: c.outcome ?? '',
      summaryEn: '',
      summaryJa: '',
      processedOn: chinaDate(c.processed_at ?? at),
    };
    await trx('protection_publicity').insert({ publicity_no: publicityNo, case_id: caseId, kind: c.kind, data: JSON.stringify(data) });
    await trx('protection_cases').where({ id: caseId }).update({ publicity_no: publicityNo, updated_at: trx.fn.now() });
    return publicityNo;
  });
}

type PublicityListQuery = InferType<typeof publicityListQuerySchema>;
type AdminPublicityListQuery = InferType<typeof adminPublicityListQuerySchema>;

export interface PublicityRow {
  id: string;
  publicity_no: string;
  case_id: string | null;
  kind: PublicityData['kind'];
  data: Omit<PublicityData, 'published'>;
  published: boolean;
  published_at: Date | null;
  created_by: string | null;
  updated_by: string | null;
  created_at: Date;
  updated_at: Date;
}

export function toPublicityJson(row: PublicityRow): PublicityJson {
  return {
    ...row.data,
    published: row.published,
    id: row.id,
    publicityNo: row.publicity_no,
    caseId: row.case_id,
    publishedAt: row.published_at?.toISOString() ?? null,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** What anyone reads: the approved text only; which case it came from stays with staff. */
export const toPublicPublicityJson = (row: PublicityRow): PublicityJson => ({ ...toPublicityJson(row), caseId: null });

/** By id or by publicity number (the public link `?no=`); `publishedOnly` makes a draft as absent as a missing entry. */
export async function publicityEntry(k: Knex, ref: string, { publishedOnly = false } = {}): Promise<PublicityRow | undefined> {
  const query = k('protection_publicity');
  if (UUID_PATTERN.test(ref)) query.where({ id: ref });
  else if (PUBLICITY_NO_PATTERN.test(ref)) query.where({ publicity_no: ref });
  else return undefined;
  if (publishedOnly) query.where({ published: true });
  return query.first();
}

/** The expression of the trigram index protection_publicity_trgm (migration 020), so `like` can use it. */
const SEARCH_SQL = "lower(publicity_no || ' ' || (data->>'titleZh') || ' ' || coalesce(data->>'titleEn', '') || ' ' || coalesce(data->>'titleJa', '') || ' ' || (data->>'ipNameZh'))";

function filtered(k: Knex, q: { q: string; kind?: string }) {
  const query = k('protection_publicity');
  if (q.kind) query.where({ kind: q.kind });
  if (q.q) query.whereRaw(`${SEARCH_SQL} like ?`, [`%${q.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`]);
  return query;
}

/** Newest first by `at` (published_at or created_at), then id; the cursor keeps the microseconds so no row is skipped. */
async function page(k: Knex, query: Knex.QueryBuilder, at: 'published_at' | 'created_at', q: { limit: number; after?: string }) {
  const after = decodeKeyset(q.after, ['date', 'uuid']);
  if (after) query.whereRaw(`(${at}, id) < (?::timestamptz, ?::uuid)`, after);
  const rows: Array<PublicityRow & { at_key: string }> = await query
    .select('*', k.raw(`to_char(${at} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at_key`))
    .orderBy([
      { column: at, order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(q.limit + 1);
  const more = rows.length > q.limit;
  if (more) rows.pop();
  const last = rows[rows.length - 1];
  return { rows: rows as PublicityRow[], next: more ? encodeKeyset([last.at_key, last.id]) : null };
}

/** The public list (index protection_publicity_public): published entries, the latest published first. */
export function publicPublicityPage(k: Knex, q: PublicityListQuery) {
  return page(k, filtered(k, q).where({ published: true }), 'published_at', q);
}

/** The back office list (protection_publicity_all): drafts too, newest first, optionally by published state. */
export function adminPublicityPage(k: Knex, q: AdminPublicityListQuery) {
  const query = filtered(k, q);
  if (q.published !== undefined) query.where({ published: q.published });
  return page(k, query, 'created_at', q);
}

const stored = ({ published: _published, ...data }: PublicityData) => JSON.stringify(data);

/** An entry staff write from scratch (no case): a new number; published now if they say so. */
export async function insertPublicity(k: Knex, data: PublicityData, staffId: string): Promise<PublicityRow> {
  const [row] = await k('protection_publicity')
    .insert({
      publicity_no: await nextPublicityNo(k),
      kind: data.kind,
      data: stored(data),
      published: data.published,
      published_at: data.published ? k.fn.now() : null,
      created_by: staffId,
      updated_by: staffId,
    })
    .returning('*');
  return row;
}

/**
 * Staff edit the text and publish or withdraw it: publishing stamps published_at (an entry already
 * published keeps its date, so its place in the list), withdrawing clears it and hides the entry.
 */
export async function updatePublicity(k: Knex, id: string, data: PublicityData, staffId: string): Promise<PublicityRow | undefined> {
  const [row] = await k('protection_publicity')
    .where({ id })
    .update({
      kind: data.kind,
      data: stored(data),
      published: data.published,
      published_at: data.published ? k.raw('coalesce(published_at, now())') : null,
      updated_by: staffId,
      updated_at: k.fn.now(),
    })
    .returning('*');
  return row;
}
