import type { Knex } from 'knex';
import {
  LAW_FIRM_AGREEMENT_VERSION,
  type AdminLawFirmListQuery,
  type LawFirmApplicationJson,
  type LawFirmData,
  type LawFirmDirectoryQuery,
  type LawFirmPublicJson,
  type LawFirmState,
} from '../domain/lawFirms';
import { decodeKeyset, encodeKeyset } from '../domain/validation/keyset';
import { adminDirectoryPage, applicationJson, insertApplication, nameColumns, namesOf, whereNameHas } from './directories';

/** Law firms and their listing (table law_firms, migration 020; domain/lawFirms.ts). */

export interface LawFirmRow {
  id: string;
  user_id: string;
  state: LawFirmState;
  data: LawFirmData;
  name_zh: string;
  name_en: string;
  name_ja: string;
  countries: string[];
  recommended: boolean;
  round: number;
  review_flags: Record<string, string> | null;
  order_id: string | null;
  payment_due_at: Date | null;
  listed_at: Date | null;
  listed_until: string | null;
  suspended_reason: string | null;
  agreement_version: string;
  agreement_accepted_at: Date;
  workflow_id: string;
  created_at: Date;
  updated_at: Date;
}

export const lawFirmWorkflowId = (id: string) => `lawFirmListing/${id}`;

// listed_until as text: a China calendar date, never shifted by the server's zone.
const select = (k: Knex) => k('law_firms').select('law_firms.*', k.raw("to_char(listed_until, 'YYYY-MM-DD') as listed_until"));

/** The columns a form's data fills: the names (searched by trigram) and the countries (GIN). */
const dataColumns = (k: Knex, data: LawFirmData) => ({
  data: JSON.stringify(data),
  ...nameColumns(data),
  countries: k.raw('?::text[]', [data.countries]),
});

export function lawFirm(k: Knex, id: string): Promise<LawFirmRow | undefined> {
  return select(k).where({ id }).first();
}

/** The account's open application (at most one: index law_firms_open_per_user), else its latest. */
export function lawFirmOf(k: Knex, userId: string): Promise<LawFirmRow | undefined> {
  return select(k)
    .where({ user_id: userId })
    .orderByRaw("(state not in ('lapsed', 'expired')) desc, created_at desc, id desc")
    .first();
}

/** A new application in state documents; null when the account already has an open one. */
export async function insertLawFirm(k: Knex, userId: string, data: LawFirmData): Promise<LawFirmRow | null> {
  const id = await insertApplication(k, {
    table: 'law_firms',
    constraint: 'law_firms_open_per_user',
    userId,
    state: 'documents',
    columns: dataColumns(k, data),
    agreementVersion: LAW_FIRM_AGREEMENT_VERSION,
    workflowId: lawFirmWorkflowId,
  });
  if (!id) return null;
  return (await lawFirm(k, id)) ?? null;
}

export async function deleteLawFirmRow(k: Knex, id: string): Promise<void> {
  await k('law_firms').where({ id }).delete();
}

/**
 * The public directory: listed firms, recommended first, then the longest-listed, then id (index
 * law_firms_directory). The keys run in mixed directions, so the cursor condition is spelt out.
 */
export async function directoryPage(k: Knex, q: LawFirmDirectoryQuery): Promise<{ rows: LawFirmRow[]; next: string | null }> {
  const query = select(k)
    .select(k.raw(`to_char(listed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as listed_key`))
    .where({ state: 'listed' });
  if (q.country) query.whereRaw('countries @> array[?]::text[]', [q.country]);
  whereNameHas(query, q.q);
  const after = decodeKeyset(q.after, ['count', 'date', 'uuid']);
  if (after) {
    query.whereRaw('((recommended::int) < ? or ((recommended::int) = ? and (listed_at, id) > (?::timestamptz, ?::uuid)))', [after[0], after[0], after[1], after[2]]);
  }
  const rows: Array<LawFirmRow & { listed_key: string }> = await query.orderByRaw('(recommended::int) desc, listed_at, id').limit(q.limit + 1);
  const more = rows.length > q.limit;
  if (more) rows.pop();
  const last = rows[rows.length - 1];
  return { rows, next: more ? encodeKeyset([last.recommended ? 1 : 0, last.listed_key, last.id]) : null };
}

/** A listed firm (the public detail, the firm a legal protection case names); suspended, lapsed and unlisted firms are not found. */
export function listedLawFirm(k: Knex, id: string): Promise<LawFirmRow | undefined> {
  return select(k).where({ id, state: 'listed' }).first();
}

/** The back office list: a state filter and a part of a name, newest application first. */
export function adminLawFirmPage(k: Knex, q: AdminLawFirmListQuery) {
  return adminDirectoryPage<LawFirmRow>(select(k), q);
}

/** A listed firm's display or detail picture (never its licence or qualification files). */
export async function publicLawFirmImage(k: Knex, firmId: string, uploadId: string): Promise<{ mime: string; storage_key: string } | undefined> {
  const firm = await listedLawFirm(k, firmId);
  if (!firm || ![...firm.data.displayImages, ...firm.data.detailImages].includes(uploadId)) return undefined;
  return k('uploads').where({ id: uploadId, owner_id: firm.user_id }).first('mime', 'storage_key');
}

export const lawFirmImagePath = (firmId: string, uploadId: string) => `/api/public/lawfirms/${firmId}/images/${uploadId}`;

export function toLawFirmPublicJson(row: LawFirmRow): LawFirmPublicJson {
  const d = row.data;
  return {
    id: row.id,
    names: namesOf(row),
    foundedOn: d.foundedOn ?? '',
    organisationForm: d.organisationForm as LawFirmPublicJson['organisationForm'],
    registeredAddress: d.registeredAddress,
    businessAddress: d.businessAddress,
    lawyers: d.lawyers,
    countries: d.countries,
    contactName: d.contactName,
    contactPhone: d.contactPhone,
    email: d.email,
    website: d.website,
    introduction: d.introduction ?? '',
    achievements: d.achievements ?? '',
    displayImages: d.displayImages.map((u) => lawFirmImagePath(row.id, u)),
    detailImages: d.detailImages.map((u) => lawFirmImagePath(row.id, u)),
    recommended: row.recommended,
    listedAt: row.listed_at?.toISOString() ?? '',
  };
}

export function toLawFirmApplicationJson(row: LawFirmRow): LawFirmApplicationJson {
  return {
    ...applicationJson(row),
    recommended: row.recommended,
    orderId: row.order_id,
    paymentDueAt: row.payment_due_at?.toISOString() ?? null,
    listedUntil: row.listed_until,
  };
}

/** The upload ids an application refers to, for its detail's upload list. */
export const lawFirmUploadIds = (data: LawFirmData) => [...data.displayImages, ...data.detailImages, ...data.licence, ...data.qualification];

/*
 * Direct writes by staff (not the workflow): the listing's content and the recommended flag.
 */

/**
 * Staff's edit of a firm's listing content; false while the firm has the application back for
 * correction (its resubmission would silently overwrite the edit).
 */
export async function saveLawFirmData(k: Knex, id: string, data: LawFirmData): Promise<boolean> {
  return (await k('law_firms').where({ id }).whereNot({ state: 'correction' }).update({ ...dataColumns(k, data), updated_at: k.fn.now() })) > 0;
}

export async function setRecommended(k: Knex, id: string, recommended: boolean): Promise<void> {
  await k('law_firms').where({ id }).update({ recommended, updated_at: k.fn.now() });
}

/*
 * Workflow writes (activities): each guarded by the state it leaves, so a retry changes nothing twice.
 */

const touch = (k: Knex) => ({ updated_at: k.fn.now() });

export async function setLawFirmState(k: Knex, id: string, from: readonly LawFirmState[], to: LawFirmState): Promise<void> {
  await k('law_firms').where({ id }).whereIn('state', from).update({ state: to, ...touch(k) });
}

/** The review's decision for a round: approved (flags cleared) or to be corrected with its flags. */
export async function decideLawFirmReview(k: Knex, id: string, round: number, flags: Record<string, string> | null): Promise<void> {
  await k('law_firms')
    .where({ id, round, state: 'review' })
    .update({ state: flags ? 'correction' : 'review', review_flags: flags ? JSON.stringify(flags) : null, ...touch(k) });
}

/** The firm's corrected form: the next round goes to review. */
export async function resubmitLawFirm(k: Knex, id: string, round: number, data: LawFirmData): Promise<void> {
  await k('law_firms')
    .where({ id, state: 'correction', round: round - 1 })
    .update({ ...dataColumns(k, data), round, state: 'review', ...touch(k) });
}

/** A payment notice (first listing or renewal): the order to pay and its deadline. */
export async function linkLawFirmOrder(k: Knex, id: string, orderId: string, dueAt: string): Promise<void> {
  await k('law_firms')
    .where({ id })
    .whereIn('state', ['review', 'awaitingPayment', 'listed', 'suspended'])
    .update({
      order_id: orderId,
      payment_due_at: dueAt,
      state: k.raw("case when state = 'review' then 'awaitingPayment' else state end"),
      ...touch(k),
    });
}

/** Paid: service starts today with its term. */
export async function markLawFirmListed(k: Knex, id: string, listedUntil: string): Promise<void> {
  await k('law_firms').where({ id, state: 'awaitingPayment' }).update({ state: 'listed', listed_at: k.fn.now(), listed_until: listedUntil, payment_due_at: null, ...touch(k) });
}

/** A renewal paid: the term runs on from `previous` to `until` (guarded: a retry finds it moved). */
export async function extendLawFirmTerm(k: Knex, id: string, previous: string, until: string): Promise<void> {
  await k('law_firms')
    .where({ id })
    .whereIn('state', ['listed', 'suspended'])
    .whereRaw("to_char(listed_until, 'YYYY-MM-DD') = ?", [previous])
    .update({ listed_until: until, payment_due_at: null, ...touch(k) });
}

/** A renewal order went unpaid: no payment is due any more. */
export async function clearLawFirmPaymentDue(k: Knex, id: string, orderId: string): Promise<void> {
  await k('law_firms').where({ id, order_id: orderId }).update({ payment_due_at: null, ...touch(k) });
}

export async function suspendLawFirm(k: Knex, id: string, reason: string): Promise<void> {
  await k('law_firms').where({ id, state: 'listed' }).update({ state: 'suspended', suspended_reason: reason, ...touch(k) });
}

export async function restoreLawFirm(k: Knex, id: string): Promise<void> {
  await k('law_firms').where({ id, state: 'suspended' }).update({ state: 'listed', suspended_reason: null, ...touch(k) });
}
