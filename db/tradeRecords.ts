import type { Knex } from 'knex';
import type { TradeRecordJson, TradeRecordUpdate } from '../domain/tradeRecords';
import { keysetPage, newestFirst, type KeysetRequest } from './keyset';
import { writeLicenceOrThrow } from './licences';

/**
 * Trade records (migration 011 trade_records) and the licence each one is: a record written here
 * writes or updates its licence (licences.record_id) in the same transaction, so the conflict check
 * and the catalogue's trade status follow at once. A record whose licence would conflict with another
 * reserved or active licence of the IP is not written (db/licences LicenceConflictError). Records of
 * completed trades are written by db/trades completeTrade, with the trade's own licence.
 */

export interface TradeRecordRow {
  id: string;
  ipci_id: string;
  user_id: string;
  trade_id: string | null;
  licensee: string;
  scope: string[];
  sublicensing: string;
  exclusive: boolean;
  region: string;
  term_from: string | null;
  term_to: string | null;
  entered_on: string;
  voucher_upload_id: string | null;
  visible: boolean;
  created_at: Date;
  updated_at: Date;
  code: string;
  ip_name_zh: string;
  ip_name_en: string;
  ip_name_ja: string;
}

function viewQuery(k: Knex) {
  return k('trade_records as r')
    .join('ipcis as i', 'i.id', 'r.ipci_id')
    .select(
      'r.*',
      k.raw('r.term_from::text as term_from'),
      k.raw('r.term_to::text as term_to'),
      k.raw('r.entered_on::text as entered_on'),
      'i.code',
      'i.ip_name_zh',
      'i.ip_name_en',
      'i.ip_name_ja',
    );
}

export function toTradeRecordJson(r: TradeRecordRow): TradeRecordJson {
  return {
    id: r.id,
    ipci: { id: r.ipci_id, code: r.code, names: { zh: r.ip_name_zh, en: r.ip_name_en, ja: r.ip_name_ja } },
    userId: r.user_id,
    tradeId: r.trade_id,
    licensee: r.licensee,
    scope: r.scope,
    sublicensing: r.sublicensing,
    exclusive: r.exclusive,
    region: r.region,
    termFrom: r.term_from,
    termTo: r.term_to,
    enteredOn: r.entered_on,
    voucher: r.voucher_upload_id,
    visible: r.visible,
    readOnly: r.trade_id !== null,
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
  };
}

export function findTradeRecord(k: Knex, id: string): Promise<TradeRecordRow | undefined> {
  return viewQuery(k).where('r.id', id).first();
}

async function page(query: Knex.QueryBuilder, q: KeysetRequest): Promise<{ items: TradeRecordJson[]; next: string | null }> {
  const { rows, next } = await keysetPage<TradeRecordRow>(query, newestFirst('r.created_at', 'r.id'), q);
  return { items: rows.map(toTradeRecordJson), next };
}

/** The seller's own records, newest first (index trade_records_user). */
export function ownTradeRecordsPage(k: Knex, userId: string, q: KeysetRequest) {
  return page(viewQuery(k).where('r.user_id', userId), q);
}

/**
 * Every record for the back office (index trade_records_all). `q`: an IPCI code, or a licensee's
 * exact name (case-insensitive); `ipciId`: one IP's records; `source`: written by a trade or by hand.
 */
export function adminTradeRecordsPage(k: Knex, q: KeysetRequest & { q?: string; ipciId?: string; source?: string }) {
  const query = viewQuery(k);
  if (q.ipciId) query.where('r.ipci_id', q.ipciId);
  if (q.source === 'trade') query.whereNotNull('r.trade_id');
  if (q.source === 'manual') query.whereNull('r.trade_id');
  const text = q.q?.trim();
  if (text) query.where((w) => w.where('i.code', text.toUpperCase()).orWhereRaw('lower(r.licensee) = ?', [text.toLowerCase()]));
  return page(query, q);
}

const columns = (r: TradeRecordUpdate) => ({
  licensee: r.licensee,
  scope: [...r.scope],
  sublicensing: r.sublicensing,
  exclusive: r.exclusive,
  region: r.region,
  term_from: r.termPermanent ? null : r.termFrom || null,
  term_to: r.termPermanent ? null : r.termTo || null,
  entered_on: r.enteredOn,
  voucher_upload_id: r.voucher || null,
  visible: r.visible,
});

const termsOf = (c: ReturnType<typeof columns>) => ({ exclusive: c.exclusive, channels: c.scope, region: c.region, termFrom: c.term_from, termTo: c.term_to });

/** A hand-written record of `userId` (the IP's holder) and its licence, together. */
export async function insertTradeRecord(k: Knex, ipciId: string, userId: string, r: TradeRecordUpdate): Promise<string> {
  return k.transaction(async (trx) => {
    const c = columns(r);
    const [{ id }] = await trx('trade_records').insert({ ipci_id: ipciId, user_id: userId, ...c }).returning('id');
    await writeLicenceOrThrow(trx, { ipciId, recordId: id, licensee: c.licensee, terms: termsOf(c) }, 'active');
    return id;
  });
}

/** Edits a hand-written record and its licence together; false for a record written by a trade. */
export async function updateTradeRecord(k: Knex, id: string, r: TradeRecordUpdate): Promise<boolean> {
  return k.transaction(async (trx) => {
    const c = columns(r);
    const [row] = await trx('trade_records').where({ id }).whereNull('trade_id').update({ ...c, updated_at: trx.fn.now() }).returning('ipci_id');
    if (!row) return false;
    await writeLicenceOrThrow(trx, { ipciId: row.ipci_id, recordId: id, licensee: c.licensee, terms: termsOf(c) }, 'active');
    return true;
  });
}

/** Shows or hides a record on the IP detail page (any record, trade-written ones too). */
export async function setTradeRecordVisible(k: Knex, id: string, visible: boolean): Promise<void> {
  await k('trade_records').where({ id }).update({ visible, updated_at: k.fn.now() });
}
