import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { PaperAddress, PaperState } from '../domain/paperCertificate';

export interface PaperRow {
  id: string;
  ipci_id: string;
  user_id: string;
  state: PaperState;
  address: PaperAddress;
  flags: Record<string, string> | null;
  round: number;
  carrier: string | null;
  tracking_no: string | null;
  workflow_id: string;
  requested_at: Date;
  mailed_at: Date | null;
}

export const paperWorkflowId = (paperId: string) => `paperCertificate/${paperId}`;

/** A new request; undefined when one for this IPCI is still in progress (unique open index). */
export async function insertPaper(k: Knex, ipciId: string, userId: string, address: PaperAddress): Promise<PaperRow | undefined> {
  const id = randomUUID();
  const { rows } = await k.raw<{ rows: PaperRow[] }>(
    `insert into paper_certificates (id, ipci_id, user_id, state, address, workflow_id) values (?, ?, ?, 'requested', ?::jsonb, ?)
     on conflict (ipci_id) where state <> 'mailed' do nothing returning *`,
    [id, ipciId, userId, JSON.stringify(address), paperWorkflowId(id)],
  );
  return rows[0];
}

export async function deletePaper(k: Knex, id: string): Promise<void> {
  await k('paper_certificates').where({ id }).delete();
}

export function paper(k: Knex, id: string): Promise<PaperRow | undefined> {
  return k<PaperRow>('paper_certificates').where({ id }).first();
}

/** The requests of one IPCI, newest first (paper_certificates_ipci index). */
export function papersOf(k: Knex, ipciId: string): Promise<PaperRow[]> {
  return k<PaperRow>('paper_certificates').where({ ipci_id: ipciId }).orderBy('requested_at', 'desc').limit(50);
}

/** Round-guarded: a retried activity, or a late one, changes nothing after the next round began. */
export async function markMailed(k: Knex, id: string, round: number, carrier: string, trackingNo: string): Promise<void> {
  await k('paper_certificates').where({ id, round }).update({ state: 'mailed', carrier, tracking_no: trackingNo, flags: null, mailed_at: k.fn.now() });
}

export async function flagAddress(k: Knex, id: string, round: number, flags: Record<string, string>): Promise<void> {
  await k('paper_certificates').where({ id, round }).update({ state: 'flagged', flags: JSON.stringify(flags) });
}

export async function correctAddress(k: Knex, id: string, round: number, address: PaperAddress): Promise<void> {
  await k('paper_certificates')
    .where({ id })
    .where('round', '<', round)
    .update({ state: 'requested', address: JSON.stringify(address), round });
}

export function toPaperJson(row: PaperRow) {
  return {
    id: row.id,
    ipciId: row.ipci_id,
    state: row.state,
    address: row.address,
    flags: row.flags,
    round: row.round,
    carrier: row.carrier,
    trackingNo: row.tracking_no,
    requestedAt: row.requested_at.toISOString(),
    mailedAt: row.mailed_at?.toISOString() ?? null,
  };
}
