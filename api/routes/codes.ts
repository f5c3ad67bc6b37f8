import Router from '@koa/router';
import { sendCodeSchema, channelOf, normaliseAddress, type CodePurpose } from '../../domain/verification';
import { findUserByContact, type UserRow } from '../../db/users';
import type { ApiDeps } from '../deps';
import { HttpError, unauthenticated } from '../errors';
import { sendCode } from '../lib/codes';
import { anyone } from '../middleware/auth';
import { validate } from '../middleware/validate';

const fieldError = (status: number, key: string) => new HttpError(status, 'address', 'http.badRequest', {}, { address: { key } });
const takenKey = (address: string) => (channelOf(address) === 'email' ? 'validation.emailTaken' : 'validation.phoneTaken');

/** Who may ask for a code of each purpose, and for which address. Throws the field error otherwise. */
async function checkPurpose(deps: ApiDeps, purpose: CodePurpose, address: string, user: UserRow | undefined): Promise<void> {
  const owner = await findUserByContact(deps.db, address);
  switch (purpose) {
    case 'register':
      if (owner) throw fieldError(409, takenKey(address));
      return;
    case 'resetPassword':
      // Registration already tells whether an address is in use, so hiding it here would protect nothing.
      if (!owner || owner.status === 'cancelled') throw fieldError(400, 'code.noAccount');
      return;
    case 'bindEmail':
    case 'bindPhone':
      if (!user) throw unauthenticated();
      if (channelOf(address) !== (purpose === 'bindEmail' ? 'email' : 'sms')) throw fieldError(400, purpose === 'bindEmail' ? 'validation.email' : 'validation.phone');
      if (owner && owner.id !== user.id) throw fieldError(409, takenKey(address));
      return;
    case 'cancelAccount':
      if (!user) throw unauthenticated();
      if (address !== user.email?.toLowerCase() && address !== user.phone) throw fieldError(400, 'code.notYourAddress');
      return;
  }
}

/** POST /api/codes: a verification code by e-mail or SMS (see api/README.md). */
export function codeRoutes(deps: ApiDeps): Router {
  return new Router().post('/api/codes', anyone, validate(sendCodeSchema), async (ctx) => {
    const { purpose } = ctx.state.input as { purpose: CodePurpose };
    const address = normaliseAddress(ctx.state.input.address);
    const user: UserRow | undefined = ctx.state.user;
    await checkPurpose(deps, purpose, address, user);
    const sent = await sendCode(deps.db, deps.notifier, { purpose, address, userId: user?.id, ip: ctx.ip, lang: ctx.state.lang });
    ctx.status = 202;
    ctx.body = { channel: channelOf(address), ...sent };
  });
}
