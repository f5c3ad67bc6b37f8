import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { parseIpciCode } from '../domain/ipci';
import type {
  AdminObjectionListQuery,
  ObjectionAnswer,
  ObjectionData,
  ObjectionJson,
  ObjectionListQuery,
  ObjectionOutcome,
  ObjectionReasonCategory,
  ObjectionState,
} from '../domain/objections';
import { keysetPage, newestFirst, type KeysetRequest } from './keyset';

/** Rights objections (table objections, migrations 011 and 015). */

export interface ObjectionRow {
  id: string;
  ipci_id: string;
  objector_id: string;
  state: ObjectionState;
  data: ObjectionData;
  holder_answer: (ObjectionAnswer & { answeredAt: string }) | null;
  review_opinion: string | null;
  outcome: ObjectionOutcome | null;
  reason_category: ObjectionReasonCategory | null;
  round: number;
  workflow_id: string;
  created_at: Date;
  updated_at: Date;
  decided_at: Date | null;
  deleted_at: Date | null;
  answer_due_at: Date | null;
  /** Joined from the IPCI. */
  code: string;
  holder_id: string;
  ip_name_zh: string;
  ip_name_en: string;
  ip_name_ja: string;
}

export const objectionWorkflowId = (id: string) => `objection/${id}`;

const select = (k: Knex) =>
  k('objections as o')
    .join('ipcis as i', 'i.id', 'o.ipci_id')
    .select('o.*', 'i.code', 'i.user_id as holder_id', 'i.ip_name_zh', 'i.ip_name_en', 'i.ip_name_ja');

export function objection(k: Knex, id: string): Promise<ObjectionRow | undefined> {
  return select(k).where('o.id', id).first();
}

export async function insertObjection(k: Knex, ipciId: string, objectorId: string, data: ObjectionData): Promise<ObjectionRow> {
  const id = randomUUID();
  await k('objections').insert({ id, ipci_id: ipciId, objector_id: objectorId, state: 'pendingAudit', data: JSON.stringify(data), workflow_id: objectionWorkflowId(id) });
  return (await objection(k, id))!;
}

export async function deleteObjectionRow(k: Knex, id: string): Promise<void> {
  await k('objections').where({ id }).delete();
}

/** Hides a decided (or withdrawn) objection from its objector's list; staff still see it. */
export async function hideObjection(k: Knex, id: string): Promise<void> {
  await k('objections').where({ id }).whereNull('deleted_at').update({ deleted_at: k.fn.now() });
}

const page = (query: Knex.QueryBuilder, q: KeysetRequest) => keysetPage<ObjectionRow>(query, newestFirst('o.created_at', 'o.id'), q);

/**
 * The objector's list (objections_objector index): their objections but the ones they deleted; or, as
 * holder, the objections to their own IPCIs once admitted (ipcis_user, then objections_ipci).
 */
export function objectionsOf(k: Knex, userId: string, q: ObjectionListQuery) {
  const query = select(k);
  if (q.side === 'holder') query.where('i.user_id', userId).whereNotNull('o.answer_due_at').whereNot('o.state', 'withdrawn');
  else query.where('o.objector_id', userId).whereNull('o.deleted_at');
  if (q.state) query.where('o.state', q.state);
  return page(query, q);
}

/** What the holder reads of an objection: not the objector's contact details, the opinion once decided. */
export function toHolderJson(row: ObjectionRow): ObjectionJson {
  const json = toObjectionJson(row);
  const { contact: _contact, phone: _phone, email: _email, ...data } = json.data;
  return { ...json, data: data as ObjectionJson['data'], reviewOpinion: row.decided_at ? json.reviewOpinion : null };
}

/**
 * The back office list (objections_state / objections_all): a state filter; `q` finds an IPCI code
 * exactly (any written form) or a company name by a part of it (trigram index).
 */
export function adminObjections(k: Knex, q: AdminObjectionListQuery) {
  const query = select(k);
  if (q.state) query.where('o.state', q.state);
  if (q.q) {
    const code = parseIpciCode(q.q)?.code;
    if (code) query.where('i.code', code);
    else query.whereRaw("lower(o.data->>'companyName') like ?", [`%${q.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`]);
  }
  return page(query, q);
}

/*
 * Workflow writes (activities): each guarded so a retry or a late one changes nothing twice.
 */

export async function saveData(k: Knex, id: string, data: ObjectionData): Promise<void> {
  await k('objections').where({ id }).whereIn('state', ['pendingAudit', 'pendingConfirmation']).update({ data: JSON.stringify(data), updated_at: k.fn.now() });
}

export async function setState(k: Knex, id: string, state: ObjectionState, answerDueAt: string | null): Promise<void> {
  const patch: Record<string, unknown> = { state, updated_at: k.fn.now() };
  if (answerDueAt) patch.answer_due_at = answerDueAt;
  await k('objections').where({ id }).whereNotIn('state', ['approved', 'failed', 'withdrawn']).update(patch);
}

export async function saveAnswer(k: Knex, id: string, answer: ObjectionAnswer, answeredAt: string): Promise<void> {
  await k('objections').where({ id }).whereNull('holder_answer').update({ holder_answer: JSON.stringify({ ...answer, answeredAt }), updated_at: k.fn.now() });
}

export async function decide(
  k: Knex,
  id: string,
  d: { state: 'approved' | 'failed'; opinion: string; outcome: ObjectionOutcome | null; category: ObjectionReasonCategory | null },
): Promise<void> {
  await k('objections')
    .where({ id })
    .whereNull('decided_at')
    .update({ state: d.state, review_opinion: d.opinion, outcome: d.outcome, reason_category: d.category, decided_at: k.fn.now(), updated_at: k.fn.now() });
}

/** Withdrawn: closed and gone from the objector's list. */
export async function markWithdrawn(k: Knex, id: string): Promise<void> {
  await k('objections')
    .where({ id })
    .whereIn('state', ['pendingAudit', 'pendingConfirmation', 'underReview'])
    .update({ state: 'withdrawn', deleted_at: k.fn.now(), updated_at: k.fn.now() });
}

export function toObjectionJson(row: ObjectionRow): ObjectionJson {
  return {
    id: row.id,
    ipciId: row.ipci_id,
    code: row.code,
    ipNames: { zh: row.ip_name_zh, en: row.ip_name_en, ja: row.ip_name_ja },
    state: row.state,
    data: row.data,
    holderAnswer: row.holder_answer,
    reviewOpinion: row.review_opinion,
    outcome: row.outcome,
    reasonCategory: row.reason_category,
    round: row.round,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    decidedAt: row.decided_at?.toISOString() ?? null,
    answerDueAt: row.state === 'pendingConfirmation' ? (row.answer_due_at?.toISOString() ?? null) : null,
  };
}
