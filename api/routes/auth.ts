import Router from '@koa/router';
import { hash, verify } from '@node-rs/argon2';
import { randomBytes } from 'node:crypto';
import { loginSchema } from '../../domain/auth';
import { TOKEN_COOKIE } from '../../domain/languages';
import { createSession, deleteSession } from '../../db/sessions';
import { findUserByName } from '../../db/users';
import type { ApiDeps } from '../deps';
import { HttpError } from '../errors';
import { allow, anyone } from '../middleware/auth';
import { validate } from '../middleware/validate';
import { sessionUser } from '../lib/sessionUser';

// A real hash to compare against when the user does not exist, so timing does not reveal user names.
const DUMMY_HASH = hash(randomBytes(16).toString('hex'));

export function authRoutes({ db }: ApiDeps): Router {
  return new Router()
    .post('/api/auth/login', anyone, validate(loginSchema), async (ctx) => {
      const { username, password } = ctx.state.input;
      const user = await findUserByName(db, username);
      const ok = await verify(user?.password_hash ?? (await DUMMY_HASH), password).catch(() => false);
      if (!user || !ok) throw new HttpError(401, 'invalidCredentials', 'auth.invalidCredentials');
      if (user.status !== 'active') throw new HttpError(403, 'accountInactive', 'auth.accountInactive');
      const { token, expiresAt } = await createSession(db, user.id);
      ctx.cookies.set(TOKEN_COOKIE, token, { httpOnly: true, sameSite: 'lax', expires: expiresAt, overwrite: true });
      ctx.body = { user: await sessionUser(db, user) };
    })
    .post('/api/auth/logout', anyone, async (ctx) => {
      const token = ctx.cookies.get(TOKEN_COOKIE);
      if (token) await deleteSession(db, token);
      ctx.cookies.set(TOKEN_COOKIE, null, { httpOnly: true, overwrite: true });
      ctx.status = 204;
    })
    .get('/api/auth/me', allow('user', 'reviewer', 'admin'), async (ctx) => {
      ctx.body = { user: await sessionUser(db, ctx.state.user) };
    });
}

