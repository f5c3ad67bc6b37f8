import Router from '@koa/router';
import { randomBytes } from 'node:crypto';
import type { Context } from 'koa';
import type { Knex } from 'knex';
import { loginSchema, needsRehash } from '../../domain/auth';
import { TOKEN_COOKIE } from '../../domain/languages';
import { ARGON2_OPTIONS } from '../../domain/password';
import { storeRehash } from '../../db/accounts';
import { accountKey, loginLimits } from '../../db/loginLimits';
import { createSession, deleteSession } from '../../db/sessions';
import { findUserByLogin, type UserRow } from '../../db/users';
import type { ApiDeps } from '../deps';
import { HttpError } from '../errors';
import { anyone } from '../middleware/auth';
import { validate } from '../middleware/validate';
import { sessionUser } from '../lib/sessionUser';
import { setSessionCookie } from '../lib/sessionCookie';
import { hashPassword, verifyPassword } from '../lib/passwords';

// A real hash of the same cost to compare against when the user does not exist, so timing does not reveal user names.
const DUMMY_HASH = hashPassword(randomBytes(16).toString('hex'));

/**
 * 429 with the wait in the body (`retryAfterSeconds`, beside the usual error fields), the Retry-After
 * header and the message "try again in N minutes". Answered here, not thrown: the error shape has no
 * place for the extra field.
 */
export function answerLocked(ctx: Context, seconds: number): void {
  ctx.set('Retry-After', String(seconds));
  ctx.status = 429;
  ctx.body = { status: 429, code: 'loginLocked', message: ctx.state.t('signin.locked', { minutes: Math.ceil(seconds / 60) }), retryAfterSeconds: seconds };
}

/** Signs the user in on this response: a new session (with its device and address) and the cookie. */
export async function startSession(k: Knex, ctx: Context, user: UserRow): Promise<void> {
  const { token, expiresAt } = await createSession(k, user.id, { userAgent: ctx.get('user-agent') || undefined, ip: ctx.ip });
  setSessionCookie(ctx, token, expiresAt);
}

export function authRoutes(deps: ApiDeps): Router {
  const { db } = deps;
  const limits = loginLimits(db);
  return new Router()
    .post('/api/auth/login', anyone, validate(loginSchema), async (ctx) => {
      const { login, password } = ctx.state.input as { login: string; password: string };
      const user = await findUserByLogin(db, login);
      const key = accountKey(user?.id, login);
      // A locked account is refused before the password is even checked: a right guess during the lock-out gains nothing.
      const { wait, failures } = await limits.check(key, ctx.ip);
      if (wait) return answerLocked(ctx, wait);
      const ok = await verifyPassword(user?.password_hash ?? (await DUMMY_HASH), password);
      if (!user || !ok) {
        const lock = await limits.failed(key, ctx.ip);
        if (lock) return answerLocked(ctx, lock);
        throw new HttpError(401, 'invalidCredentials', 'auth.invalidCredentials');
      }
      if (failures) await limits.reset(key);
      // Only a caller who knows the password learns that the account is frozen or cancelled.
      if (user.status === 'frozen') throw new HttpError(403, 'accountFrozen', 'signin.frozen');
      if (user.status === 'cancelled') throw new HttpError(403, 'accountCancelled', 'signin.cancelled');
      if (needsRehash(user.password_hash, ARGON2_OPTIONS)) await storeRehash(db, user.id, await hashPassword(password));
      await startSession(db, ctx, user);
      ctx.body = { user: await sessionUser(db, user) };
    })
    .post('/api/auth/logout', anyone, async (ctx) => {
      const token = ctx.cookies.get(TOKEN_COOKIE);
      if (token) await deleteSession(db, token);
      setSessionCookie(ctx, null);
      ctx.status = 204;
    })
    // Signed out is an answer, not an error: every page asks this first, and a 401 would be logged on each load.
    .get('/api/auth/me', anyone, async (ctx) => {
      ctx.body = { user: ctx.state.user ? await sessionUser(db, ctx.state.user) : null };
    });
}
