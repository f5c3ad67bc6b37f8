import './locale';
import * as yup from 'yup';

/** Spec part 1 §5: empty means null or blank after trimming. */
export function isEmpty(value: unknown): boolean {
  return value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
}

/** Spec part 1 §5: an e-mail whose ending has 2 to 4 characters. */
export const EMAIL_PATTERN = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,4}$/;
/** Spec part 1 §5: 11 digits, first 1, second 3 to 9. */
export const PHONE_PATTERN = /^1[3-9]\d{9}$/;

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECK = '10X98765432';

/** Resident identity card number (GB 11643): 18 characters, ISO 7064 MOD 11-2 check character. */
export function isResidentIdNumber(value: string): boolean {
  if (!/^\d{17}[\dXx]$/.test(value)) return false;
  const sum = ID_WEIGHTS.reduce((acc, w, i) => acc + w * Number(value[i]), 0);
  return ID_CHECK[sum % 11] === value[17].toUpperCase();
}

const CREDIT_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const CREDIT_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

/** Unified social credit code (GB 32100-2015): 18 characters with a MOD 31 check character. */
export function isUnifiedCreditCode(value: string): boolean {
  const code = value.toUpperCase();
  if (!/^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/.test(code)) return false;
  const sum = CREDIT_WEIGHTS.reduce((acc, w, i) => acc + w * CREDIT_CHARS.indexOf(code[i]), 0);
  return CREDIT_CHARS[(31 - (sum % 31)) % 31] === code[17];
}

/**
 * Every text field starts here. Blanks around it are dropped, but only from a string: an array or
 * object where text belongs reaches yup's type check (a 400 naming the field) instead of throwing in
 * `String.prototype.trim` (yup's own `trim()` calls it on whatever came).
 */
export const trimmed = () => yup.string().transform((v: unknown) => (typeof v === 'string' ? v.trim() : v));
export const requiredText = (max = 200) => trimmed().required().max(max);
export const optionalText = (max = 200) => trimmed().max(max).default('');
export const email = () => trimmed().matches(EMAIL_PATTERN, { message: 'validation.email', excludeEmptyString: true });
export const phone = () => trimmed().matches(PHONE_PATTERN, { message: 'validation.phone', excludeEmptyString: true });
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date written yyyy-mm-dd (no 2023-02-30, no month 13)? */
export function isCalendarDate(iso: string): boolean {
  const m = DATE.exec(iso);
  if (!m) return false;
  const d = new Date(Date.UTC(+m[1], +m[2] - 1, +m[3]));
  return d.getUTCFullYear() === +m[1] && d.getUTCMonth() === +m[2] - 1 && d.getUTCDate() === +m[3];
}

/** An ISO calendar date (yyyy-mm-dd) kept as a string: what a date input gives and the API stores. */
export const isoDate = () => trimmed().test('date', 'validation.date', (v) => !v || isCalendarDate(v));

/** What Postgres' uuid type accepts written the canonical way: every id the API hands out. */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The id of a file uploaded earlier through /api/uploads. */
export const uploadId = () => trimmed().matches(UUID_PATTERN, { message: 'validation.upload', excludeEmptyString: true });
/**
 * A form's list of earlier uploads: at least `min` (else `required`), at most `max` (part 2 §5's
 * batch of 9 pictures), each once.
 */
export const uploadIdList = (min: number, max: number, required: string) =>
  yup
    .array(uploadId().required())
    .min(min, required)
    .max(max, 'title.image.batch')
    .test('unique', 'validation.invalid', (v) => !v || new Set(v).size === v.length)
    .default([]);
/** A bigserial id (messages, outbox) given back as a page's `before`: a whole number Postgres' bigint holds. */
export const serialId = () => yup.number().integer().min(1).max(Number.MAX_SAFE_INTEGER);

/**
 * The first object key (anywhere in `value`) that names something on Object.prototype: `__proto__`,
 * `constructor`, `toString`… yup looks keys up in its field table without an own-property check and
 * throws on them, and no schema has such a field.
 */
function inheritedKey(value: unknown): { path: string; key: string } | undefined {
  const stack: Array<[unknown, string]> = [[value, '']];
  while (stack.length) {
    const [v, path] = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    const list = Array.isArray(v);
    for (const [key, child] of Object.entries(v)) {
      if (!list && key in Object.prototype) return { path, key };
      stack.push([child, list ? `${path}[${key}]` : path ? `${path}.${key}` : key]);
    }
  }
  return undefined;
}

/**
 * Validates `value` with a schema the way every API input is checked. Whatever the schema throws is
 * about the input: a TypeError from a transform fed the wrong shape becomes a ValidationError (400)
 * like any other refusal, instead of escaping as a server error.
 */
export async function checkInput<S extends yup.AnySchema>(schema: S, value: unknown, options: yup.ValidateOptions = {}): Promise<yup.InferType<S>> {
  const inherited = inheritedKey(value);
  if (inherited) {
    const err = new yup.ValidationError('validation.unknownField', value, inherited.path);
    err.params = { unknown: inherited.key };
    throw err;
  }
  try {
    return await schema.validate(value, { abortEarly: false, ...options });
  } catch (err) {
    if (err instanceof yup.ValidationError) throw err;
    throw new yup.ValidationError('validation.invalid', value, '');
  }
}
