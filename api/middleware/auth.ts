import type { Middleware } from 'koa';
import type { Knex } from 'knex';
import { TOKEN_COOKIE } from '../../domain/languages';
import type { ElementId } from '../../domain/permissions';
import type { Role } from '../../domain/roles';
import { elementsOfRoles } from '../../db/roleElements';
import { userForToken, type UserRow } from '../../db/sessions';
import { forbidden, unauthenticated } from '../errors';

export type { UserRow };

/**
 * Loads ctx.state.user from the cookie-token session, if any, and ctx.state.elements(): the UI
 * element ids of the user's roles, read on first use only.
 */
export function session(k: Knex): Middleware {
  return async (ctx, next) => {
    const token = ctx.cookies.get(TOKEN_COOKIE);
    const user: UserRow | undefined = token ? await userForToken(k, token) : undefined;
    let elements: Promise<string[]> | undefined;
    ctx.state.user = user;
    ctx.state.elements = () => (elements ??= user ? elementsOfRoles(k, user.roles) : Promise.resolve([]));
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

/**
 * Spec part 1 §6: besides its role, a route may need a UI element among the session's permitted
 * ones (role_elements, editable by admins): 403 when none of the user's roles has it. Use after allow().
 */
export function allowElement(elementId: ElementId): Middleware {
  return async (ctx, next) => {
    if (!ctx.state.user) throw unauthenticated();
    if (!(await ctx.state.elements()).includes(elementId)) throw forbidden();
    await next();
  };
}

/**
 * Spec part 2 §6: every /admin path needs the role admin. Mounted before the routers so that an
 * /api/admin route that forgets its allow() is still refused (tests/integration/permissions.test.ts).
 */
export const adminGate: Middleware = async (ctx, next) => {
  if (ctx.path === '/api/admin' || ctx.path.startsWith('/api/admin/')) {
    const user: UserRow | undefined = ctx.state.user;
    if (!user) throw unauthenticated();
    if (!user.roles.includes('admin')) throw forbidden();
  }
  await next();
};

export const anyone: Middleware = (_ctx, next) => next();
