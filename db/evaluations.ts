import type { Knex } from 'knex';
import type { EvaluationInput, EvaluationJson } from '../domain/evaluations';
import type { TradeSide } from '../domain/trade';
import { keysetPage, newestFirst, type KeysetRequest } from './keyset';

/** Evaluations of completed trades (migration 011), once per trade and side (unique trade_id, from_user_id). */

interface EvaluationRow {
  id: string;
  trade_id: string;
  from_user_id: string;
  to_user_id: string;
  ipci_id: string;
  side: TradeSide;
  stars: number;
  comment: string;
  anonymous: boolean;
  created_at: Date;
  code: string;
  ip_name_zh: string;
  ip_name_en: string;
  ip_name_ja: string;
  from_name: string;
  to_name: string;
}

const PG_UNIQUE_VIOLATION = '23505';

/**
 * Writes `side`'s evaluation of a trade; 'already' when that side has evaluated it. The buyer's
 * stars reach the listing's rating by the trigger of migration 012, in this same statement.
 */
export async function insertEvaluation(
  k: Knex,
  e: { tradeId: string; fromUserId: string; toUserId: string; ipciId: string; side: TradeSide } & EvaluationInput,
): Promise<string | 'already'> {
  try {
    const [row] = await k('evaluations')
      .insert({ trade_id: e.tradeId, from_user_id: e.fromUserId, to_user_id: e.toUserId, ipci_id: e.ipciId, side: e.side, stars: e.stars, comment: e.comment, anonymous: e.anonymous })
      .returning('id');
    return row.id;
  } catch (err) {
    if ((err as { code?: string }).code === PG_UNIQUE_VIOLATION) return 'already';
    throw err;
  }
}

function viewQuery(k: Knex) {
  return k('evaluations as e')
    .join('ipcis as i', 'i.id', 'e.ipci_id')
    .join('users as f', 'f.id', 'e.from_user_id')
    .join('users as t', 't.id', 'e.to_user_id')
    .select('e.*', 'i.code', 'i.ip_name_zh', 'i.ip_name_en', 'i.ip_name_ja', 'f.display_name as from_name', 't.display_name as to_name');
}

/** `staff` see who wrote an anonymous evaluation; the evaluated party does not. */
export function toEvaluationJson(r: EvaluationRow, staff: boolean): EvaluationJson {
  return {
    id: r.id,
    tradeId: r.trade_id,
    ipci: { id: r.ipci_id, code: r.code, names: { zh: r.ip_name_zh, en: r.ip_name_en, ja: r.ip_name_ja } },
    side: r.side,
    stars: r.stars,
    comment: r.comment,
    anonymous: r.anonymous,
    from: r.anonymous && !staff ? null : { id: r.from_user_id, name: r.from_name },
    to: { id: r.to_user_id, name: r.to_name },
    createdAt: r.created_at.toISOString(),
  };
}

export function findEvaluation(k: Knex, id: string): Promise<EvaluationRow | undefined> {
  return viewQuery(k).where('e.id', id).first();
}

async function page(query: Knex.QueryBuilder, q: KeysetRequest, staff: boolean) {
  const { rows, next } = await keysetPage<EvaluationRow>(query, newestFirst('e.created_at', 'e.id'), q);
  return { items: rows.map((r) => toEvaluationJson(r, staff)), next };
}

/** What others said of `userId`, newest first (index evaluations_to). */
export function receivedEvaluationsPage(k: Knex, userId: string, q: KeysetRequest) {
  return page(viewQuery(k).where('e.to_user_id', userId), q, false);
}

/** Back office: every evaluation (index evaluations_all; migration 014 indexes the star filter); `q` an IPCI code or a party's user name. */
export function adminEvaluationsPage(k: Knex, q: KeysetRequest & { stars?: number | null; side?: string; q?: string }) {
  const query = viewQuery(k);
  if (q.stars) query.where('e.stars', q.stars);
  if (q.side) query.where('e.side', q.side);
  const text = q.q?.trim();
  if (text) {
    const users = k('users').select('id').whereRaw('lower(username) = ?', [text.toLowerCase()]);
    query.where((w) => w.where('i.code', text.toUpperCase()).orWhereIn('e.from_user_id', users).orWhereIn('e.to_user_id', users.clone()));
  }
  return page(query, q, true);
}
