import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import { RateLimiterPostgres, type RateLimiterRes } from 'rate-limiter-flexible';
import { LOGIN_LIMITS, lockSeconds } from '../domain/auth';

/** Counts of failed log-ins (rate-limiter-flexible on Postgres, table login_limits of migration 003). */
export interface LoginLimits {
  /**
   * Seconds until this account or IP may try again (0: it may try now), and whether the account has
   * failures on record — a success needs to `reset` only then, which keeps a clean log-in to reads.
   */
  check(account: string, ip: string): Promise<{ wait: number; failures: boolean }>;
  /** Counts a wrong password; answers the lock-out it starts (seconds), or 0. */
  failed(account: string, ip: string): Promise<number>;
  /** A right password (or a password reset): the account starts again from nothing. */
  reset(account: string): Promise<void>;
}

/**
 * The limiter key of an account: its id when the log-in names a user, else a hash of what was typed,
 * so guessing at names that do not exist is limited the same way and no e-mail or phone is stored.
 */
export function accountKey(userId: string | undefined, login: string): string {
  return userId ? `u:${userId}` : `l:${createHash('sha256').update(login.trim().toLowerCase()).digest('hex').slice(0, 40)}`;
}

/** Whole seconds until a limiter lets `res`'s key in again (at least 1; 0 when there is no result). */
export const retrySeconds = (res: RateLimiterRes | null) => (res ? Math.max(1, Math.ceil(res.msBeforeNext / 1000)) : 0);

/** A limiter counting in the table login_limits (migration 003): `points` per `duration` seconds for each key under `keyPrefix`. */
export function limiter(k: Knex, keyPrefix: string, points: number, duration: number) {
  return new RateLimiterPostgres({ storeClient: k, storeType: 'knex', tableName: 'login_limits', tableCreated: true, keyPrefix, points, duration });
}

const instances = new WeakMap<Knex, LoginLimits>();

/** One set of limiters per database handle (each limiter runs a clean-up timer). */
export function loginLimits(k: Knex): LoginLimits {
  const existing = instances.get(k);
  if (existing) return existing;
  const L = LOGIN_LIMITS;
  const failures = limiter(k, 'fail', L.failuresBeforeLock, L.failureMemorySeconds);
  const locks = limiter(k, 'lock', L.maxLockSeconds, L.lockMemorySeconds);
  const ipFailures = limiter(k, 'ip', L.perIpFailures, L.perIpWindowSeconds);
  const limits: LoginLimits = {
    async check(account, ip) {
      // Both counters in one read (every log-in pays it), from the limiter's table of migration 003.
      const keys = { acc: failures.getKey(account), ip: ipFailures.getKey(ip) };
      const now = Date.now();
      const rows: { key: string; points: number; expire: string | null }[] = await k('login_limits')
        .select('key', 'points', 'expire')
        .whereIn('key', [keys.acc, keys.ip])
        .andWhere((q) => q.where('expire', '>', now).orWhereNull('expire'));
      const counter = (key: string) => {
        const row = rows.find((r) => r.key === key);
        return row ? { points: row.points, wait: row.expire ? Math.max(1, Math.ceil((Number(row.expire) - now) / 1000)) : 1 } : undefined;
      };
      const acc = counter(keys.acc);
      const byIp = counter(keys.ip);
      // A lock is the account's counter pushed past its points by block(); the IP cap is simply reached.
      const accountWait = acc && acc.points > L.failuresBeforeLock ? acc.wait : 0;
      const ipWait = byIp && byIp.points >= L.perIpFailures ? byIp.wait : 0;
      return { wait: Math.max(accountWait, ipWait), failures: acc !== undefined && acc.points > 0 };
    },
    async failed(account, ip) {
      const [acc, byIp] = await Promise.all([failures.penalty(account), ipFailures.penalty(ip)]);
      let wait = byIp.consumedPoints >= L.perIpFailures ? retrySeconds(byIp) : 0;
      // Exactly the failure that reaches the limit locks: a concurrent one past it must not double the back-off again.
      if (acc.consumedPoints === L.failuresBeforeLock) {
        const n = (await locks.penalty(account)).consumedPoints;
        const lock = lockSeconds(n);
        await failures.block(account, lock);
        wait = Math.max(wait, lock);
      }
      return wait;
    },
    async reset(account) {
      await Promise.all([failures.delete(account), locks.delete(account)]);
    },
  };
  instances.set(k, limits);
  return limits;
}
