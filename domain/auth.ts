import './validation/locale';
import * as yup from 'yup';
import { trimmed } from './validation/rules';

/** Log-in by user name, bound e-mail (any case) or bound mobile number: one field, `login`. */
export const loginSchema = yup
  .object({
    login: trimmed().required().max(254),
    password: yup.string().required().max(200),
  })
  .noUnknown();

/**
 * Brute-force protection of the log-in. Per account: 5 wrong passwords in a row lock it, for 1 minute
 * the first time and twice as long each further time within a day, at most 1 hour; a right password
 * resets both counts. Per IP: 100 wrong passwords in 15 minutes lock that address for the rest of the
 * window, whichever accounts they were for.
 */
export const LOGIN_LIMITS = {
  failuresBeforeLock: 5,
  firstLockSeconds: 60,
  maxLockSeconds: 3600,
  /** How long earlier lock-outs count towards the doubling. */
  lockMemorySeconds: 86400,
  /** Consecutive failures are forgotten after this long without another one. */
  failureMemorySeconds: 86400,
  perIpFailures: 100,
  perIpWindowSeconds: 900,
} as const;

/** The lock-out after the n-th lock in a row (n ≥ 1): 1 min, 2, 4, … capped at 1 h. */
export function lockSeconds(n: number): number {
  return Math.min(LOGIN_LIMITS.firstLockSeconds * 2 ** Math.max(0, n - 1), LOGIN_LIMITS.maxLockSeconds);
}

/**
 * Whether a stored PHC hash (`$argon2id$v=19$m=…,t=…,p=…$salt$hash`) was made with other cost
 * parameters than `options` (domain/password ARGON2_OPTIONS): such a password is re-hashed at the next
 * successful log-in, so raising the cost reaches every active account.
 */
export function needsRehash(phc: string, options: { memoryCost: number; timeCost: number; parallelism: number }): boolean {
  const m = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(phc);
  return !m || Number(m[1]) !== options.memoryCost || Number(m[2]) !== options.timeCost || Number(m[3]) !== options.parallelism;
}
