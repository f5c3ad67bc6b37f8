import type { Knex } from 'knex';
import { chinaDate } from '../domain/dates';
import type { LicenceConflict, LicenceTerms } from '../domain/licences';
import { tradeActions } from '../domain/tradeActions';
import type { TradeCloseReason, TradeJson, TradeMessageKind, TradeMode, TradeSide, TradeState, TradeStep } from '../domain/trade';
import { keysetPage, newestFirst, type KeysetRequest } from './keyset';
import { writeLicence, writeLicenceOrThrow } from './licences';

/**
 * Trades of every mode (migration 011): the row each trade workflow keeps up to date, the message
 * thread between buyer and seller, and the lists each party and staff page through.
 */

export interface TradeRow {
  id: string;
  mode: TradeMode;
  ipci_id: string;
  buyer_id: string;
  seller_id: string;
  state: TradeState;
  step: TradeStep;
  application: Record<string, unknown>;
  price_fen: string | number | null; // bigint comes back as text
  exclusive: boolean | null;
  channels: string[];
  region: string;
  term_from: string | null;
  term_to: string | null;
  counter_offer: Record<string, unknown> | null;
  reject_reason: string | null;
  check_flags: Record<string, string> | null;
  check_round: number;
  close_reason: TradeCloseReason | null;
  outcome: Record<string, unknown> | null;
  service_fee_fen: string | number | null;
  order_id: string | null;
  parent_trade_id: string | null;
  workflow_id: string;
  created_at: Date;
  updated_at: Date;
  completed_at: Date | null;
  buyer_deleted_at: Date | null;
  seller_deleted_at: Date | null;
}

/** A trade row with what its JSON names: the IP, both parties and whether each has evaluated. */
export interface TradeView extends TradeRow {
  code: string;
  ip_name_zh: string;
  ip_name_en: string;
  ip_name_ja: string;
  buyer_name: string;
  seller_name: string;
  buyer_evaluated: boolean;
  seller_evaluated: boolean;
}

/** Self-service and contact-seller trades run tradeOrder; entrusted ones entrustedTrade. */
export const tradeWorkflowId = (mode: TradeMode, id: string) => `${mode === 'entrusted' ? 'entrustedTrade' : 'tradeOrder'}/${id}`;

const PG_UNIQUE_VIOLATION = '23505';
const OPEN_INDEX = 'trades_open';

/** The licence terms a self-service application asks for, as the trade row stores them. */
export function termsOfApplication(a: Record<string, unknown>) {
  const permanent = a.termPermanent === true;
  return {
    exclusive: typeof a.exclusive === 'boolean' ? a.exclusive : null,
    channels: Array.isArray(a.channels) ? (a.channels as string[]) : [],
    region: typeof a.region === 'string' ? a.region : '',
    term_from: permanent || !a.termFrom ? null : (a.termFrom as string),
    term_to: permanent || !a.termTo ? null : (a.termTo as string),
  };
}

export interface NewTrade {
  id?: string;
  mode: TradeMode;
  ipciId: string;
  buyerId: string;
  sellerId: string;
  step: TradeStep;
  application: Record<string, unknown>;
  priceFen?: number | null;
  parentTradeId?: string | null;
  /** The first message of the thread (a contact-seller request), written with the row. */
  firstMessage?: string;
}

/**
 * Inserts a trade in pendingConfirmation; 'alreadyOpen' when the buyer already has an open trade of
 * this mode on this IP (the unique index decides, so a double submit cannot open two).
 */
export async function insertTrade(k: Knex, t: NewTrade): Promise<TradeRow | 'alreadyOpen'> {
  try {
    return await k.transaction(async (trx) => {
      const [{ id }] = await trx.raw('select coalesce(?::uuid, gen_random_uuid()) as id', [t.id ?? null]).then((r) => r.rows);
      const [row] = await trx<TradeRow>('trades')
        .insert({
          id,
          mode: t.mode,
          ipci_id: t.ipciId,
          buyer_id: t.buyerId,
          seller_id: t.sellerId,
          state: 'pendingConfirmation',
          step: t.step,
          application: JSON.stringify(t.application),
          price_fen: t.priceFen ?? null,
          ...termsOfApplication(t.application),
          parent_trade_id: t.parentTradeId ?? null,
          workflow_id: tradeWorkflowId(t.mode, id),
        } as never)
        .returning('*');
      if (t.firstMessage) await trx('trade_messages').insert({ trade_id: id, author_id: t.buyerId, kind: 'reply', body: t.firstMessage });
      return row;
    });
  } catch (err) {
    const e = err as { code?: string; constraint?: string };
    if (e.code === PG_UNIQUE_VIOLATION && e.constraint === OPEN_INDEX) return 'alreadyOpen';
    throw err;
  }
}

export function findTrade(k: Knex, id: string): Promise<TradeRow | undefined> {
  return k<TradeRow>('trades').where({ id }).first();
}

/** Removes a trade whose workflow could not be started, so the buyer may try again. */
export async function deleteUnstartedTrade(k: Knex, id: string): Promise<void> {
  await k.transaction(async (trx) => {
    await trx('trade_messages').where({ trade_id: id }).delete();
    await trx('trades').where({ id }).delete();
  });
}

function viewQuery(k: Knex) {
  return k('trades as t')
    .join('ipcis as i', 'i.id', 't.ipci_id')
    .join('users as b', 'b.id', 't.buyer_id')
    .join('users as s', 's.id', 't.seller_id')
    .select(
      't.*',
      k.raw('t.term_from::text as term_from'),
      k.raw('t.term_to::text as term_to'),
      'i.code',
      'i.ip_name_zh',
      'i.ip_name_en',
      'i.ip_name_ja',
      'b.display_name as buyer_name',
      's.display_name as seller_name',
      k.raw("exists (select 1 from evaluations e where e.trade_id = t.id and e.side = 'buyer') as buyer_evaluated"),
      k.raw("exists (select 1 from evaluations e where e.trade_id = t.id and e.side = 'seller') as seller_evaluated"),
    );
}

export function tradeView(k: Knex, id: string): Promise<TradeView | undefined> {
  return viewQuery(k).where('t.id', id).first();
}

/** The caller's side of a trade, or null when they are neither party. */
export const sideOf = (t: Pick<TradeRow, 'buyer_id' | 'seller_id'>, userId: string): TradeSide | null =>
  t.buyer_id === userId ? 'buyer' : t.seller_id === userId ? 'seller' : null;

const num = (v: string | number | null) => (v === null ? null : Number(v));

/** The API's answer for a trade, as `side` sees it (null: staff). */
export function toTradeJson(t: TradeView, side: TradeSide | null): TradeJson {
  const offer = t.counter_offer as (Record<string, unknown> & { priceFen: number }) | null;
  const orderId = t.order_id;
  const evaluated = { buyer: t.buyer_evaluated, seller: t.seller_evaluated };
  return {
    id: t.id,
    mode: t.mode,
    state: t.state,
    step: t.step,
    ipci: { id: t.ipci_id, code: t.code, names: { zh: t.ip_name_zh, en: t.ip_name_en, ja: t.ip_name_ja } },
    buyer: { id: t.buyer_id, name: t.buyer_name },
    seller: { id: t.seller_id, name: t.seller_name },
    side,
    application: t.application,
    priceFen: num(t.price_fen),
    serviceFeeFen: num(t.service_fee_fen),
    exclusive: t.exclusive,
    channels: t.channels,
    region: t.region,
    termFrom: t.term_from,
    termTo: t.term_to,
    counterOffer: offer as TradeJson['counterOffer'],
    rejectReason: t.reject_reason,
    checkFlags: t.step === 'correction' ? t.check_flags : null,
    closeReason: t.close_reason,
    outcome: t.outcome,
    orderId,
    parentTradeId: t.parent_trade_id,
    evaluated,
    actions: tradeActions({ mode: t.mode, state: t.state, step: t.step, orderId, evaluated: side ? evaluated[side] : false }, side),
    createdAt: t.created_at.toISOString(),
    updatedAt: t.updated_at.toISOString(),
    completedAt: t.completed_at?.toISOString() ?? null,
  };
}

const page = (query: Knex.QueryBuilder, q: KeysetRequest) => keysetPage<TradeView>(query, newestFirst('t.created_at', 't.id'), q);

/** A party's trades on one side, newest first, without those they deleted (indexes trades_buyer[_state], trades_seller[_state]). */
export function partyTradesPage(k: Knex, userId: string, q: KeysetRequest & { side: TradeSide; state?: string; mode?: string }) {
  const query = viewQuery(k).where(`t.${q.side}_id`, userId).whereNull(`t.${q.side}_deleted_at`);
  if (q.state) query.where('t.state', q.state);
  if (q.mode) query.where('t.mode', q.mode);
  return page(query, q);
}

/**
 * Every trade for the back office. `q` is an exact, case-insensitive match on an IP name (any
 * language), an IPCI code or a party's user or display name: each resolves through its own index
 * (ipcis_name_*, ipcis code, users_username_lower / users_display_name_prefix) to a few ids, whose
 * trades come from trades_ipci / trades_buyer_all / trades_seller_all.
 */
export function adminTradesPage(k: Knex, q: KeysetRequest & { state?: string; mode?: string; q?: string }) {
  const query = viewQuery(k);
  if (q.state) query.where('t.state', q.state);
  if (q.mode) query.where('t.mode', q.mode);
  const text = q.q?.trim().toLowerCase();
  if (text) {
    const ipcis = k('ipcis')
      .select('id')
      .where('code', q.q!.trim().toUpperCase())
      .orWhereRaw('lower(ip_name_zh) = ?', [text])
      .orWhereRaw('lower(ip_name_en) = ?', [text])
      .orWhereRaw('lower(ip_name_ja) = ?', [text]);
    const users = k('users').select('id').whereRaw('lower(username) = ?', [text]).orWhereRaw('lower(display_name) = ?', [text]);
    query.where((w) => w.whereIn('t.ipci_id', ipcis).orWhereIn('t.buyer_id', users).orWhereIn('t.seller_id', users.clone()));
  }
  return page(query, q);
}

/** "Delete": hides a finished trade from one party's list only. */
export async function hideTrade(k: Knex, id: string, side: TradeSide): Promise<void> {
  await k('trades')
    .where({ id })
    .whereNull(`${side}_deleted_at`)
    .update({ [`${side}_deleted_at`]: k.fn.now() });
}

// ---- the thread --------------------------------------------------------------------------------

interface MessageRow {
  id: string | number;
  author_id: string | null;
  kind: TradeMessageKind;
  body: string;
  data: Record<string, unknown> | null;
  created_at: Date;
}

export async function tradeMessages(k: Knex, t: Pick<TradeRow, 'id' | 'buyer_id'>) {
  const rows: MessageRow[] = await k('trade_messages').where({ trade_id: t.id }).orderBy('id').select('id', 'author_id', 'kind', 'body', 'data', 'created_at');
  return rows.map((m) => ({
    id: Number(m.id),
    kind: m.kind,
    authorSide: m.author_id === null ? 'platform' : m.author_id === t.buyer_id ? 'buyer' : 'seller',
    body: m.body,
    data: m.data,
    createdAt: m.created_at.toISOString(),
  }));
}

/** A message of the thread, once per dedupe key (written by the workflow's activities). */
export async function insertTradeMessage(k: Knex, m: { dedupeKey: string; tradeId: string; authorId: string | null; kind: TradeMessageKind; body?: string; data?: Record<string, unknown> | null }) {
  await k('trade_messages')
    .insert({ dedupe_key: m.dedupeKey, trade_id: m.tradeId, author_id: m.authorId, kind: m.kind, body: m.body ?? '', data: m.data ? JSON.stringify(m.data) : null })
    .onConflict('dedupe_key')
    .ignore();
}

// ---- workflow writes -----------------------------------------------------------------------------

/** What a step change may also write (camelCase of the trade columns). */
export interface TradePatch {
  rejectReason?: string | null;
  closeReason?: TradeCloseReason | null;
  counterOffer?: Record<string, unknown> | null;
  checkFlags?: Record<string, string> | null;
  orderId?: string | null;
  serviceFeeFen?: number | null;
  /** A counter-offer accepted: its price, channels and term replace the application's. */
  agreedTerms?: { priceFen: number; channels: string[]; termFrom: string | null; termTo: string | null };
}

/** Writes the trade's state and step (and what came with the change); a retry writes the same. */
export async function setTradeStep(k: Knex, id: string, state: TradeState, step: TradeStep, patch: TradePatch = {}): Promise<void> {
  const update: Record<string, unknown> = { state, step, updated_at: k.fn.now() };
  if ('rejectReason' in patch) update.reject_reason = patch.rejectReason;
  if ('closeReason' in patch) update.close_reason = patch.closeReason;
  if ('counterOffer' in patch) update.counter_offer = patch.counterOffer ? JSON.stringify(patch.counterOffer) : null;
  if ('checkFlags' in patch) update.check_flags = patch.checkFlags ? JSON.stringify(patch.checkFlags) : null;
  if ('orderId' in patch) update.order_id = patch.orderId;
  if ('serviceFeeFen' in patch) update.service_fee_fen = patch.serviceFeeFen;
  if (patch.agreedTerms) {
    const a = patch.agreedTerms;
    Object.assign(update, { price_fen: a.priceFen, channels: a.channels, term_from: a.termFrom, term_to: a.termTo });
  }
  await k('trades').where({ id }).update(update);
}

/** The buyer's corrected application after a failed check: round `round` of the check (a retry writes the same). */
export async function resubmitTrade(k: Knex, id: string, round: number, application: Record<string, unknown>, priceFen: number): Promise<void> {
  await k('trades')
    .where({ id })
    .where('check_round', '<=', round)
    .update({ application: JSON.stringify(application), price_fen: priceFen, ...termsOfApplication(application), check_round: round, updated_at: k.fn.now() });
}

export function licenceTermsOf(t: Pick<TradeRow, 'exclusive' | 'channels' | 'region' | 'term_from' | 'term_to'>): LicenceTerms {
  return { exclusive: t.exclusive === true, channels: t.channels, region: t.region, termFrom: t.term_from, termTo: t.term_to };
}

/** The row with its dates as text (yyyy-mm-dd), as the licence rule compares them. */
export function tradeWithTerms(k: Knex, id: string): Promise<TradeRow | undefined> {
  return k<TradeRow>('trades').where({ id }).first('*', k.raw('term_from::text as term_from'), k.raw('term_to::text as term_to'));
}

/** The buyer's name, as the licence and the trade record name the licensee. */
async function licenseeOf(k: Knex, t: Pick<TradeRow, 'buyer_id'>): Promise<string> {
  const buyer = await k('users').where({ id: t.buyer_id }).first('display_name');
  return buyer?.display_name ?? '';
}

/** A counter-offer's terms as the buyer accepted them (the application's exclusivity and region stay). */
export type AgreedTerms = Pick<LicenceTerms, 'channels' | 'termFrom' | 'termTo'>;

/**
 * The trade is agreed: its licence is reserved under the IP's lock (db/licences writeLicence), with
 * the application's terms or, for an accepted counter-offer, the offer's. Answers the conflicts that
 * refuse it (none: reserved). A retry finds the reservation it wrote.
 */
export async function reserveTradeLicence(k: Knex, id: string, agreed?: AgreedTerms): Promise<LicenceConflict[]> {
  const t = await tradeWithTerms(k, id);
  if (!t) throw new Error(`no trade ${id}`);
  const terms = { ...licenceTermsOf(t), ...agreed };
  return writeLicence(k, { ipciId: t.ipci_id, tradeId: t.id, licensee: await licenseeOf(k, t), terms }, 'reserved');
}

/**
 * The buyer confirmed completion: in one transaction the trade completes, the seller's trade record
 * (visible on the IP detail) is written, the licence reserved at agreement comes into force (a trade
 * agreed without a reservation, e.g. an entrusted one, is checked for conflicts under the IP's lock
 * first and throws db/licences LicenceConflictError, writing nothing) and the listing's trade status
 * follows. Each write happens once however often this runs.
 */
export async function completeTrade(k: Knex, id: string): Promise<void> {
  await k.transaction(async (trx) => {
    const t = await tradeWithTerms(trx, id);
    if (!t) throw new Error(`no trade ${id}`);
    const licensee = await licenseeOf(trx, t);
    await writeLicenceOrThrow(trx, { ipciId: t.ipci_id, tradeId: t.id, licensee, terms: licenceTermsOf(t) }, 'active');
    await trx('trade_records')
      .insert({
        ipci_id: t.ipci_id,
        user_id: t.seller_id,
        trade_id: t.id,
        licensee,
        scope: t.channels,
        // A self-service licence does not let the licensee sublicense (spec part 1 §3: Y / N / S).
        sublicensing: 'N',
        exclusive: t.exclusive === true,
        region: t.region,
        term_from: t.term_from,
        term_to: t.term_to,
        entered_on: chinaDate(new Date()),
        visible: true,
      })
      .onConflict('trade_id')
      .ignore();
    await trx('trades').where({ id }).whereNot({ state: 'completed' }).update({ state: 'completed', step: 'done', completed_at: trx.fn.now(), updated_at: trx.fn.now() });
  });
}
