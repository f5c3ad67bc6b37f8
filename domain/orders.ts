import './validation/locale';
import * as yup from 'yup';
import { COUNTRY_CODES } from './countries';
import { IPCI_KINDS, type IpciKind } from './ipci';
import { DEFAULT_PLAN_FEES, MONITORING_PLANS, PLAN_FEE_KEY, type MonitoringPlan } from './monitoring';
import { actualAmount, CURRENCY, formatYuan, yuanAmount } from './money';
import { decisionSchema } from './tasks';
import { MAX_UPLOAD_BYTES } from './uploads';
import { keysetCursor } from './validation/keyset';
import { isCalendarDate, optionalText, requiredText, trimmed, uploadId } from './validation/rules';

/**
 * Spec part 2 §3: what an order is for. `certification` is the title-verification / IPCI fee;
 * `lawFirmListing` a law firm's yearly directory fee (part 2 §4, not in the spec's list of types).
 */
export const ORDER_TYPES = ['selfServiceTrade', 'certification', 'monitoring', 'antiCounterfeit', 'lawFirmListing'] as const;
export type OrderType = (typeof ORDER_TYPES)[number];

/**
 * orderState, numeric because spec part 2 §3–§4 speaks of "orderState 1 and 2 count as paid" and
 * "orderState 2 is counted in capacity and payment totals". The spec names no other values, so:
 * 1 paid (money received), 2 completed (what was paid for has been delivered: IPCI issued, service
 * opened — the state that counts in totals), 0 unpaid (waiting for payment), 3 cancelled (not paid
 * within 24 h, or cancelled by the user), 4 awaiting confirmation (an offline or overseas
 * remittance proof is with finance; part 1 §4 "paid awaiting confirmation").
 */
export const ORDER_STATE = { unpaid: 0, paid: 1, completed: 2, cancelled: 3, awaitingConfirmation: 4 } as const;
export type OrderState = (typeof ORDER_STATE)[keyof typeof ORDER_STATE];
export const ORDER_STATES = Object.values(ORDER_STATE) as OrderState[];

/** Spec part 2 §4: orderState 1 and 2 count as paid. */
export function isPaidState(state: OrderState): boolean {
  return state === ORDER_STATE.paid || state === ORDER_STATE.completed;
}

/** Bill types (part 2 §3 `direction`, §4): seen from the user whose bill list it is. */
export const BILL_DIRECTIONS = ['spending', 'income', 'refund', 'other'] as const;
export type BillDirection = (typeof BILL_DIRECTIONS)[number];

/** Bill states of part 2 §4. */
export const BILL_STATES = ['ongoing', 'unpaid', 'successful', 'failed'] as const;
export type BillState = (typeof BILL_STATES)[number];

/**
 * The bill list shows an order by its bill state: waiting for the user is unpaid, waiting for
 * finance is ongoing, money received is successful, a cancelled order failed.
 */
export function billState(state: OrderState): BillState {
  switch (state) {
    case ORDER_STATE.unpaid:
      return 'unpaid';
    case ORDER_STATE.awaitingConfirmation:
      return 'ongoing';
    case ORDER_STATE.cancelled:
      return 'failed';
    default:
      return 'successful';
  }
}

/** The order fields of spec part 2 §3; every amount in fen (domain/money.ts). */
export interface Order {
  orderNumber: string;
  type: OrderType;
  /** What is bought, e.g. the IP name for a certification fee. */
  name: string;
  /** The other party: the platform for a certification fee, the seller or buyer in a trade. */
  counterpart: string;
  buyerId: string;
  amount: number;
  preferentialAmount: number;
  orderState: OrderState;
  direction: BillDirection;
  payMethod: PayMethod | null;
  createdAt: string;
  paidAt: string | null;
}

/**
 * Spec part 2 §3: the actual amount is shown with 2 decimals only when orderState is 1 or 2,
 * otherwise as 0.00 (nothing has been paid yet, or nothing will be).
 */
export function displayActualAmount(order: Pick<Order, 'amount' | 'preferentialAmount' | 'orderState'>): string {
  return isPaidState(order.orderState) ? formatYuan(actualAmount(order.amount, order.preferentialAmount)) : formatYuan(0);
}

/**
 * Order number: the order's day in China time (yyyymmdd) and an 8-digit serial from a database
 * sequence that is never reset — 16 digits, unique, readable over the phone to finance, and easy to
 * write on a bank transfer as the remittance reference. The spec shows no format.
 */
export const ORDER_NUMBER_PATTERN = /^\d{16}$/;
const CHINA_OFFSET_MS = 8 * 3600 * 1000; // UTC+8 all year, no daylight saving

export function makeOrderNumber(createdAt: Date, serial: number): string {
  if (!Number.isInteger(serial) || serial < 1) throw new RangeError(`order serial out of range: ${serial}`);
  const day = new Date(createdAt.getTime() + CHINA_OFFSET_MS).toISOString().slice(0, 10).replace(/-/g, '');
  return day + String(serial % 1e8).padStart(8, '0');
}

/** Spec part 1 §9 and part 2 §4/§8: payment must be finished within 24 hours or the order is cancelled. */
export const UNPAID_ORDER_TIMEOUT_HOURS = 24;
export const UNPAID_ORDER_TIMEOUT_MS = UNPAID_ORDER_TIMEOUT_HOURS * 3600 * 1000;
/** Part 2 §4/§9: an offline receipt is confirmed 1 to 2 working days after the proof is uploaded. */
export const REMITTANCE_CONFIRM_WORKING_DAYS = 2;

/**
 * The deadline counts from `since`: the order's creation, or the moment finance rejected the last
 * remittance. While a remittance waits for finance the clock is stopped (the user has done what was
 * asked), and a rejection gives a fresh 24 hours to pay or resubmit — otherwise a rejection arriving
 * after a two-day review would cancel the order before the user could react.
 */
export function paymentDeadline(since: Date, timeoutMs = UNPAID_ORDER_TIMEOUT_MS): Date {
  return new Date(since.getTime() + timeoutMs);
}

/** Payable strictly before the deadline: at exactly 24 h the order is cancelled, and paying a cancelled order is refused. */
export function canStartPayment(state: OrderState, deadline: Date, now: Date): boolean {
  return state === ORDER_STATE.unpaid && now.getTime() < deadline.getTime();
}

/**
 * Payment methods of part 2 §2: quick payment and online banking go through a payment gateway;
 * offline and overseas remittance go through finance. `sandbox` is the built-in gateway provider
 * (hosted page with a QR code, signed asynchronous callback); real providers are added by
 * configuration, so the provider list is passed in.
 */
export const PAY_METHODS = ['quickPay', 'onlineBanking', 'offline', 'overseas'] as const;
export type PayMethod = (typeof PAY_METHODS)[number];
export const ONLINE_PAY_METHODS: readonly PayMethod[] = ['quickPay', 'onlineBanking'];
export const REMITTANCE_METHODS = ['offline', 'overseas'] as const;
export const SANDBOX_PROVIDER = 'sandbox';

export function payMethodSchema(providers: readonly string[] = [SANDBOX_PROVIDER]) {
  return yup
    .object({
      method: trimmed().required().oneOf([...PAY_METHODS]),
      provider: trimmed().when('method', {
        is: (m: unknown) => ONLINE_PAY_METHODS.includes(m as PayMethod),
        then: (s) => s.required().oneOf([...providers], 'order.providerUnavailable'),
        otherwise: (s) => s.oneOf([''], 'order.providerNotUsed').default(''),
      }),
    })
    .noUnknown();
}
export type PayMethodChoice = yup.InferType<ReturnType<typeof payMethodSchema>>;

export type CallbackVerdict = 'accept' | 'duplicate' | 'wrongAmount' | 'notPayable';

/**
 * What to do with a gateway callback whose signature the server has already verified. The amount is
 * checked first, so a replayed or forged callback with another amount is always refused. Money for
 * an order whose remittance is with finance is accepted (it has arrived; the finance task is then
 * withdrawn). A cancelled order is never paid: the callback is refused and the money goes back,
 * so no certificate is ever issued after a cancellation. A repeat of the callback that paid the
 * order is harmless; a different payment for a paid order is refused (a double payment to refund).
 */
export function judgeGatewayCallback(
  order: { state: OrderState; payableFen: number; paidReference: string | null },
  callback: { amountFen: number; reference: string },
): CallbackVerdict {
  if (callback.amountFen !== order.payableFen) return 'wrongAmount';
  if (isPaidState(order.state)) return order.paidReference === callback.reference ? 'duplicate' : 'notPayable';
  return order.state === ORDER_STATE.unpaid || order.state === ORDER_STATE.awaitingConfirmation ? 'accept' : 'notPayable';
}

/** Part 2 §5: offline payment proof is jpg only (checked by content), within the 1 GiB file limit. */
export const REMITTANCE_PROOF_TYPES = ['image/jpeg'];
export const REMITTANCE_PROOF_EXTENSIONS = ['jpg', 'jpeg'];
export const REMITTANCE_PROOF_MAX_BYTES = MAX_UPLOAD_BYTES;
/** At least one receipt; at most one upload batch of images (spec part 1 §5: 9 per batch). */
export const REMITTANCE_PROOF_MIN = 1;
export const REMITTANCE_PROOF_MAX = 9;

export function isRemittanceProofType(mime: string): boolean {
  return REMITTANCE_PROOF_TYPES.includes(mime);
}

/**
 * An offline (domestic, CNY) or overseas remittance with its proof. An offline remittance is in
 * yuan and must match the amount payable, given as context `payableFen`; an overseas one may be in
 * another currency, whose equivalence finance judges when confirming.
 */
export const remittanceSchema = yup
  .object({
    method: trimmed().required().oneOf([...REMITTANCE_METHODS]),
    payerName: requiredText(100),
    bankName: requiredText(100),
    payerAccount: optionalText(40),
    payerCountry: trimmed().when('method', {
      is: 'overseas',
      then: (s) => s.required().oneOf(COUNTRY_CODES, 'validation.country'),
      otherwise: (s) => s.oneOf(['CN', ''], 'order.offlineIsDomestic').default('CN'),
    }),
    currency: trimmed()
      .transform((v: unknown) => (typeof v === 'string' ? v.toUpperCase() : v))
      .default(CURRENCY)
      .when('method', {
        is: 'overseas',
        then: (s) => s.matches(/^[A-Z]{3}$/, 'order.currency'),
        otherwise: (s) => s.oneOf([CURRENCY], 'order.offlineInYuan'),
      }),
    amount: yuanAmount({ min: 1 })
      .required()
      .test('matches-order', 'order.amountMismatch', function (v) {
        const payable = this.options.context?.payableFen as number | undefined;
        if (v === undefined || payable === undefined || this.parent.currency !== CURRENCY) return true;
        return v === payable || this.createError({ message: 'order.amountMismatch', params: { amount: formatYuan(payable) } });
      }),
    remittedOn: trimmed()
      .required()
      .test('date', 'validation.date', (v) => !v || isCalendarDate(v)),
    reference: optionalText(64),
    proofs: yup.array(uploadId().required()).min(REMITTANCE_PROOF_MIN, 'order.proofRequired').max(REMITTANCE_PROOF_MAX).required('order.proofRequired'),
    remark: optionalText(500),
  })
  .noUnknown();
export type Remittance = yup.InferType<typeof remittanceSchema>;

/** The fields finance can flag when rejecting, in form order. */
export const REMITTANCE_FIELDS = Object.keys(remittanceSchema.fields);

/**
 * Finance's decision goes through the inbox like every human task: confirm = `approve`, reject =
 * `fail` with a reason on each flagged field of the remittance (e.g. proofs: "unreadable").
 */
export const financeDecisionSchema = decisionSchema(REMITTANCE_FIELDS);

/** An order for the certification fee, created from the user's own approved registration. */
export const createCertificationOrderSchema = yup.object({ registrationId: trimmed().required().uuid('validation.invalid') }).noUnknown();

/**
 * The fee table (fen), set by an admin: the certification fee per registration kind (wizard step 2),
 * shown on the IPCI introduction page (part 1 §2), and the infringement-monitoring plans' prices
 * (part 2 §4, keys domain/monitoring.ts PLAN_FEE_KEY), shown on the monitoring order page. Entered in
 * yuan, stored in fen. A fee is at least 0.01 yuan: a free certification is given with a
 * free-of-charge coupon (part 2 §3 coupon type 2), so the order, bill and payment trail always exist.
 * A plan price left out of a save keeps its current amount (callers that know only the
 * certification fees change only those).
 */
export const MONITORING_FEE_KEYS = MONITORING_PLANS.map((p) => PLAN_FEE_KEY[p]) as Array<(typeof PLAN_FEE_KEY)[MonitoringPlan]>;
export type FeeKey = IpciKind | (typeof MONITORING_FEE_KEYS)[number];
export const FEE_KEYS: FeeKey[] = [...(Object.keys(IPCI_KINDS) as IpciKind[]), ...MONITORING_FEE_KEYS];
export const feeTableSchema = yup
  .object({
    ...(Object.fromEntries(Object.keys(IPCI_KINDS).map((k) => [k, yuanAmount({ min: 1 }).required()])) as Record<IpciKind, ReturnType<typeof yuanAmount>>),
    ...(Object.fromEntries(MONITORING_FEE_KEYS.map((k) => [k, yuanAmount({ min: 1 })])) as Record<(typeof MONITORING_FEE_KEYS)[number], ReturnType<typeof yuanAmount>>),
  })
  .noUnknown();
export type FeeTable = Record<FeeKey, number>;
export type FeeTableInput = yup.InferType<typeof feeTableSchema>;

/**
 * Default until an admin sets the table. The spec gives no fee amounts (part 1 §9); these are
 * placeholders, 1,000.00 yuan for a first registration and 500.00 for one with an existing IPCI
 * code (less work: the IP was confirmed before), and domain/monitoring.ts DEFAULT_PLAN_FEES.
 */
export const DEFAULT_FEE_TABLE: FeeTable = {
  first: 100_000,
  existingIpci: 50_000,
  ...(Object.fromEntries(MONITORING_PLANS.map((p) => [PLAN_FEE_KEY[p], DEFAULT_PLAN_FEES[p]])) as Record<(typeof MONITORING_FEE_KEYS)[number], number>),
};

export const ORDER_PAGE_SIZE = 20;

/** The bill list's filters (part 2 §4: bill type and bill state) and keyset page. */
export const orderListQuerySchema = yup
  .object({
    direction: trimmed().oneOf(['', ...BILL_DIRECTIONS]).default(''),
    bill: trimmed().oneOf(['', ...BILL_STATES]).default(''),
    /** One order type (the back office's ipAuthOrder lists the self-service trades' service fees). */
    type: trimmed().oneOf(['', ...ORDER_TYPES]).default(''),
    limit: yup.number().integer().min(1).max(100).default(ORDER_PAGE_SIZE),
    /** Opaque keyset cursor returned as `next` by the previous page. */
    after: keysetCursor(['date', 'uuid']),
  })
  .noUnknown();
export type OrderListQueryInput = yup.InferType<typeof orderListQuerySchema>;
