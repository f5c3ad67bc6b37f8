import Router from '@koa/router';
import type { Context } from 'koa';
import * as yup from 'yup';
import { bindEmailSchema, bindPhoneSchema, changePasswordSchema, maskEmail, maskPhone } from '../../domain/security';
import { normaliseAddress } from '../../domain/verification';
import { latestCancellation, toCancellationJson } from '../../db/cancellations';
import { isUniqueViolation, securityOf, setContact, setPasswordHash } from '../../db/security';
import { accountKey, loginLimits } from '../../db/loginLimits';
import { listSessions, revokeOtherSessions, revokeSession, type SessionUserRow } from '../../db/sessions';
import { findUserByContact } from '../../db/users';
import type { ApiDeps } from '../deps';
import { badRequest, HttpError, notFound } from '../errors';
import { verifyCode } from '../lib/codes';
import { setSessionCookie } from '../lib/sessionCookie';
import { allow } from '../middleware/auth';
import { answerLocked } from './auth';
import { validate } from '../middleware/validate';
import { hashPassword, verifyPassword } from '../lib/passwords';

const CONTACT = {
  email: { purpose: 'bindEmail', taken: 'validation.emailTaken', schema: bindEmailSchema },
  phone: { purpose: 'bindPhone', taken: 'validation.phoneTaken', schema: bindPhoneSchema },
} as const;

const taken = (field: 'email' | 'phone') => new HttpError(409, 'conflict', 'http.conflict', {}, { [field]: { key: CONTACT[field].taken } });
const sessionId = yup.string().uuid();

/** Security settings of the signed-in account: contacts, password, sessions (api/README.md). */
export function securityRoutes({ db }: ApiDeps): Router {
  const limits = loginLimits(db);
  const signedIn = allow('user', 'reviewer', 'admin');

  /** PUT /api/security/email|phone: the code sent to the new address is consumed with the change. */
  const bindContact = (field: 'email' | 'phone') => async (ctx: Context) => {
    const user: SessionUserRow = ctx.state.user;
    const address = normaliseAddress(ctx.state.input[field]);
    const owner = await findUserByContact(db, address);
    if (owner && owner.id !== user.id) throw taken(field);
    const consume = await verifyCode(db, { purpose: CONTACT[field].purpose, address, code: ctx.state.input.code });
    try {
      await db.transaction(async (trx) => {
        await consume(trx);
        await setContact(trx, user.id, field, address);
      });
    } catch (err) {
      // Another account bound the address between the check and the update.
      if (isUniqueViolation(err)) throw taken(field);
      throw err;
    }
    ctx.body = { [field]: field === 'email' ? maskEmail(address) : maskPhone(address) };
  };

  return new Router()
    .get('/api/security', signedIn, async (ctx) => {
      const user: SessionUserRow = ctx.state.user;
      const row = (await securityOf(db, user.id))!;
      const request = await latestCancellation(db, user.id);
      ctx.body = {
        email: maskEmail(row.email),
        phone: maskPhone(row.phone),
        // The caller's own addresses, for the forms that send a code to them; pages show the masked ones.
        addresses: { email: row.email, phone: row.phone },
        passwordChangedAt: row.password_changed_at?.toISOString() ?? null,
        cancellation: request ? toCancellationJson(request) : null,
      };
    })
    .put('/api/security/email', signedIn, validate(CONTACT.email.schema), bindContact('email'))
    .put('/api/security/phone', signedIn, validate(CONTACT.phone.schema), bindContact('phone'))
    .put('/api/security/password', signedIn, validate(changePasswordSchema), async (ctx) => {
      const user: SessionUserRow = ctx.state.user;
      const { oldPassword, password } = ctx.state.input;
      // Guessing the old password is guessing the log-in password: the same counters and lock-out.
      const key = accountKey(user.id, user.username);
      const { wait } = await limits.check(key, ctx.ip);
      if (wait) return answerLocked(ctx, wait);
      if (!(await verifyPassword(user.password_hash, oldPassword))) {
        const lock = await limits.failed(key, ctx.ip);
        if (lock) return answerLocked(ctx, lock);
        throw badRequest({ oldPassword: { key: 'security.oldPasswordWrong' } });
      }
      const passwordHash = await hashPassword(password);
      // Whoever else holds a session (perhaps the reason for the change) is signed out; this device stays.
      const revoked = await db.transaction(async (trx) => {
        await setPasswordHash(trx, user.id, passwordHash);
        return revokeOtherSessions(trx, user.id, user.session_id);
      });
      ctx.body = { revokedSessions: revoked };
    })
    .get('/api/security/sessions', signedIn, async (ctx) => {
      const user: SessionUserRow = ctx.state.user;
      ctx.body = {
        items: (await listSessions(db, user.id)).map((s) => ({
          id: s.id,
          userAgent: s.user_agent,
          ip: s.ip,
          createdAt: s.created_at.toISOString(),
          lastSeenAt: s.last_seen_at.toISOString(),
          current: s.id === user.session_id,
        })),
      };
    })
    .post('/api/security/sessions/revoke-others', signedIn, async (ctx) => {
      const user: SessionUserRow = ctx.state.user;
      ctx.body = { revokedSessions: await revokeOtherSessions(db, user.id, user.session_id) };
    })
    .delete('/api/security/sessions/:id', signedIn, async (ctx) => {
      const user: SessionUserRow = ctx.state.user;
      const id = ctx.params.id;
      if (!sessionId.isValidSync(id) || !(await revokeSession(db, user.id, id))) throw notFound();
      if (id === user.session_id) setSessionCookie(ctx, null);
      ctx.status = 204;
    });
}
