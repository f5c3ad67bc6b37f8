import Router from '@koa/router';
import { WorkflowExecutionAlreadyStartedError } from '@temporalio/client';
import type { Context, Middleware } from 'koa';
import * as yup from 'yup';
import { licenceConflicts, type LicenceConflict } from '../../domain/licences';
import { isStaff } from '../../domain/roles';
import {
  contactSellerSchema,
  continueTradeSchema,
  counterAnswerSchema,
  counterOfferSchema,
  OPEN_TRADE_STATES,
  PROPOSAL_UPLOAD_KIND,
  selfServiceApplicationSchema,
  selfServiceRequestSchema,
  sellerDecisionSchema,
  TRADE_MODES,
  TRADE_PAGE_SIZE,
  TRADE_STATES,
  tradeListQuerySchema,
  tradeReplySchema,
  type TradeMode,
  type TradeStep,
} from '../../domain/trade';
import { keysetCursor } from '../../domain/validation/keyset';
import { trimmed } from '../../domain/validation/rules';
import { licencesInForce } from '../../db/licences';
import { findUploads, toUploadJson } from '../../db/uploads';
import {
  adminTradesPage,
  deleteUnstartedTrade,
  findTrade,
  hideTrade,
  insertTrade,
  licenceTermsOf,
  partyTradesPage,
  sideOf,
  toTradeJson,
  tradeMessages,
  tradeView,
  tradeWithTerms,
  type TradeRow,
} from '../../db/trades';
import { cancelOrder } from '../../workflows/orderPayment';
import { cancelEntrusted } from './entrustedTrades';
import {
  agreeTrade,
  answerCounterTrade,
  cancelTrade,
  completeTrade,
  continueTrade,
  counterOfferTrade,
  rejectTrade,
  replyTrade,
  resubmitTrade,
  tradeOrder,
  type TradeOrderInput,
} from '../../workflows/tradeOrder';
import { CaseId, CaseKind, CaseState, OwnerUserId } from '../../workflows/lib/searchAttributes';
import type { ApiDeps } from '../deps';
import { badRequest, conflict, HttpError, notFound } from '../errors';
import { allow } from '../middleware/auth';
import { requireVerifiedIdentity } from '../middleware/identity';
import { validate } from '../middleware/validate';
import { onlyFlaggedChanged } from '../lib/corrections';
import { envMs } from '../lib/envMs';
import { answerLicenceConflicts, refuseConflicts } from '../lib/licenceConflicts';
import { checkOwnedUploads } from '../lib/ownedUploads';
import { runUpdate } from '../lib/workflowErrors';
import { workflowUrl } from '../../temporal/config';

const adminListSchema = yup
  .object({
    mode: trimmed().oneOf(['', ...TRADE_MODES]).default(''),
    state: trimmed().oneOf(['', ...TRADE_STATES]).default(''),
    q: trimmed().max(200).default(''),
    limit: yup.number().integer().min(1).max(100).default(TRADE_PAGE_SIZE),
    after: keysetCursor(['date', 'uuid']),
  })
  .noUnknown();

/** The modes the tradeOrder workflow runs; entrusted trades answer to their own workflow's routes. */
const TRADE_ORDER_MODES: readonly TradeMode[] = ['selfService', 'contactSeller'];

/**
 * The workflow's configuration from the environment: TRADE_PLATFORM_CHECK=off skips the platform
 * check; TRADE_RESPONSE_MS, TRADE_CHECK_SLA_MS and IPCI_ORDER_TIMEOUT_MS shorten the silence that
 * closes a trade, the check's SLA and the fee's payment window for tests and demos.
 */
function workflowSettings(): Pick<TradeOrderInput, 'platformCheck' | 'responseTimeoutMs' | 'slaOverrideMs' | 'paymentTimeoutMs'> {
  return {
    platformCheck: process.env.TRADE_PLATFORM_CHECK !== 'off',
    responseTimeoutMs: envMs('TRADE_RESPONSE_MS'),
    slaOverrideMs: envMs('TRADE_CHECK_SLA_MS'),
    paymentTimeoutMs: envMs('IPCI_ORDER_TIMEOUT_MS'),
  };
}

export function tradeRoutes({ db, temporal, cfg }: ApiDeps): Router {
  const party = allow('user');
  const verified = requireVerifiedIdentity(db);
  const handle = (row: TradeRow) => temporal.workflow.getHandle(row.workflow_id);

  /** The IP a trade is about: listed in the catalogue (else 404), and not the buyer's own (409). */
  const listedIp = async (ipciId: string, buyerId: string): Promise<{ sellerId: string }> => {
    const listing = await db('ip_listings').where({ ipci_id: ipciId, listed: true }).first('user_id');
    if (!listing) throw notFound();
    if (listing.user_id === buyerId) throw conflict('trade.ownIp');
    return { sellerId: listing.user_id };
  };

  /** Inserts the trade and starts its workflow; a trade whose workflow could not start is removed again. */
  const open = async (ctx: Context, trade: Parameters<typeof insertTrade>[1], settings: ReturnType<typeof workflowSettings>) => {
    const row = await insertTrade(db, trade);
    if (row === 'alreadyOpen') throw conflict('trade.alreadyOpen');
    try {
      await temporal.workflow.start(tradeOrder, {
        taskQueue: cfg.taskQueue,
        workflowId: row.workflow_id,
        args: [{ tradeId: row.id, mode: row.mode as TradeOrderInput['mode'], buyerId: row.buyer_id, sellerId: row.seller_id, ...settings }],
        typedSearchAttributes: [
          { key: CaseId, value: row.id },
          { key: CaseKind, value: 'tradeOrder' },
          { key: CaseState, value: row.state },
          { key: OwnerUserId, value: row.buyer_id },
        ],
        memo: { title: `Trade ${row.id} (${row.mode})` },
        staticSummary: `Trade (${row.mode})`,
        staticDetails: `Trade ${row.id}: buyer ${row.buyer_id}, seller ${row.seller_id}, IPCI ${row.ipci_id}; the platform check lives in queue "trade", the service fee's order in a child orderPayment.`,
      });
    } catch (err) {
      if (!(err instanceof WorkflowExecutionAlreadyStartedError)) {
        await deleteUnstartedTrade(db, row.id);
        throw err;
      }
    }
    ctx.status = 201;
    ctx.body = { trade: toTradeJson((await tradeView(db, row.id))!, 'buyer') };
  };

  /** The conflicts the seller sees while deciding: why agreeing would be refused. */
  const conflictsOf = async (row: TradeRow): Promise<LicenceConflict[]> => {
    const t = (await tradeWithTerms(db, row.id))!;
    return licenceConflicts(licenceTermsOf(t), await licencesInForce(db, t.ipci_id));
  };

  const detail = async (id: string, userId: string | null) => {
    const view = (await tradeView(db, id))!;
    const side = userId ? sideOf(view, userId) : null;
    // The proposal's name and size for the link (both parties may open it: db/uploadGrants).
    const proposal = typeof view.application.proposal === 'string' && view.application.proposal ? [view.application.proposal] : [];
    return {
      trade: toTradeJson(view, side),
      messages: await tradeMessages(db, view),
      conflicts: side === 'seller' && view.step === 'sellerDecision' ? await conflictsOf(view) : [],
      uploads: Object.fromEntries((await findUploads(db, proposal)).map((u) => [u.id, toUploadJson(u)])),
    };
  };

  /** A party's trade (404 for everyone else: nobody learns it exists); staff read it on the admin routes. */
  const loadTrade: Middleware = async (ctx, next) => {
    const row = await findTrade(db, ctx.params.id);
    const side = row && sideOf(row, ctx.state.user.id);
    if (!row || !side) throw notFound();
    ctx.state.trade = row;
    ctx.state.side = side;
    await next();
  };
  /** Actions on the tradeOrder workflow: self-service trades and contact-seller cases only. */
  const tradeOrderOnly: Middleware = async (ctx, next) => {
    if (!TRADE_ORDER_MODES.includes((ctx.state.trade as TradeRow).mode)) throw conflict('trade.notThisMode');
    await next();
  };
  const reload = async (ctx: Context) => (ctx.body = await detail((ctx.state.trade as TradeRow).id, ctx.state.user.id));
  /** An entrusted or manual trade is cancelled through its own workflow (api/routes/entrustedTrades.ts). */
  const cancelEntrustedHere: Middleware = async (ctx, next) => {
    const row: TradeRow = ctx.state.trade;
    if (row.mode !== 'entrusted') return next();
    if (ctx.state.side !== 'buyer') throw new HttpError(403, 'forbidden', 'http.forbidden');
    await cancelEntrusted(temporal, row, ctx.state.user.id);
    await reload(ctx);
  };
  const update = <T>(ctx: Context, fn: (row: TradeRow) => Promise<T>) => runUpdate(() => fn(ctx.state.trade as TradeRow));
  const caller = (ctx: Context) => ({ userId: ctx.state.user.id as string });

  return (
    new Router()
      .post('/api/trades/selfservice', party, verified, validate(selfServiceRequestSchema), async (ctx) => {
        const buyerId: string = ctx.state.user.id;
        const { fromTradeId, ...application } = ctx.state.input;
        const { sellerId } = await listedIp(application.ipciId, buyerId);
        await checkOwnedUploads(db, buyerId, [{ field: 'proposal', id: application.proposal, kind: PROPOSAL_UPLOAD_KIND }]);
        if (fromTradeId) {
          // The contact-seller case this application continues: the buyer's own, on this IP.
          const parent = await findTrade(db, fromTradeId);
          if (!parent || parent.buyer_id !== buyerId || parent.mode !== 'contactSeller' || parent.ipci_id !== application.ipciId) throw badRequest({ fromTradeId: { key: 'trade.notContinuable' } });
        }
        const settings = workflowSettings();
        const step: TradeStep = settings.platformCheck ? 'platformCheck' : 'sellerDecision';
        await open(ctx, { mode: 'selfService', ipciId: application.ipciId, buyerId, sellerId, step, application, priceFen: application.price, parentTradeId: fromTradeId || null }, settings);
      })
      .post('/api/trades/contact', party, verified, validate(contactSellerSchema), async (ctx) => {
        const buyerId: string = ctx.state.user.id;
        const request = ctx.state.input;
        const { sellerId } = await listedIp(request.ipciId, buyerId);
        await open(ctx, { mode: 'contactSeller', ipciId: request.ipciId, buyerId, sellerId, step: 'sellerReply', application: request, firstMessage: request.message }, workflowSettings());
      })
      .get('/api/trades', party, validate(tradeListQuerySchema, 'query'), async (ctx) => {
        const userId: string = ctx.state.user.id;
        const { rows, next } = await partyTradesPage(db, userId, ctx.state.input);
        ctx.body = { items: rows.map((r) => toTradeJson(r, sideOf(r, userId))), next };
      })
      .get('/api/trades/:id', allow('user', 'reviewer', 'admin'), async (ctx, next) => {
        // Staff read any trade (side null); a user only their own.
        if (!isStaff(ctx.state.user.roles)) return loadTrade(ctx, next);
        if (!(await findTrade(db, ctx.params.id))) throw notFound();
        ctx.body = await detail(ctx.params.id, null);
      }, reload)
      .delete('/api/trades/:id', party, loadTrade, async (ctx) => {
        const row: TradeRow = ctx.state.trade;
        if (OPEN_TRADE_STATES.includes(row.state)) throw conflict('trade.notDeletable');
        await hideTrade(db, row.id, ctx.state.side);
        ctx.status = 204;
      })
      .post('/api/trades/:id/decision', party, verified, validate(sellerDecisionSchema), loadTrade, tradeOrderOnly, answerLicenceConflicts(), async (ctx) => {
        const { outcome, reason } = ctx.state.input;
        if (outcome === 'agree') {
          // Checked here to show the seller why; the workflow checks again as it agrees.
          const row: TradeRow = ctx.state.trade;
          const conflicts = ctx.state.side === 'seller' && row.step === 'sellerDecision' ? await conflictsOf(row) : [];
          if (conflicts.length) return refuseConflicts(ctx, conflicts);
          await update(ctx, (r) => handle(r).executeUpdate(agreeTrade, { args: [caller(ctx)] }));
        } else {
          await update(ctx, (r) => handle(r).executeUpdate(rejectTrade, { args: [{ ...caller(ctx), reason }] }));
        }
        await reload(ctx);
      })
      .post('/api/trades/:id/counter-offer', party, verified, validate(counterOfferSchema), loadTrade, tradeOrderOnly, async (ctx) => {
        const { price, channels, termPermanent, termFrom, termTo, note } = ctx.state.input;
        const offer = { priceFen: price, channels, termPermanent, termFrom: termFrom ?? '', termTo: termTo ?? '', note: note ?? '' };
        await update(ctx, (r) => handle(r).executeUpdate(counterOfferTrade, { args: [{ ...caller(ctx), offer }] }));
        await reload(ctx);
      })
      .post('/api/trades/:id/counter-answer', party, verified, validate(counterAnswerSchema), loadTrade, tradeOrderOnly, answerLicenceConflicts(), async (ctx) => {
        await update(ctx, (r) => handle(r).executeUpdate(answerCounterTrade, { args: [{ ...caller(ctx), accept: ctx.state.input.accept }] }));
        await reload(ctx);
      })
      .post('/api/trades/:id/replies', party, verified, validate(tradeReplySchema), loadTrade, tradeOrderOnly, async (ctx) => {
        if (!OPEN_TRADE_STATES.includes((ctx.state.trade as TradeRow).state)) throw conflict('trade.notOpen');
        await update(ctx, (r) => handle(r).executeUpdate(replyTrade, { args: [{ ...caller(ctx), body: ctx.state.input.body }] }));
        await reload(ctx);
      })
      .post('/api/trades/:id/cancel', party, verified, loadTrade, cancelEntrustedHere, tradeOrderOnly, async (ctx) => {
        const row: TradeRow = ctx.state.trade;
        if (ctx.state.side !== 'buyer') throw new HttpError(403, 'forbidden', 'http.forbidden');
        if (row.state !== 'pendingConfirmation') throw conflict('trade.notCancellable');
        // A fee order waiting for money is cancelled first, by its own rules; the trade follows once it has ended.
        if (row.step === 'awaitingFee' && row.order_id) {
          const order = temporal.workflow.getHandle(`orderPayment/${row.order_id}`);
          await runUpdate(() => order.executeUpdate(cancelOrder, { args: [{ userId: 'system' }] }));
        }
        try {
          await update(ctx, (r) => handle(r).executeUpdate(cancelTrade, { args: [caller(ctx)] }));
        } catch (err) {
          // The order's end reached the trade first: it closed as unpaid, which is what the buyer asked.
          const now = await findTrade(db, row.id);
          if (!(err instanceof HttpError) || now?.state !== 'closed') throw err;
        }
        await reload(ctx);
      })
      .put('/api/trades/:id/application', party, verified, validate(selfServiceApplicationSchema), loadTrade, tradeOrderOnly, async (ctx) => {
        const row: TradeRow = ctx.state.trade;
        if (ctx.state.side !== 'buyer') throw new HttpError(403, 'forbidden', 'http.forbidden');
        if (row.step !== 'correction') throw conflict('trade.notAwaitingCorrection');
        const application = ctx.state.input;
        if (application.ipciId !== row.ipci_id) throw badRequest({ ipciId: { key: 'validation.onlyFlagged' } });
        onlyFlaggedChanged(row.check_flags, row.application, application);
        await checkOwnedUploads(db, row.buyer_id, [{ field: 'proposal', id: application.proposal, kind: PROPOSAL_UPLOAD_KIND }]);
        await update(ctx, (r) => handle(r).executeUpdate(resubmitTrade, { args: [{ ...caller(ctx), application, priceFen: application.price }] }));
        await reload(ctx);
      })
      .post('/api/trades/:id/complete', party, verified, loadTrade, tradeOrderOnly, async (ctx) => {
        await update(ctx, (r) => handle(r).executeUpdate(completeTrade, { args: [caller(ctx)] }));
        await reload(ctx);
      })
      .post('/api/trades/:id/continue', party, verified, validate(continueTradeSchema), loadTrade, tradeOrderOnly, async (ctx) => {
        const { followUpId } = await update(ctx, (r) => handle(r).executeUpdate(continueTrade, { args: [{ ...caller(ctx), as: ctx.state.input.as }] }));
        // Manual: the entrusted trade it became; self-service: this case, closed, which the new application names as its origin.
        const trade = toTradeJson((await tradeView(db, followUpId ?? (ctx.state.trade as TradeRow).id))!, 'buyer');
        ctx.body = { trade };
      })

      // ---- back office -------------------------------------------------------------------------
      .get('/api/admin/trades', allow('admin'), validate(adminListSchema, 'query'), async (ctx) => {
        const { rows, next } = await adminTradesPage(db, ctx.state.input);
        ctx.body = { items: rows.map((r) => toTradeJson(r, null)), next };
      })
      .get('/api/admin/trades/:id', allow('admin'), async (ctx) => {
        const row = await findTrade(db, ctx.params.id);
        if (!row) throw notFound();
        // The back office links the open audit / recheck task (tasks_case index) and the workflow.
        const task = await db('tasks').whereIn('case_kind', ['tradeOrder', 'entrustedTrade']).where({ case_id: row.id }).whereIn('status', ['open', 'claimed']).first('id');
        ctx.body = { ...(await detail(row.id, null)), taskId: task?.id ?? null, workflowUrl: workflowUrl(cfg, row.workflow_id) };
      })
  );
}
