import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { chinaDate } from '../domain/dates';
import { IDENTITY_STATE } from '../domain/identityState';
import { parseIpciCode } from '../domain/ipci';
import {
  PROTECTION_TABS,
  protectionEligibility,
  type AdminProtectionListQuery,
  type EligibilityRule,
  type ProtectionCaseJson,
  type ProtectionData,
  type ProtectionIpciChoice,
  type ProtectionKind,
  type ProtectionListQuery,
  type ProtectionRefusalReason,
  type ProtectionResult,
  type ProtectionState,
  type ProtectionUpdateJson,
  type ProtectionUpdateKind,
} from '../domain/protection';
import { keysetPage, newestFirst, type KeysetRequest } from './keyset';

/** Rights-protection cases and their correspondence (tables protection_cases, protection_updates, migration 020). */

export interface ProtectionCaseRow {
  id: string;
  user_id: string;
  ipci_id: string;
  kind: ProtectionKind;
  state: ProtectionState;
  data: ProtectionData;
  law_firm_id: string | null;
  refusal_reason: ProtectionRefusalReason | null;
  review_flags: Record<string, string> | null;
  result: ProtectionResult | null;
  outcome: string | null;
  publicity_no: string | null;
  supplement_requested: boolean;
  reply_due_at: Date | null;
  workflow_id: string;
  created_at: Date;
  updated_at: Date;
  accepted_at: Date | null;
  processed_at: Date | null;
  /** Joined from the IPCI and the law firm. */
  code: string;
  ip_name_zh: string;
  ip_name_en: string;
  ip_name_ja: string;
  firm_name_zh: string | null;
  firm_name_en: string | null;
  firm_name_ja: string | null;
}

export interface ProtectionUpdateRow {
  id: string;
  case_id: string;
  kind: ProtectionUpdateKind;
  author: 'staff' | 'user';
  author_id: string | null;
  author_name: string | null;
  note: string;
  attachments: string[];
  created_at: Date;
}

export const protectionWorkflowId = (id: string) => `protectionCase/${id}`;

const select = (k: Knex) =>
  k('protection_cases as c')
    .join('ipcis as i', 'i.id', 'c.ipci_id')
    .leftJoin('law_firms as f', 'f.id', 'c.law_firm_id')
    .select('c.*', 'i.code', 'i.ip_name_zh', 'i.ip_name_en', 'i.ip_name_ja', 'f.name_zh as firm_name_zh', 'f.name_en as firm_name_en', 'f.name_ja as firm_name_ja');

export function protectionCase(k: Knex, id: string): Promise<ProtectionCaseRow | undefined> {
  return select(k).where('c.id', id).first();
}

export async function insertProtectionCase(k: Knex, userId: string, data: ProtectionData): Promise<ProtectionCaseRow> {
  const id = randomUUID();
  await k('protection_cases').insert({
    id,
    user_id: userId,
    ipci_id: data.ipciId,
    kind: data.kind,
    state: 'acceptance',
    data: JSON.stringify(data),
    law_firm_id: data.lawFirmId || null,
    workflow_id: protectionWorkflowId(id),
  });
  return (await protectionCase(k, id))!;
}

/** Only for a workflow that could not be started: the case never existed. */
export async function deleteProtectionCaseRow(k: Knex, id: string): Promise<void> {
  await k('protection_cases').where({ id }).delete();
}

export async function protectionUpdates(k: Knex, caseId: string): Promise<ProtectionUpdateRow[]> {
  return k('protection_updates').where({ case_id: caseId }).orderBy('id');
}

type Row = ProtectionCaseRow;
const page = <T extends Row = Row>(query: Knex.QueryBuilder, q: KeysetRequest) => keysetPage<T>(query, newestFirst('c.created_at', 'c.id'), q);

/** The user centre's list (protection_cases_user / _user_all): one tab's states, newest first. */
export function protectionCasesOf(k: Knex, userId: string, q: ProtectionListQuery) {
  const query = select(k).where('c.user_id', userId);
  if (q.tab) query.whereIn('c.state', [...PROTECTION_TABS[q.tab as keyof typeof PROTECTION_TABS]]);
  return page(query, q);
}

const likePattern = (q: string) => `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Back office rightProtect (protection_cases_state / _all): state and kind filters; `q` finds an
 * IPCI code exactly, an applicant by username, or a case by a part of its IP name or infringer
 * (the trigram index of migration 020).
 */
export function adminProtectionCases(k: Knex, q: AdminProtectionListQuery) {
  const query = select(k).join('users as u', 'u.id', 'c.user_id').select('u.username as applicant_username', 'u.display_name as applicant_display_name');
  if (q.state) query.where('c.state', q.state);
  if (q.kind) query.where('c.kind', q.kind);
  if (q.q) {
    const code = parseIpciCode(q.q)?.code;
    if (code) query.where('i.code', code);
    else
      query.where((w) =>
        w
          .whereRaw("lower((c.data->>'ipName') || ' ' || coalesce(c.data->>'infringer', '')) like ?", [likePattern(q.q)])
          .orWhereRaw('lower(u.username) = ?', [q.q.toLowerCase()]),
      );
  }
  return page<Row & { applicant_username: string; applicant_display_name: string }>(query, q);
}

export function toProtectionUpdateJson(row: ProtectionUpdateRow): ProtectionUpdateJson {
  return {
    id: Number(row.id),
    kind: row.kind,
    author: row.author,
    authorName: row.author_name,
    note: row.note,
    attachments: row.attachments,
    createdAt: row.created_at.toISOString(),
  };
}

export function toProtectionCaseJson(row: ProtectionCaseRow, updates: ProtectionUpdateRow[] = []): ProtectionCaseJson {
  return {
    id: row.id,
    kind: row.kind,
    state: row.state,
    ipciId: row.ipci_id,
    code: row.code,
    ipNames: { zh: row.ip_name_zh, en: row.ip_name_en, ja: row.ip_name_ja },
    data: row.data,
    lawFirm: row.law_firm_id ? { id: row.law_firm_id, names: { zh: row.firm_name_zh ?? '', en: row.firm_name_en ?? '', ja: row.firm_name_ja ?? '' } } : null,
    refusalReason: row.refusal_reason,
    reviewFlags: row.review_flags,
    result: row.result,
    outcome: row.outcome,
    publicityNo: row.publicity_no,
    supplementRequested: row.supplement_requested,
    replyDueAt: row.state === 'acceptance' ? (row.reply_due_at?.toISOString() ?? null) : null,
    createdAt: row.created_at.toISOString(),
    acceptedAt: row.accepted_at?.toISOString() ?? null,
    processedAt: row.processed_at?.toISOString() ?? null,
    updates: updates.map(toProtectionUpdateJson),
  };
}

/** Every upload a case refers to: the form's, the supplements' and staff's attachments. */
export function protectionUploadIds(row: ProtectionCaseRow, updates: ProtectionUpdateRow[]): string[] {
  return [...new Set([...row.data.proof, ...row.data.supplementary, ...updates.flatMap((u) => u.attachments)])];
}

/*
 * Eligibility (domain protectionEligibility): the facts are read here, the rule lives in the domain.
 */

/** The names a verified identity certifies: a person's name, an enterprise's name in each language. */
export async function certifiedNames(k: Knex, userId: string): Promise<string[] | null> {
  const cert = await k('identity_certifications').where({ user_id: userId, state: IDENTITY_STATE.verified }).first('kind', 'data');
  if (!cert) return null;
  const d = cert.data as Record<string, unknown>;
  const names = cert.kind === 'personal' ? [d.name] : [d.companyNameZh, d.companyNameEn, d.companyNameJa];
  return names.filter((n): n is string => typeof n === 'string' && n.trim() !== '');
}

interface IpciFacts {
  id: string;
  user_id: string;
  code: string;
  holder: string;
  ip_name_zh: string;
  ip_name_en: string;
  ip_name_ja: string;
  invalid_at: Date | null;
  title_taken_down: boolean;
  valid_until: string | null;
}

const ipciFacts = (k: Knex) =>
  k('ipcis').select('id', 'user_id', 'code', 'holder', 'ip_name_zh', 'ip_name_en', 'ip_name_ja', 'invalid_at', 'title_taken_down', k.raw('valid_until::text as valid_until'));

const ruleFor = (ipci: IpciFacts | undefined, userId: string, names: readonly string[], today: string): EligibilityRule | null =>
  protectionEligibility({
    owned: !!ipci && ipci.user_id === userId,
    holder: ipci?.holder ?? '',
    certifiedNames: names,
    invalid: ipci?.invalid_at != null,
    titleTakenDown: ipci?.title_taken_down ?? false,
    validUntil: ipci?.valid_until ?? null,
    today,
  });

/** The rule the caller fails for protection with this IPCI, or null when they may apply with it. */
export async function protectionRefusal(k: Knex, userId: string, ipciId: string, at = new Date()): Promise<EligibilityRule | null> {
  const [ipci, names] = await Promise.all([ipciFacts(k).where({ id: ipciId }).first() as Promise<IpciFacts | undefined>, certifiedNames(k, userId)]);
  return ruleFor(ipci, userId, names ?? [], chinaDate(at));
}

/** The caller's IPCIs as the application form offers them, newest first, each usable or with its rule. */
export async function protectionIpciChoices(k: Knex, userId: string, at = new Date()): Promise<{ certified: boolean; ipcis: ProtectionIpciChoice[] }> {
  const [rows, names] = await Promise.all([ipciFacts(k).where({ user_id: userId }).orderBy([{ column: 'issued_at', order: 'desc' }, 'id']) as Promise<IpciFacts[]>, certifiedNames(k, userId)]);
  const today = chinaDate(at);
  return {
    certified: names !== null,
    ipcis: rows.map((r) => ({
      ipciId: r.id,
      code: r.code,
      ipNames: { zh: r.ip_name_zh, en: r.ip_name_en, ja: r.ip_name_ja },
      holder: r.holder,
      validUntil: r.valid_until,
      refusal: ruleFor(r, userId, names ?? [], today),
    })),
  };
}

/*
 * Workflow writes (activities): each guarded by state so a retry or a late one changes nothing twice.
 */

export async function setReplyDue(k: Knex, id: string, replyDueAt: string): Promise<void> {
  await k('protection_cases').where({ id, state: 'acceptance' }).update({ reply_due_at: replyDueAt, updated_at: k.fn.now() });
}

export async function markAccepted(k: Knex, id: string): Promise<void> {
  await k('protection_cases').where({ id, state: 'acceptance' }).update({ state: 'processing', accepted_at: k.fn.now(), updated_at: k.fn.now() });
}

export async function markRefused(k: Knex, id: string, reason: ProtectionRefusalReason, flags: Record<string, string> | null): Promise<void> {
  await k('protection_cases')
    .where({ id, state: 'acceptance' })
    .update({ state: 'refused', refusal_reason: reason, review_flags: flags ? JSON.stringify(flags) : null, updated_at: k.fn.now() });
}

export async function markProcessed(k: Knex, id: string, result: ProtectionResult, outcome: string): Promise<void> {
  await k('protection_cases')
    .where({ id, state: 'processing' })
    .update({ state: 'processed', result, outcome, supplement_requested: false, processed_at: k.fn.now(), updated_at: k.fn.now() });
}

/**
 * One entry of the correspondence, once per dedupe key; a request for materials (or a supplement)
 * sets (or clears) the case's flag in the same transaction.
 */
export async function insertProtectionUpdate(
  k: Knex,
  u: { caseId: string; kind: ProtectionUpdateKind; author: 'staff' | 'user'; authorId: string | null; authorName: string | null; note: string; attachments: string[]; dedupeKey: string },
): Promise<void> {
  await k.transaction(async (trx) => {
    const inserted = await trx('protection_updates')
      .insert({
        case_id: u.caseId,
        kind: u.kind,
        author: u.author,
        author_id: u.authorId,
        author_name: u.authorName,
        note: u.note,
        attachments: JSON.stringify(u.attachments),
        dedupe_key: u.dedupeKey,
      })
      .onConflict('dedupe_key')
      .ignore()
      .returning('id');
    if (!inserted.length || u.kind === 'progress') return;
    await trx('protection_cases')
      .where({ id: u.caseId, state: 'processing' })
      .update({ supplement_requested: u.kind === 'supplementRequest', updated_at: trx.fn.now() });
  });
}
