import Router from '@koa/router';
import { adminEvaluationListSchema, evaluationListSchema, evaluationSchema, type EvaluationInput } from '../../domain/evaluations';
import { creditOf } from '../../db/credit';
import { adminEvaluationsPage, findEvaluation, insertEvaluation, receivedEvaluationsPage, toEvaluationJson } from '../../db/evaluations';
import { findTrade, sideOf } from '../../db/trades';
import type { ApiDeps } from '../deps';
import { conflict, notFound } from '../errors';
import { allow, allowElement } from '../middleware/auth';
import { validate } from '../middleware/validate';

/**
 * Evaluations: either party of a completed trade rates the other once; a user reads what they
 * received with their credit score; the back office lists them all (evaluationRecords).
 */
export function evaluationRoutes({ db }: ApiDeps): Router {
  const admin = [allow('admin'), allowElement('admin.evaluations.view')];
  return new Router()
    .post('/api/trades/:id/evaluation', allow('user'), validate(evaluationSchema), async (ctx) => {
      const trade = await findTrade(db, ctx.params.id);
      const side = trade && sideOf(trade, ctx.state.user.id);
      // Anyone but the two parties learns nothing about the trade.
      if (!trade || !side) throw notFound();
      if (trade.state !== 'completed') throw conflict('evaluation.notCompleted');
      const id = await insertEvaluation(db, {
        tradeId: trade.id,
        fromUserId: ctx.state.user.id,
        toUserId: side === 'buyer' ? trade.seller_id : trade.buyer_id,
        ipciId: trade.ipci_id,
        side,
        ...(ctx.state.input as EvaluationInput),
      });
      if (id === 'already') throw conflict('evaluation.already');
      ctx.status = 201;
      ctx.body = { evaluation: toEvaluationJson((await findEvaluation(db, id))!, false) };
    })
    .get('/api/evaluations/received', allow('user'), validate(evaluationListSchema, 'query'), async (ctx) => {
      const [page, credit] = await Promise.all([receivedEvaluationsPage(db, ctx.state.user.id, ctx.state.input), creditOf(db, ctx.state.user.id)]);
      ctx.body = { ...page, credit };
    })
    .get('/api/admin/evaluations', ...admin, validate(adminEvaluationListSchema, 'query'), async (ctx) => {
      ctx.body = await adminEvaluationsPage(db, ctx.state.input);
    })
    .get('/api/admin/evaluations/:id', ...admin, async (ctx) => {
      const row = await findEvaluation(db, ctx.params.id);
      if (!row) throw notFound();
      ctx.body = { evaluation: toEvaluationJson(row, true), credit: await creditOf(db, row.to_user_id) };
    });
}
