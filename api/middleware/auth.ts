import type { Middleware } from 'koa';
import type { Knex } from 'knex';
import { TOKEN_COOKIE } from '../../domain/languages';
import type { Role } from '../../domain/roles';
import { userForToken, type UserRow } from '../../db/sessions';
import { forbidden, unauthenticated } from '../errors';

export type { UserRow };

/** Loads ctx.state.user from the cookie-token session, if any. */
export function session(k: Knex): Middleware {
  return async (ctx, next) => {
    const token = ctx.cookies.get(TOKEN_COOKIE);
    ctx.state.user = token ? await userForToken(k, token) : undefined;
    await next();
  };
}

/** Every route states who may call it: 401 without a session, 403 for any other role. */
export function allow(...roles: Role[]): Middleware {
  return async (ctx, next) => {
    const user: UserRow | undefined = ctx.state.user;
    if (!user) throw unauthenticated();
    if (!user.roles.some((r) => roles.includes(r))) throw forbidden();
    await next();
  };
}

export const anyone: Middleware = (_ctx, next) => next();
