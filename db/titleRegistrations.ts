import { keysetPage, newestFirst } from './keyset';
import type { Knex } from 'knex';
import type { FailureReason, RegistrationMode, RegistrationState, WizardStep } from '../domain/titleRegistration';

/**
 * Title registration drafts (saved as the user goes through the wizard) and submitted
 * registrations. A registration takes its draft's id, so submitting one draft twice names one
 * registration and one workflow (`titleAudit/<id>`).
 */

export interface DraftRow {
  id: string;
  user_id: string;
  data: Record<string, unknown>;
  step: WizardStep;
  created_at: Date;
  updated_at: Date;
}

export interface RegistrationRow {
  id: string;
  user_id: string;
  mode: RegistrationMode;
  /** As read: `underAudit` while a reviewer holds the open audit task (see STATE). */
  state: RegistrationState;
  data: Record<string, unknown>;
  flags: Record<string, string> | null;
  failure_reason: FailureReason | null;
  round: number;
  ip_name_zh: string;
  ip_name_en: string;
  ip_name_ja: string;
  workflow_id: string;
  current_order_id: string | null;
  ipci_id: string | null;
  submitted_at: Date;
  decided_at: Date | null;
  updated_at: Date;
}

export const titleWorkflowId = (registrationId: string) => `titleAudit/${registrationId}`;

export interface PageQuery {
  limit: number;
  after?: string;
}

// ---------------------------------------------------------------------------------------------
// Drafts
// ---------------------------------------------------------------------------------------------

export async function createDraft(k: Knex, userId: string, data: object, step: WizardStep): Promise<DraftRow> {
  const [row] = await k<DraftRow>('title_drafts')
    .insert({ user_id: userId, data: JSON.stringify(data) as never, step })
    .returning('*');
  return row;
}

export function draftOf(k: Knex, userId: string, id: string): Promise<DraftRow | undefined> {
  return k<DraftRow>('title_drafts').where({ id, user_id: userId }).first();
}

/** The user's drafts, last edited first (index title_drafts_user). */
export function draftsPage(k: Knex, userId: string, q: PageQuery) {
  return keysetPage<DraftRow>(k('title_drafts').select('*').where({ user_id: userId }), newestFirst('updated_at', 'id'), q);
}

/** Merges the given fields into the draft (jsonb `||`: one statement, no lost update between tabs). */
export async function saveDraft(k: Knex, userId: string, id: string, data: object, step: WizardStep | undefined): Promise<DraftRow | undefined> {
  const [row] = await k<DraftRow>('title_drafts')
    .where({ id, user_id: userId })
    .update({ data: k.raw('data || ?::jsonb', [JSON.stringify(data)]) as never, step: step ?? (k.ref('step') as never), updated_at: k.fn.now() as never })
    .returning('*');
  return row;
}

export async function deleteDraft(k: Knex, userId: string, id: string): Promise<boolean> {
  return (await k('title_drafts').where({ id, user_id: userId }).delete()) > 0;
}

export function toDraftJson(row: DraftRow) {
  return { id: row.id, data: row.data, step: row.step, createdAt: row.created_at.toISOString(), updatedAt: row.updated_at.toISOString() };
}

// ---------------------------------------------------------------------------------------------
// Registrations
// ---------------------------------------------------------------------------------------------

/**
 * The state as users and staff read it. The workflow writes `toAudit`; the claim happens in the
 * generic human task, so "a reviewer has it" (`underAudit`) is read from the open task's row.
 */
const STATE = `case when r.state = 'toAudit' and exists (
    select 1 from tasks t where t.case_kind = 'titleAudit' and t.case_id = r.id::text and t.status = 'claimed'
  ) then 'underAudit' else r.state end`;

const COLUMNS = ['id', 'user_id', 'mode', 'data', 'flags', 'failure_reason', 'round', 'ip_name_zh', 'ip_name_en', 'ip_name_ja', 'workflow_id', 'current_order_id', 'ipci_id', 'submitted_at', 'decided_at', 'updated_at'];
const registrations = (k: Knex) => k('title_registrations as r').select(...COLUMNS.map((c) => `r.${c}`), k.raw(`${STATE} as state`));

export function registration(k: Knex, id: string): Promise<RegistrationRow | undefined> {
  return registrations(k).where('r.id', id).first();
}

/**
 * Submits a draft: the registration (named by the draft's id) is inserted and the draft deleted in
 * one transaction, and `start` (the workflow start) runs before it commits, so a failed start leaves
 * the draft as it was. A concurrent second submit waits on the primary key, then finds the
 * registration: `created` is false and nothing is started twice.
 */
export async function registerDraft(
  k: Knex,
  draft: Pick<DraftRow, 'id' | 'user_id'>,
  data: Record<string, unknown> & { registrationMode: string; ipNameZh: string; ipNameEn: string; ipNameJa: string },
  start: (row: RegistrationRow) => Promise<void>,
): Promise<{ row: RegistrationRow; created: boolean } | undefined> {
  const inserted = await k.transaction(async (trx) => {
    const [row] = await trx<RegistrationRow>('title_registrations')
      .insert({
        id: draft.id,
        user_id: draft.user_id,
        mode: data.registrationMode as RegistrationMode,
        state: 'toAudit',
        data: JSON.stringify(data) as never,
        ip_name_zh: data.ipNameZh,
        ip_name_en: data.ipNameEn,
        ip_name_ja: data.ipNameJa,
        workflow_id: titleWorkflowId(draft.id),
      })
      .onConflict('id')
      .ignore()
      .returning('*');
    if (!row) return undefined;
    await trx('title_drafts').where({ id: draft.id }).delete();
    await start(row);
    return row;
  });
  if (inserted) return { row: inserted, created: true };
  const existing = await registration(k, draft.id);
  return existing && existing.user_id === draft.user_id ? { row: existing, created: false } : undefined;
}

/** The user's registrations, newest first, optionally of one state (indexes title_registrations_user[_state]). */
export function registrationsPage(k: Knex, userId: string, q: PageQuery & { state?: RegistrationState }) {
  const query = registrations(k).where('r.user_id', userId);
  if (q.state === 'toAudit' || q.state === 'underAudit') {
    query.where('r.state', 'toAudit').whereRaw(`${STATE} = ?`, [q.state]);
  } else if (q.state) query.where('r.state', q.state);
  return keysetPage<RegistrationRow>(query, newestFirst('r.submitted_at', 'r.id'), q);
}

/** The reviewer's decision; round-guarded so a retried or late activity never touches a newer round. */
export async function decideRegistration(
  k: Knex,
  id: string,
  round: number,
  decision: { state: 'approved' | 'failed'; flags: Record<string, string> | null; failureReason: string | null },
): Promise<void> {
  await k('title_registrations')
    .where({ id, round })
    .update({
      state: decision.state,
      flags: decision.flags ? JSON.stringify(decision.flags) : null,
      failure_reason: decision.failureReason,
      decided_at: k.fn.now(),
      updated_at: k.fn.now(),
    });
}

/** The corrected data of round `round`; applied once (a retry finds the round already there). */
export async function resubmitRegistration(k: Knex, id: string, round: number, data: Record<string, unknown>): Promise<void> {
  await k('title_registrations')
    .where({ id })
    .where('round', '<', round)
    // A cancel racing the resubmission wins: the registration stays cancelled.
    .whereNot('state', 'cancelled')
    .update({
      data: JSON.stringify(data),
      round,
      state: 'toAudit',
      ip_name_zh: String(data.ipNameZh ?? ''),
      ip_name_en: String(data.ipNameEn ?? ''),
      ip_name_ja: String(data.ipNameJa ?? ''),
      submitted_at: k.fn.now(),
      updated_at: k.fn.now(),
    });
}

export async function setRegistrationState(k: Knex, id: string, state: RegistrationState): Promise<void> {
  await k('title_registrations').where({ id }).update({ state, updated_at: k.fn.now() });
}

/** The order now waiting for the certification fee. */
export async function linkOrder(k: Knex, id: string, orderId: string): Promise<void> {
  await k('title_registrations').where({ id }).update({ current_order_id: orderId, state: 'pendingPayment', updated_at: k.fn.now() });
}

/** The registration's order and IPCI as its detail page shows them. */
export async function orderAndIpci(k: Knex, row: Pick<RegistrationRow, 'current_order_id' | 'ipci_id'>) {
  const [order, ipci] = await Promise.all([
    row.current_order_id ? k('orders').where({ id: row.current_order_id }).first('id', 'order_no', 'order_state', 'amount', 'preferential_amount', 'deadline_at') : undefined,
    row.ipci_id ? k('ipcis').where({ id: row.ipci_id }).first('id', 'code') : undefined,
  ]);
  return {
    order: order && {
      id: order.id as string,
      orderNo: order.order_no as string,
      orderState: Number(order.order_state),
      amount: Number(order.amount) - Number(order.preferential_amount),
      deadlineAt: (order.deadline_at as Date).toISOString(),
    },
    ipci: ipci && { id: ipci.id as string, code: ipci.code as string },
  };
}

/** The registration as the subject of a review task sees it (no user actions, no links). */
export function toRegistrationCore(row: RegistrationRow) {
  return {
    id: row.id,
    state: row.state,
    mode: row.mode,
    data: row.data,
    flags: row.flags,
    failureReason: row.failure_reason,
    round: row.round,
    submittedAt: row.submitted_at.toISOString(),
    decidedAt: row.decided_at?.toISOString() ?? null,
  };
}
