import type { Middleware } from 'koa';
import type { Knex } from 'knex';
import { IDENTITY_STATE } from '../../domain/identity';
import { certificationStateQuery } from '../../db/identity';
import { forbidden, unauthenticated } from '../errors';

/**
 * Spec part 1 §2/§5: only real-name certified users may register rights (and later trade). Answers
 * 403 `identityRequired`, which the UI client turns into a visit to the identity page. Use after allow().
 */
export function requireVerifiedIdentity(k: Knex): Middleware {
  return async (ctx, next) => {
    const user = ctx.state.user;
    if (!user) throw unauthenticated();
    const row = await certificationStateQuery(k, user.id).first();
    if (row?.state !== IDENTITY_STATE.verified) throw forbidden('identity.required', 'identityRequired');
    await next();
  };
}
