import { keysetPage, newestFirst } from './keyset';
import type { Knex } from 'knex';
import type { IpNames } from '../domain/ipNames';
import { actualAmount } from '../domain/money';
import {
  billState,
  DEFAULT_FEE_TABLE,
  FEE_KEYS,
  makeOrderNumber,
  ORDER_STATE,
  type BillDirection,
  type BillState,
  type FeeKey,
  type FeeTable,
  type FeeTableInput,
  type OrderState,
  type OrderType,
  type PayMethod,
} from '../domain/orders';
import { UUID_PATTERN } from '../domain/validation/rules';

export interface OrderRow {
  id: string;
  order_no: string;
  dedupe_key: string;
  user_id: string;
  type: OrderType;
  subject_kind: string;
  subject_id: string;
  name: string;
  /** The IP's names when the order is for one (domain/ipNames.ts); `name` is the Chinese one. */
  names: IpNames | null;
  counterpart: string;
  amount: string | number; // bigint comes back as text
  preferential_amount: string | number;
  order_state: OrderState;
  direction: BillDirection;
  pay_method: PayMethod | null;
  provider: string | null;
  provider_trade_no: string | null;
  remittance: Record<string, unknown> | null;
  remittance_flags: Record<string, string> | null;
  workflow_id: string;
  created_at: Date;
  deadline_at: Date;
  paid_at: Date | null;
  completed_at: Date | null;
  cancelled_at: Date | null;
  /** An anti-counterfeit package order's antiPackage (db/capacity AntiPackage); null for other orders. */
  anti_package: Record<string, unknown> | null;
}

export const orderWorkflowId = (orderId: string) => `orderPayment/${orderId}`;

/** What the buyer owes: amount less the discount, in fen. */
export const payableFen = (row: Pick<OrderRow, 'amount' | 'preferential_amount'>) => actualAmount(Number(row.amount), Number(row.preferential_amount));

export function toOrderJson(row: OrderRow) {
  return {
    id: row.id,
    orderNo: row.order_no,
    type: row.type,
    subjectKind: row.subject_kind,
    subjectId: row.subject_id,
    name: row.name,
    names: row.names,
    counterpart: row.counterpart,
    amount: Number(row.amount),
    preferentialAmount: Number(row.preferential_amount),
    payable: payableFen(row),
    orderState: row.order_state,
    billState: billState(row.order_state),
    direction: row.direction,
    payMethod: row.pay_method,
    provider: row.provider,
    tradeNo: row.provider_trade_no,
    remittance: row.remittance,
    remittanceFlags: row.remittance_flags,
    workflowId: row.workflow_id,
    createdAt: row.created_at.toISOString(),
    deadlineAt: row.deadline_at.toISOString(),
    paidAt: row.paid_at?.toISOString() ?? null,
    completedAt: row.completed_at?.toISOString() ?? null,
    cancelledAt: row.cancelled_at?.toISOString() ?? null,
    antiPackage: row.anti_package ?? null,
  };
}
export type OrderJson = ReturnType<typeof toOrderJson>;

export interface NewOrder {
  dedupeKey: string;
  userId: string;
  type: OrderType;
  subjectKind: string;
  subjectId: string;
  name: string;
  names?: IpNames | null;
  counterpart?: string;
  amountFen: number;
  preferentialFen?: number;
  timeoutMs: number;
}

/**
 * Creates the order once per dedupe key: a retried activity finds the row it wrote. The order number
 * takes a serial from a sequence that is never reset (a retry may skip one; none is ever reused).
 */
export async function createOrder(k: Knex, o: NewOrder): Promise<OrderRow> {
  const existing = await k<OrderRow>('orders').where({ dedupe_key: o.dedupeKey }).first();
  if (existing) return existing;
  const [{ id, serial, now }] = (await k.raw("select gen_random_uuid() as id, nextval('order_serial_seq') as serial, now() as now")).rows;
  await k('orders')
    .insert({
      id,
      order_no: makeOrderNumber(now, Number(serial)),
      dedupe_key: o.dedupeKey,
      user_id: o.userId,
      type: o.type,
      subject_kind: o.subjectKind,
      subject_id: o.subjectId,
      name: o.name,
      names: o.names ? JSON.stringify(o.names) : null,
      counterpart: o.counterpart ?? '',
      amount: o.amountFen,
      preferential_amount: o.preferentialFen ?? 0,
      order_state: ORDER_STATE.unpaid,
      workflow_id: orderWorkflowId(id),
      created_at: now,
      deadline_at: new Date(now.getTime() + o.timeoutMs),
    })
    .onConflict('dedupe_key')
    .ignore();
  return (await k<OrderRow>('orders').where({ dedupe_key: o.dedupeKey }).first())!;
}

export function findOrder(k: Knex, id: string): Promise<OrderRow | undefined> {
  if (!UUID_PATTERN.test(id)) return Promise.resolve(undefined);
  return k<OrderRow>('orders').where({ id }).first();
}

export function findOrderByNo(k: Knex, orderNo: string): Promise<OrderRow | undefined> {
  return k<OrderRow>('orders').where({ order_no: orderNo }).first();
}

/** Order states shown under each bill state (domain billState, inverted). */
export const BILL_STATE_ORDER_STATES: Record<BillState, OrderState[]> = {
  unpaid: [ORDER_STATE.unpaid],
  ongoing: [ORDER_STATE.awaitingConfirmation],
  successful: [ORDER_STATE.paid, ORDER_STATE.completed],
  failed: [ORDER_STATE.cancelled],
};

export interface OrderListQuery {
  direction?: BillDirection | '';
  bill?: BillState | '';
  type?: OrderType | '';
  after?: string;
  limit: number;
}

/** One page, newest first, keyset on (created_at, id); the user's bills or (no userId) every order for admins. */
export async function listOrders(k: Knex, q: OrderListQuery, userId?: string): Promise<{ rows: OrderRow[]; next: string | null }> {
  const query = k('orders').select('*');
  if (userId) query.where('user_id', userId);
  if (q.direction) query.where('direction', q.direction);
  if (q.bill) query.whereIn('order_state', BILL_STATE_ORDER_STATES[q.bill]);
  if (q.type) query.where('type', q.type);
  return keysetPage<OrderRow>(query, newestFirst('created_at', 'id'), q);
}

/*
 * State changes. Each is guarded in SQL by the states it may leave, so a paid order is never
 * cancelled, a cancelled one never paid, and a retried activity changes nothing the second time.
 * Each returns the row as it is afterwards.
 */

async function transition(k: Knex, id: string, from: OrderState[], patch: Record<string, unknown>): Promise<OrderRow> {
  await k('orders').where({ id }).whereIn('order_state', from).update(patch);
  return (await findOrder(k, id))!;
}

export function markPaid(k: Knex, id: string, p: { payMethod: PayMethod; provider: string | null; tradeNo: string | null; paidAt: string }): Promise<OrderRow> {
  return transition(k, id, [ORDER_STATE.unpaid, ORDER_STATE.awaitingConfirmation], {
    order_state: ORDER_STATE.paid,
    pay_method: p.payMethod,
    provider: p.provider,
    provider_trade_no: p.tradeNo,
    paid_at: p.paidAt,
  });
}

export function markCancelled(k: Knex, id: string): Promise<OrderRow> {
  return transition(k, id, [ORDER_STATE.unpaid], { order_state: ORDER_STATE.cancelled, cancelled_at: k.fn.now() });
}

export function markCompleted(k: Knex, id: string): Promise<OrderRow> {
  return transition(k, id, [ORDER_STATE.paid], { order_state: ORDER_STATE.completed, completed_at: k.fn.now() });
}

/** A remittance proof arrived: finance has it; the last rejection's flags no longer apply. */
export function markAwaitingConfirmation(k: Knex, id: string, method: PayMethod, remittance: object): Promise<OrderRow> {
  return transition(k, id, [ORDER_STATE.unpaid], {
    order_state: ORDER_STATE.awaitingConfirmation,
    pay_method: method,
    remittance: JSON.stringify(remittance),
    remittance_flags: null,
  });
}

/** Finance rejected the remittance: back to unpaid with the reasons and a fresh deadline. */
export function markRemittanceRejected(k: Knex, id: string, flags: Record<string, string>, deadlineAt: string): Promise<OrderRow> {
  return transition(k, id, [ORDER_STATE.awaitingConfirmation], {
    order_state: ORDER_STATE.unpaid,
    pay_method: null,
    remittance_flags: JSON.stringify(flags),
    deadline_at: deadlineAt,
  });
}

/* Payment attempts and callbacks. */

export async function insertPaymentAttempt(k: Knex, a: { tradeNo: string; orderId: string; provider: string; method: PayMethod; amountFen: number }): Promise<void> {
  await k('payment_attempts')
    .insert({ trade_no: a.tradeNo, order_id: a.orderId, provider: a.provider, method: a.method, amount: a.amountFen })
    .onConflict('trade_no')
    .ignore();
}

export function findPaymentAttempt(k: Knex, tradeNo: string): Promise<{ trade_no: string; order_id: string; provider: string; method: PayMethod; amount: string } | undefined> {
  return k('payment_attempts').where({ trade_no: tradeNo }).first();
}

export type CallbackLogVerdict = 'accept' | 'duplicate' | 'wrongAmount' | 'notPayable' | 'badSignature' | 'unknownOrder' | 'malformed';

/** How much of a notification's body the log keeps: a real one is a few dozen short fields. */
export const CALLBACK_LOG_LIMITS = { keyChars: 64, valueChars: 256, totalChars: 4096 } as const;

/** Text as Postgres can store it (no NUL, no lone surrogate), cut to `max` characters with a note of what was left out. */
function cut(text: string, max: number): string {
  const kept = text.length > max ? `${text.slice(0, max)}…(+${text.length - max})` : text;
  return kept.replace(/\u0000/g, '').replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
}

/**
 * What the callback log keeps of a notification: its fields up to about 4 KB, each name and value
 * cut short, nested values as cut JSON text. Anyone may post to the notify URL: the log must not
 * grow with what they send.
 */
function boundedPayload(body: unknown): unknown {
  const L = CALLBACK_LOG_LIMITS;
  const value = (v: unknown) => (v === null || typeof v === 'number' || typeof v === 'boolean' ? v : cut(typeof v === 'string' ? v : (JSON.stringify(v) ?? String(v)), L.valueChars));
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return value(body ?? null);
  const entries = Object.entries(body);
  const kept: [string, unknown][] = [];
  let size = 0;
  for (const [key, v] of entries) {
    const field: [string, unknown] = [cut(key, L.keyChars), value(v)];
    size += JSON.stringify(field).length;
    if (size > L.totalChars) break;
    kept.push(field);
  }
  if (kept.length < entries.length) kept.push(['…', `${entries.length - kept.length} more fields`]);
  // fromEntries defines each field, even one named __proto__.
  return Object.fromEntries(kept);
}

export async function logCallback(
  k: Knex,
  c: { provider: string; orderNo: string | null; tradeNo: string | null; payload: unknown; signatureOk: boolean; verdict: CallbackLogVerdict },
): Promise<void> {
  await k('payment_callbacks').insert({
    provider: cut(c.provider, 20),
    order_no: c.orderNo === null ? null : cut(c.orderNo, 20),
    trade_no: c.tradeNo === null ? null : cut(c.tradeNo, 90),
    payload: JSON.stringify(boundedPayload(c.payload)),
    signature_ok: c.signatureOk,
    verdict: c.verdict,
  });
}

/* Fee table. */

export async function feeTable(k: Knex): Promise<FeeTable> {
  const rows: Array<{ kind: string; amount_fen: string }> = await k('fee_table').select('kind', 'amount_fen');
  const table = { ...DEFAULT_FEE_TABLE };
  for (const r of rows) if ((FEE_KEYS as string[]).includes(r.kind)) table[r.kind as FeeKey] = Number(r.amount_fen);
  return table;
}

/** Saves the fees given; a plan price left out keeps its amount (domain feeTableSchema). */
export async function saveFeeTable(k: Knex, table: FeeTableInput, updatedBy: string): Promise<void> {
  await k.transaction(async (trx) => {
    for (const [kind, fen] of Object.entries(table)) {
      if (fen === undefined) continue;
      await trx('fee_table')
        .insert({ kind, amount_fen: fen, updated_by: updatedBy, updated_at: trx.fn.now() })
        .onConflict('kind')
        .merge();
    }
  });
}
