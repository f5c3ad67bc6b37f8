import Router from '@koa/router';
import type { Knex } from 'knex';
import { isStaff } from '../../domain/roles';
import {
  canStartPayment,
  feeTableSchema,
  judgeGatewayCallback,
  ONLINE_PAY_METHODS,
  ORDER_STATE,
  orderListQuerySchema,
  payMethodSchema,
  remittanceSchema,
  type PayMethod,
} from '../../domain/orders';
import { findUploads, toUploadJson } from '../../db/uploads';
import {
  feeTable,
  findOrder,
  findOrderByNo,
  findPaymentAttempt,
  insertPaymentAttempt,
  listOrders,
  logCallback,
  payableFen,
  saveFeeTable,
  toOrderJson,
  type CallbackLogVerdict,
  type OrderRow,
} from '../../db/orders';
import { workflowUrl } from '../../temporal/config';
import { cancelOrder, paymentReceived, submitRemittance } from '../../workflows/orderPayment';
import type { ApiDeps } from '../deps';
import { badRequest, conflict, HttpError, notFound } from '../errors';
import { allow, allowElement, anyone } from '../middleware/auth';
import { rateLimiter } from '../middleware/rateLimit';
import { validate } from '../middleware/validate';
import { createGateways } from '../payments/gateway';
import { siteOrigin } from '../lib/siteOrigin';
import { runUpdate } from '../lib/workflowErrors';
import { checkInput } from '../../domain/validation/rules';

/**
 * The platform's bank account for offline and overseas remittances (env PLATFORM_BANK_*); the
 * defaults are placeholders for development and demos.
 */
function platformBank(env: NodeJS.ProcessEnv = process.env) {
  return {
    accountName: env.PLATFORM_BANK_ACCOUNT_NAME ?? 'IPCI Platform Co., Ltd.',
    bankName: env.PLATFORM_BANK_NAME ?? 'Industrial and Commercial Bank of China, Beijing Haidian Branch',
    account: env.PLATFORM_BANK_ACCOUNT ?? '0200 0049 0920 0000 000',
    swift: env.PLATFORM_BANK_SWIFT ?? 'ICBKCNBJBJM',
  };
}

/** Providers' notifications: a real one is a few hundred bytes to a few KB (form or JSON). */
export const NOTIFY_PATH = /^\/api\/payments\/[^/]+\/notify$/;
export const NOTIFY_MAX_BYTES = 16 * 1024;
/**
 * Refused notifications (malformed, forged, unknown provider) one IP may send before it gets 429s,
 * unlogged. Genuine, signed notifications never count: a provider sends all of a site's from a few
 * addresses.
 */
export const NOTIFY_REFUSALS = { prefix: 'notify', points: 60, seconds: 600 } as const;

/** Why an order cannot take a payment now, for the user. */
function notPayable(row: OrderRow): HttpError {
  if (row.order_state === ORDER_STATE.cancelled) return conflict('order.cancelled');
  if (row.order_state === ORDER_STATE.paid || row.order_state === ORDER_STATE.completed) return conflict('order.alreadyPaid');
  if (row.order_state === ORDER_STATE.awaitingConfirmation) return conflict('order.withFinance');
  return conflict('order.cancelled'); // unpaid but past its deadline: the workflow is cancelling it
}

/** A workflow Update on an order; a finished workflow means the order is settled (409, not a stale task). */
async function orderUpdate<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await runUpdate(fn);
  } catch (err) {
    if (err instanceof HttpError && err.key === 'task.stale') throw conflict('order.notPayable');
    throw err;
  }
}

/** Every proof must be the caller's own jpg upload of kind remittanceProof. */
async function checkProofs(k: Knex, userId: string, ids: string[]): Promise<void> {
  const rows = new Map((await findUploads(k, ids)).map((r) => [r.id, r]));
  if (ids.some((id) => rows.get(id)?.owner_id !== userId || rows.get(id)?.kind !== 'remittanceProof')) throw badRequest({ proofs: { key: 'order.proofNotOwned' } });
}

export function orderPaymentRoutes({ db, temporal, cfg }: ApiDeps): Router {
  const refusals = rateLimiter(db, NOTIFY_REFUSALS);
  const gateways = createGateways(db);
  const providers = [...gateways.keys()];
  const handle = (row: OrderRow) => temporal.workflow.getHandle(row.workflow_id);

  /** The caller's own order (staff may read any); 404 otherwise, so nobody learns it exists. */
  async function loadOrder(ctx: { params: Record<string, string>; state: Record<string, any> }, write = false): Promise<OrderRow> {
    const row = await findOrder(db, ctx.params.id);
    const user = ctx.state.user;
    if (!row || (row.user_id !== user.id && (write || !isStaff(user.roles)))) throw notFound();
    return row;
  }

  const manage = allowElement('admin.orders.manage');
  const router = new Router()
    .get('/api/fees', anyone, async (ctx) => {
      ctx.body = { fees: await feeTable(db) };
    })
    .get('/api/admin/fees', allow('admin'), manage, async (ctx) => {
      ctx.body = { fees: await feeTable(db) };
    })
    .put('/api/admin/fees', allow('admin'), manage, validate(feeTableSchema), async (ctx) => {
      await saveFeeTable(db, ctx.state.input, ctx.state.user.id);
      ctx.body = { fees: await feeTable(db) };
    })
    .get('/api/admin/orders', allow('admin'), manage, validate(orderListQuerySchema, 'query'), async (ctx) => {
      const { rows, next } = await listOrders(db, ctx.state.input);
      ctx.body = { items: rows.map(toOrderJson), next };
    })
    .get('/api/orders', allow('user'), validate(orderListQuerySchema, 'query'), async (ctx) => {
      const { rows, next } = await listOrders(db, ctx.state.input, ctx.state.user.id);
      ctx.body = { items: rows.map(toOrderJson), next };
    })
    .get('/api/orders/:id', allow('user', 'reviewer', 'admin'), async (ctx) => {
      const row = await loadOrder(ctx);
      const proofs = ((row.remittance?.proofs as string[] | undefined) ?? []).filter((id) => typeof id === 'string');
      const uploads = Object.fromEntries((await findUploads(db, proofs)).map((u) => [u.id, toUploadJson(u)]));
      ctx.body = {
        order: toOrderJson(row),
        uploads,
        payment: { providers, bank: platformBank() },
        workflowUrl: isStaff(ctx.state.user.roles) ? workflowUrl(cfg, row.workflow_id) : null,
      };
    })
    .post('/api/orders/:id/pay', allow('user'), validate(payMethodSchema(providers)), async (ctx) => {
      const row = await loadOrder(ctx, true);
      const { method, provider } = ctx.state.input as { method: PayMethod; provider: string };
      if (!ONLINE_PAY_METHODS.includes(method)) throw badRequest({ method: { key: 'validation.oneOf', params: { values: ONLINE_PAY_METHODS.join(', ') } } });
      if (!canStartPayment(row.order_state, row.deadline_at, new Date())) throw notPayable(row);
      const gateway = gateways.get(provider)!;
      const { tradeNo, redirectUrl } = await gateway.createPayment(
        { orderNo: row.order_no, name: row.name, payableFen: payableFen(row) },
        {
          notifyUrl: `${siteOrigin()}/api/payments/${encodeURIComponent(provider)}/notify`,
          // A capacity package opens a service: its buyer comes back to protect/opensuccess, which shows the capacity.
          returnUrl: `${siteOrigin()}/${ctx.state.lang}/ipci/${row.type === 'antiCounterfeit' ? 'protect/opensuccess' : 'usercenter/paysuccess'}?orderId=${row.id}`,
          lang: ctx.state.lang,
        },
      );
      await insertPaymentAttempt(db, { tradeNo, orderId: row.id, provider, method, amountFen: payableFen(row) });
      ctx.body = { tradeNo, redirectUrl };
    })
    .post('/api/orders/:id/remittance', allow('user'), async (ctx) => {
      const row = await loadOrder(ctx, true);
      const remittance = await checkInput(remittanceSchema, ctx.request.body ?? {}, { context: { payableFen: payableFen(row) } });
      await checkProofs(db, ctx.state.user.id, remittance.proofs);
      if (!canStartPayment(row.order_state, row.deadline_at, new Date())) throw notPayable(row);
      await orderUpdate(() =>
        handle(row).executeUpdate(submitRemittance, { args: [{ userId: ctx.state.user.id, method: remittance.method as PayMethod, remittance: remittance as unknown as Record<string, unknown> }] }),
      );
      ctx.body = { order: toOrderJson((await findOrder(db, row.id))!) };
    })
    .post('/api/orders/:id/cancel', allow('user'), async (ctx) => {
      const row = await loadOrder(ctx, true);
      if (row.order_state === ORDER_STATE.awaitingConfirmation) throw conflict('order.remittanceUnderReview');
      if (row.order_state !== ORDER_STATE.unpaid) throw notPayable(row);
      await orderUpdate(() => handle(row).executeUpdate(cancelOrder, { args: [{ userId: ctx.state.user.id }] }));
      ctx.body = { order: toOrderJson((await findOrder(db, row.id))!) };
    })
    .post('/api/payments/:provider/notify', anyone, async (ctx) => {
      // Public: the provider calls it. Every call is logged, whatever becomes of it; a forged or
      // refused notification is a 4xx and changes nothing.
      const provider = ctx.params.provider;
      const payload = ctx.request.body ?? null;
      const gateway = gateways.get(provider);
      const log = async (verdict: CallbackLogVerdict, signatureOk: boolean, orderNo: string | null, tradeNo: string | null) => {
        if (!signatureOk) await refusals.take(ctx, ctx.ip);
        await logCallback(db, { provider, orderNo, tradeNo, payload, signatureOk, verdict });
      };
      if (!gateway) {
        await log('malformed', false, null, null);
        throw notFound();
      }
      const check = await gateway.verifyCallback({ headers: ctx.headers, body: payload });
      const reply = (acknowledged: boolean) => {
        const { status, body } = gateway.answer(acknowledged);
        ctx.status = status;
        ctx.type = 'text/plain';
        ctx.body = body;
      };
      if (!check.ok) {
        await log(check.reason, false, check.orderNo, check.tradeNo);
        ctx.status = 400;
        ctx.type = 'text/plain';
        ctx.body = check.reason;
        return;
      }
      const p = check.payment;
      const row = await findOrderByNo(db, p.orderNo);
      const attempt = await findPaymentAttempt(db, p.tradeNo);
      if (!row || !attempt || attempt.order_id !== row.id || attempt.provider !== provider) {
        await log('unknownOrder', true, p.orderNo, p.tradeNo);
        ctx.status = 404;
        ctx.type = 'text/plain';
        ctx.body = 'unknownOrder';
        return;
      }
      let verdict: CallbackLogVerdict = judgeGatewayCallback(
        { state: row.order_state, payableFen: payableFen(row), paidReference: row.provider_trade_no },
        { amountFen: p.amountFen, reference: p.tradeNo },
      );
      if (verdict === 'accept') {
        try {
          const r = await orderUpdate(() =>
            handle(row).executeUpdate(paymentReceived, { args: [{ provider, method: attempt.method, tradeNo: p.tradeNo, amountFen: p.amountFen, paidAt: p.paidAt }] }),
          );
          if (r.duplicate) verdict = 'duplicate';
        } catch (err) {
          // The workflow refused it (cancelled in the meantime, or already settled): never paid.
          if (!(err instanceof HttpError)) throw err;
          verdict = err.key === 'order.amountMismatch' ? 'wrongAmount' : 'notPayable';
        }
      }
      await log(verdict, true, p.orderNo, p.tradeNo);
      reply(verdict === 'accept' || verdict === 'duplicate');
    });

  for (const gateway of gateways.values()) if (gateway.router) router.use(gateway.router.routes(), gateway.router.allowedMethods());
  return router;
}
