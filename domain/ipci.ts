/**
 * IPCI = an identification code + an identifier + an electronic certificate (spec part 1 §1).
 *
 * Identification code, 17 characters: `IPCI` · issue year (4 digits) · kind (1 digit) · serial
 * (7 digits, zero-padded) · check character. Written for people in groups: `IPCI-2026-1-0000123-7`.
 *
 * - year: the year the certificate is issued (China time), so a code tells its age at a glance.
 * - kind: how the registration started (spec part 1 §2 wizard step 2): 1 first registration,
 *   2 registration with an existing IPCI code. Other digits are reserved and refused.
 * - serial: taken from one database sequence that is never reset (not one per year), so a code is
 *   unique and never reused even if a certificate is revoked or a year is corrected; 7 digits give
 *   ten million certificates before the format needs a new kind digit.
 * - check character: ISO/IEC 7064 MOD 11-2 over the 12 digits (year, kind, serial): 0–9 or X.
 *   It detects every single-character substitution and every adjacent transposition, the two
 *   errors people make copying a code from paper (a change to the fixed `IPCI` or a letter among the
 *   digits already breaks the format). It is also the check of the resident ID number (GB 11643),
 *   so a trailing X is familiar to users. Alternatives weighed: the hybrid MOD 37,36 misses some
 *   adjacent transpositions (IPCI203510000123F and IPCI203510001023F share the check F); MOD 37-2 needs
 *   `*` as a check character, awkward in URLs and search boxes; MOD 97-10 needs two check digits.
 *   Implemented from the standard; no dependency.
 *
 * Identifier: a random UUID (v4, lower case) given by the database. It is opaque on purpose: unlike
 * the code it reveals neither the serial nor the year, so it can name the certificate file and the
 * issuance workflow without being guessable.
 */

export const IPCI_PREFIX = 'IPCI';
export const IPCI_KINDS = { first: 1, existingIpci: 2 } as const;
export type IpciKind = keyof typeof IPCI_KINDS;
export const IPCI_SERIAL_DIGITS = 7;
export const IPCI_MAX_SERIAL = 10 ** IPCI_SERIAL_DIGITS - 1;
/** Certificates start with the platform; the ceiling keeps the year four digits. */
export const IPCI_MIN_YEAR = 2000;
export const IPCI_MAX_YEAR = 9999;
export const IPCI_CODE_LENGTH = IPCI_PREFIX.length + 4 + 1 + IPCI_SERIAL_DIGITS + 1;

const CODE_PATTERN = /^IPCI(\d{4})(\d)(\d{7})([0-9X])$/;

/**
 * ISO/IEC 7064 pure system MOD 11-2: P starts at 0; for each digit P = 2·(P + digit) mod 11; the
 * check value c makes P + c ≡ 1 (mod 11); 10 is written X.
 */
export function mod11_2CheckCharacter(digits: string): string {
  if (!/^\d*$/.test(digits)) throw new RangeError('MOD 11-2 takes digits only');
  let p = 0;
  for (const d of digits) p = ((p + Number(d)) * 2) % 11;
  const c = (12 - p) % 11;
  return c === 10 ? 'X' : String(c);
}

/** Uppercase, without spaces, dashes (ASCII and typographic), dots or underscores: what people type or paste. */
export function normaliseIpciCode(input: string): string {
  return input
    .normalize('NFKC') // full-width ＩＰＣＩ２０２６ typed with a CJK input method becomes ASCII
    .replace(/[\s\-‐-―−._]/g, '')
    .toUpperCase();
}

export function makeIpciCode(year: number, serial: number, kind: IpciKind = 'first'): string {
  if (!Number.isInteger(year) || year < IPCI_MIN_YEAR || year > IPCI_MAX_YEAR) throw new RangeError(`IPCI year out of range: ${year}`);
  if (!Number.isInteger(serial) || serial < 1 || serial > IPCI_MAX_SERIAL) throw new RangeError(`IPCI serial out of range: ${serial}`);
  const body = `${IPCI_PREFIX}${year}${IPCI_KINDS[kind]}${String(serial).padStart(IPCI_SERIAL_DIGITS, '0')}`;
  return body + mod11_2CheckCharacter(body.slice(IPCI_PREFIX.length));
}

export interface IpciCodeParts {
  code: string;
  year: number;
  kind: IpciKind;
  serial: number;
}

/** The parts of a code in canonical form (after normalising), or null when it is not a valid code. */
export function parseIpciCode(input: string): IpciCodeParts | null {
  const code = normaliseIpciCode(input);
  const m = CODE_PATTERN.exec(code);
  if (!m) return null;
  const year = Number(m[1]);
  const kind = (Object.keys(IPCI_KINDS) as IpciKind[]).find((k) => IPCI_KINDS[k] === Number(m[2]));
  const serial = Number(m[3]);
  if (!kind || year < IPCI_MIN_YEAR || serial < 1) return null;
  if (mod11_2CheckCharacter(code.slice(IPCI_PREFIX.length, -1)) !== m[4]) return null;
  return { code, year, kind, serial };
}

/** Strict: the canonical 17-character form only. Search and the verification page normalise first. */
export function isValidIpciCode(code: string): boolean {
  return parseIpciCode(code)?.code === code;
}

/** The grouped form printed on the certificate and shown on pages. */
export function formatIpciCode(code: string): string {
  const parts = parseIpciCode(code);
  if (!parts) return code;
  const c = parts.code;
  return [c.slice(0, 4), c.slice(4, 8), c.slice(8, 9), c.slice(9, 16), c.slice(16)].join('-');
}

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

export function isIpciIdentifier(value: string): boolean {
  return UUID_V4.test(value);
}

/**
 * IPCI certificate list states (spec part 1 §4): pending payment, completed (paid), taken down,
 * invalid (expired). Stable ids: they are stored and used as catalog keys.
 */
export const IPCI_STATES = ['pendingPayment', 'completed', 'takenDown', 'invalid'] as const;
export type IpciState = (typeof IPCI_STATES)[number];

/**
 * The two take-down kinds of spec part 1 §4, each with its relist: `trade` withdraws the IP from the
 * licensing section only; `title` (rights-confirmation / title-verification take-down) also hides
 * the certificate from third parties, who then can no longer verify it (spec part 1 §4). The spec
 * does not say which kind stops verification; we read it as the title kind, because a trade
 * take-down only ends the listing while the rights confirmation itself still stands.
 */
export const TAKE_DOWN_KINDS = ['trade', 'title'] as const;
export type TakeDownKind = (typeof TAKE_DOWN_KINDS)[number];

export interface IpciStatus {
  paid: boolean;
  /** Expired or revoked (e.g. after an upheld objection). */
  invalid: boolean;
  takenDown: readonly TakeDownKind[];
  /**
   * Staff took the listing down (back office, or an upheld objection): the trade take-down stands
   * and its owner cannot relist it; only staff can. Absent when not.
   */
  staffTakenDown?: boolean;
}

/**
 * What ipcis.staff_take_down records: why and by whom, and whether the owner had taken the listing
 * down themselves before (a staff relist then leaves their take-down standing).
 */
export interface StaffTakeDown {
  reason: string;
  staffName: string;
  at: string;
  ownerTakenDown: boolean;
}

/** One list state from the facts; invalid outranks everything, then payment, then take-downs. */
export function ipciState(s: IpciStatus): IpciState {
  if (s.invalid) return 'invalid';
  if (!s.paid) return 'pendingPayment';
  return s.takenDown.length > 0 ? 'takenDown' : 'completed';
}

/** Third parties can verify a paid, valid certificate that has no title take-down. */
export function isPubliclyVerifiable(s: IpciStatus): boolean {
  return s.paid && !s.invalid && !s.takenDown.includes('title');
}

/** Listed in the licensing section: published automatically on issue (spec part 1 §4) unless taken down. */
export function isListedForTrade(s: IpciStatus): boolean {
  return isPubliclyVerifiable(s) && !s.takenDown.includes('trade');
}

export const IPCI_OPERATIONS = ['pay', 'takeDownTrade', 'relistTrade', 'takeDownTitle', 'relistTitle'] as const;
export type IpciOperation = (typeof IPCI_OPERATIONS)[number];

/**
 * Operations of the IPCI list (spec part 1 §4) the owner may run now; each asks for confirmation in the UI.
 * A staff take-down leaves the owner no trade operation: only staff relist it.
 */
export function ipciOperations(s: IpciStatus): IpciOperation[] {
  if (s.invalid) return [];
  if (!s.paid) return ['pay'];
  const ops: IpciOperation[] = [];
  for (const kind of TAKE_DOWN_KINDS) {
    if (kind === 'trade' && s.staffTakenDown) continue;
    const suffix = kind === 'trade' ? 'Trade' : 'Title';
    ops.push(s.takenDown.includes(kind) ? `relist${suffix}` : `takeDown${suffix}`);
  }
  return ops;
}
