import './validation/locale';
import * as yup from 'yup';

/**
 * Money is an integer number of fen (分, 1/100 yuan) everywhere: in the database, workflows,
 * gateway calls and the API. Floating-point yuan never takes part in arithmetic (0.1 + 0.2 is not
 * 0.3 in binary floating point); yuan appear only as text, parsed on the way in and formatted on
 * the way out.
 */
export const CURRENCY = 'CNY';
export const FEN_PER_YUAN = 100;

/** Spec part 1 §5 and §9: a self-service trade is at most 100,000 yuan per transaction. */
export const SELF_SERVICE_TRADE_CAP_FEN = 100_000 * FEN_PER_YUAN;
/**
 * The largest amount any form accepts: 100 million yuan. The spec names no ceiling; this one keeps
 * every sum of amounts far inside the exact integer range of a JavaScript number and of a Postgres
 * bigint, and still covers any licence the platform sells.
 */
export const MAX_AMOUNT_FEN = 100_000_000 * FEN_PER_YUAN;

/** Plain yuan: digits, optionally a point and one or two decimals (no sign, no exponent, no grouping). */
const YUAN_PATTERN = /^(\d+)(?:\.(\d{1,2}))?$/;

/**
 * Yuan as typed by a user or an admin (or sent as a JSON number) → fen; null when it is not an
 * amount with at most 2 decimals. Numbers go through their shortest decimal text, so 0.1 is exactly
 * 10 fen and 100.005 (three decimals) is refused rather than rounded.
 */
export function parseYuan(input: string | number): number | null {
  if (typeof input === 'number' && !Number.isFinite(input)) return null;
  const text = String(input).trim().replace(/^(\d+)\.$/, '$1');
  const m = YUAN_PATTERN.exec(text);
  if (!m) return null;
  const fen = Number(m[1]) * FEN_PER_YUAN + Number((m[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(fen) && fen <= MAX_AMOUNT_FEN ? fen : null;
}

/** Fen → yuan text with exactly 2 decimals, e.g. 123450 → '1234.50' (spec part 2 §3: 2 decimals). */
export function formatYuan(fen: number): string {
  if (!Number.isSafeInteger(fen)) throw new RangeError(`not a whole number of fen: ${fen}`);
  const abs = Math.abs(fen);
  const text = `${Math.floor(abs / FEN_PER_YUAN)}.${String(abs % FEN_PER_YUAN).padStart(2, '0')}`;
  return fen < 0 ? `-${text}` : text;
}

/**
 * Spec part 2 §3: actual amount = amount − preferentialAmount. A discount larger than the amount
 * (a coupon worth more than the order) makes the order free; it never pays the user.
 */
export function actualAmount(amountFen: number, preferentialFen: number): number {
  return Math.max(0, amountFen - preferentialFen);
}

export function isWithinSelfServiceCap(fen: number): boolean {
  return fen <= SELF_SERVICE_TRADE_CAP_FEN;
}

/**
 * A yup field for an amount typed in yuan; the validated value is fen. The same schema serves the
 * form (which keeps the text) and the API (which stores the fen). Bounds are given in fen and shown
 * to the user in yuan.
 */
export function yuanAmount({ min = 0, max = MAX_AMOUNT_FEN }: { min?: number; max?: number } = {}) {
  return yup
    .number()
    .transform((value: unknown, original: unknown) => {
      if (original === '' || original === null || original === undefined) return undefined;
      if (typeof original !== 'string' && typeof original !== 'number') return Number.NaN;
      return parseYuan(original) ?? Number.NaN;
    })
    .typeError('money.format')
    .test('min', 'money.min', function (v) {
      return v === undefined || v >= min || this.createError({ message: 'money.min', params: { min: formatYuan(min) } });
    })
    .test('max', 'money.max', function (v) {
      return v === undefined || v <= max || this.createError({ message: 'money.max', params: { max: formatYuan(max) } });
    });
}
