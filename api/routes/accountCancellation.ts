import Router from '@koa/router';
import { WorkflowExecutionAlreadyStartedError } from '@temporalio/client';
import { cancellationSchema } from '../../domain/security';
import { normaliseAddress } from '../../domain/verification';
import { deleteCancellation, insertCancellation, latestCancellation, toCancellationJson } from '../../db/cancellations';
import { isUniqueViolation } from '../../db/security';
import type { SessionUserRow } from '../../db/sessions';
import { accountCancellation, withdrawCancellation } from '../../workflows/accountCancellation';
import { CaseId, CaseKind, CaseState, OwnerUserId } from '../../workflows/lib/searchAttributes';
import type { ApiDeps } from '../deps';
import { badRequest, conflict } from '../errors';
import { verifyCode } from '../lib/codes';
import { runUpdate } from '../lib/workflowErrors';
import { allow } from '../middleware/auth';
import { validate } from '../middleware/validate';

/** Account cancellation: a durable accountCancellation workflow with an admin audit task (api/README.md). */
export function accountCancellationRoutes({ db, temporal, cfg }: ApiDeps): Router {
  const latest = async (userId: string) => {
    const row = await latestCancellation(db, userId);
    return row ? toCancellationJson(row) : null;
  };

  return new Router()
    .get('/api/security/cancellation', allow('user'), async (ctx) => {
      ctx.body = { cancellation: await latest(ctx.state.user.id) };
    })
    .post('/api/security/cancellation', allow('user'), validate(cancellationSchema), async (ctx) => {
      const user: SessionUserRow = ctx.state.user;
      const { reason } = ctx.state.input;
      const address = normaliseAddress(ctx.state.input.address);
      if ((await latestCancellation(db, user.id))?.status === 'pending') throw conflict('cancellation.pending');
      if (address !== user.email?.toLowerCase() && address !== user.phone) throw badRequest({ address: { key: 'code.notYourAddress' } });
      const consume = await verifyCode(db, { purpose: 'cancelAccount', address, code: ctx.state.input.code });
      const row = await db
        .transaction(async (trx) => {
          await consume(trx);
          return insertCancellation(trx, user.id, reason);
        })
        .catch((err) => {
          // A concurrent request won the race; the rollback leaves this code unused.
          throw isUniqueViolation(err) ? conflict('cancellation.pending') : err;
        });
      try {
        await temporal.workflow.start(accountCancellation, {
          taskQueue: cfg.taskQueue,
          workflowId: row.workflow_id,
          args: [{ cancellationId: row.id, userId: user.id }],
          typedSearchAttributes: [
            { key: CaseId, value: row.id },
            { key: CaseKind, value: 'accountCancellation' },
            { key: CaseState, value: 'pending' },
            { key: OwnerUserId, value: user.id },
          ],
          memo: { title: `Account cancellation ${row.id}` },
          staticSummary: 'Account cancellation',
          staticDetails: `Cancellation ${row.id} of user ${user.id}; the audit task lives in queue "cancellation" (admins).`,
        });
      } catch (err) {
        if (!(err instanceof WorkflowExecutionAlreadyStartedError)) {
          await deleteCancellation(db, row.id);
          throw err;
        }
      }
      ctx.status = 202;
      ctx.body = { cancellation: toCancellationJson(row) };
    })
    .post('/api/security/cancellation/withdraw', allow('user'), async (ctx) => {
      const user: SessionUserRow = ctx.state.user;
      const row = await latestCancellation(db, user.id);
      if (row?.status !== 'pending') throw conflict('cancellation.notPending');
      await runUpdate(() => temporal.workflow.getHandle(row.workflow_id).executeUpdate(withdrawCancellation, { args: [{ userId: user.id }] }));
      ctx.body = { cancellation: await latest(user.id) };
    });
}
