import './validation/locale';
import * as yup from 'yup';

/** Spec part 1 §5 / §9: a password has more than 6 characters ... */
export const PASSWORD_MIN_LENGTH = 7;
export const PASSWORD_MAX_LENGTH = 128;
/** ... and at least two of the kinds letters, symbols, digits. */
export const PASSWORD_MIN_KINDS = 2;

const KINDS = {
  digit: /\p{Nd}/u,
  letter: /\p{L}/u,
  symbol: /[^\p{L}\p{Nd}\s]/u,
} as const;
export type PasswordKind = keyof typeof KINDS;

export function passwordKinds(password: string): PasswordKind[] {
  return (Object.keys(KINDS) as PasswordKind[]).filter((k) => KINDS[k].test(password));
}

/**
 * The strength meter of spec part 1 §5: one point each for a digit, a letter and a symbol; fewer than
 * 6 characters forces level 1. 0 means nothing typed yet.
 */
export function passwordStrength(password: string): 0 | 1 | 2 | 3 {
  if (!password) return 0;
  if (password.length < 6) return 1;
  return Math.max(1, passwordKinds(password).length) as 1 | 2 | 3;
}

export function isValidPassword(password: string): boolean {
  return (
    password.length >= PASSWORD_MIN_LENGTH &&
    password.length <= PASSWORD_MAX_LENGTH &&
    passwordKinds(password).length >= PASSWORD_MIN_KINDS
  );
}

/** The password field of every form that sets one (registration, reset, change). */
export const newPassword = () =>
  yup
    .string()
    .required()
    .min(PASSWORD_MIN_LENGTH, 'validation.passwordLength')
    .max(PASSWORD_MAX_LENGTH)
    .test('kinds', 'validation.passwordKinds', (v) => !v || passwordKinds(v).length >= PASSWORD_MIN_KINDS);

/** "Repeat the password": must equal the sibling field `field`. */
export const repeatPassword = (field = 'password') =>
  yup
    .string()
    .required()
    .oneOf([yup.ref(field)], 'validation.passwordMismatch');

/**
 * argon2id cost: OWASP's m=7 MiB, t=5, p=1 — one of its five equally strong minimum settings, and the
 * cheapest of them on the 2-core machines we measure on (@node-rs/argon2: ~6 ms per hash alone).
 * `npm run bench:login` prints it beside log-in throughput and p95; existing hashes of another cost
 * are re-hashed at the next log-in.
 */
export const ARGON2_OPTIONS = { memoryCost: 7168, timeCost: 5, parallelism: 1 } as const;
