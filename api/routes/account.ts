import Router from '@koa/router';
import { forgotPasswordSchema, isoToday, registerSchema, type RegisterInput } from '../../domain/accounts';
import { channelOf, normaliseAddress } from '../../domain/verification';
import { createAccount, duplicateField, findInviter } from '../../db/accounts';
import { accountKey, loginLimits } from '../../db/loginLimits';
import { isUniqueViolation, setPasswordHash } from '../../db/security';
import { revokeOtherSessions } from '../../db/sessions';
import { findUserByContact } from '../../db/users';
import type { ApiDeps } from '../deps';
import { HttpError } from '../errors';
import { verifyCode } from '../lib/codes';
import { sessionUser } from '../lib/sessionUser';
import { anyone } from '../middleware/auth';
import { validate } from '../middleware/validate';
import { startSession } from './auth';
import { hashPassword } from '../lib/passwords';
import { checkInput } from '../../domain/validation/rules';

const TAKEN = { username: 'validation.usernameTaken', email: 'validation.emailTaken', phone: 'validation.phoneTaken' } as const;
const FIELD = { username: 'username', email: 'address', phone: 'address' } as const;

/** Registration and password recovery (see api/README.md, "Accounts"). */
export function accountRoutes(deps: ApiDeps): Router {
  const { db } = deps;
  return new Router()
    .post('/api/account/register', anyone, async (ctx) => {
      // Ages count on the server's date (in China time), not on whatever the browser believes.
      const input: RegisterInput = await checkInput(registerSchema, ctx.request.body ?? {}, { context: { today: isoToday() } });
      const address = normaliseAddress(input.address);
      const inviter = input.inviteCode ? await findInviter(db, input.inviteCode) : undefined;
      if (input.inviteCode && !inviter) throw new HttpError(400, 'validation', 'http.badRequest', {}, { inviteCode: { key: 'register.inviteUnknown' } });
      const consume = await verifyCode(db, { purpose: 'register', address, code: input.code });
      const passwordHash = await hashPassword(input.password);
      const email = channelOf(address) === 'email' ? address : null;
      const user = await db
        .transaction(async (trx) => {
          const created = await createAccount(trx, {
            username: input.username,
            kind: input.userType,
            passwordHash,
            email,
            phone: email ? null : address,
            birthDate: input.birthDate || null,
            invitedBy: inviter?.id ?? null,
            locale: ctx.state.lang,
          });
          await consume(trx);
          return created;
        })
        .catch((err) => {
          // The unique indexes decide duplicates, also between two registrations racing for one name.
          const field = isUniqueViolation(err) ? duplicateField((err as { constraint?: string }).constraint) : undefined;
          if (!field) throw err;
          throw new HttpError(409, 'conflict', 'http.badRequest', {}, { [FIELD[field]]: { key: TAKEN[field] } });
        });
      await startSession(db, ctx, user);
      ctx.status = 201;
      ctx.body = { user: await sessionUser(db, user) };
    })
    .post('/api/account/forgot-password', anyone, validate(forgotPasswordSchema), async (ctx) => {
      const { code, password } = ctx.state.input as { code: string; password: string };
      const address = normaliseAddress(ctx.state.input.address);
      const consume = await verifyCode(db, { purpose: 'resetPassword', address, code });
      const user = await findUserByContact(db, address);
      if (!user || user.status === 'cancelled') throw new HttpError(400, 'validation', 'http.badRequest', {}, { address: { key: 'code.noAccount' } });
      const passwordHash = await hashPassword(password);
      await db.transaction(async (trx) => {
        await setPasswordHash(trx, user.id, passwordHash);
        // Whoever knew the old password is signed out everywhere.
        await revokeOtherSessions(trx, user.id, null);
        await consume(trx);
      });
      // Proving control of the bound address also lifts a log-in lock-out.
      await loginLimits(db).reset(accountKey(user.id, ''));
      ctx.status = 204;
    });
}
