import type { Context, Middleware } from 'koa';
import type { Knex } from 'knex';
import { RateLimiterRes } from 'rate-limiter-flexible';
import { limiter, retrySeconds } from '../../db/loginLimits';
import { HttpError } from '../errors';

/** At most `points` requests per `seconds` for one key (an IP, a user); `prefix` names the counter. */
export interface Limit {
  prefix: string;
  points: number;
  seconds: number;
}

export interface RateLimiter {
  /** Counts one request for `key`; past the limit, a 429 with Retry-After and "try again in N s". */
  take(ctx: Context, key: string): Promise<void>;
}

/** A limiter on Postgres (rate-limiter-flexible, the table of the log-in limits), shared by every API process. */
export function rateLimiter(k: Knex, limit: Limit): RateLimiter {
  const store = limiter(k, limit.prefix, limit.points, limit.seconds);
  return {
    async take(ctx, key) {
      try {
        await store.consume(key);
      } catch (res) {
        if (!(res instanceof RateLimiterRes)) throw res;
        const seconds = retrySeconds(res);
        ctx.set('Retry-After', String(seconds));
        throw new HttpError(429, 'tooManyRequests', 'http.tooManyRequests', { seconds });
      }
    },
  };
}

/** Route middleware: every request counts against its caller's address. */
export function rateLimit(k: Knex, limit: Limit, keyOf: (ctx: Context) => string = (ctx) => ctx.ip): Middleware {
  const limiter = rateLimiter(k, limit);
  return async (ctx, next) => {
    await limiter.take(ctx, keyOf(ctx));
    await next();
  };
}
