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
 * argon2id cost (OWASP's m=12 MiB, t=3, p=1 setting): about 6 ms per hash here, so 20 concurrent
 * log-ins on two cores stay well under the 150 ms p95 target. `npm run bench:login` prints it.
 */
export const ARGON2_OPTIONS = { memoryCost: 12288, timeCost: 3, parallelism: 1 } as const;
