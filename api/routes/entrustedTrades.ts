import Router from '@koa/router';
import { WorkflowExecutionAlreadyStartedError, type Client } from '@temporalio/client';
import type { Knex } from 'knex';
import { activeEntries } from '../../domain/dictionaries';
import { ENTRUSTED_CONTACT_WORKING_DAYS, entrustedApplicationSchema, OPEN_TRADE_STATES, PROPOSAL_UPLOAD_KIND, type EntrustedApplication } from '../../domain/trade';
import { dictionaryEntries } from '../../db/dictionaries';
import { deleteUnstartedTrade, insertTrade, toTradeJson, tradeView, type TradeRow } from '../../db/trades';
import type { TemporalConfig } from '../../temporal/config';
import { cancelEntrustedTrade, entrustedTrade, type EntrustedTradeInput } from '../../workflows/entrustedTrade';
import { CaseId, CaseKind, CaseState, OwnerUserId } from '../../workflows/lib/searchAttributes';
import type { ApiDeps } from '../deps';
import { badRequest, conflict, notFound } from '../errors';
import { checkOwnedUploads } from '../lib/ownedUploads';
import { runUpdate } from '../lib/workflowErrors';
import { allow } from '../middleware/auth';
import { requireVerifiedIdentity } from '../middleware/identity';
import { validate } from '../middleware/validate';

/** Tests shorten the staff SLAs of entrusted trades (IPCI_ENTRUSTED_SLA_MS); production leaves it unset. */
const slaOverrideMs = () => {
  const ms = Number(process.env.IPCI_ENTRUSTED_SLA_MS);
  return Number.isFinite(ms) && ms > 0 ? ms : undefined;
};

/**
 * Starts the entrustedTrade workflow of a new trade row (mode entrusted). A manual continuation of a
 * contact-seller case is started by the tradeOrder workflow itself, as its child.
 */
async function startEntrustedTrade(temporal: Client, cfg: TemporalConfig, row: Pick<TradeRow, 'id' | 'buyer_id' | 'seller_id' | 'workflow_id' | 'application'>): Promise<void> {
  const input: EntrustedTradeInput = { tradeId: row.id, buyerId: row.buyer_id, sellerId: row.seller_id, manual: row.application.manual === true, slaOverrideMs: slaOverrideMs() };
  try {
    await temporal.workflow.start(entrustedTrade, {
      taskQueue: cfg.taskQueue,
      workflowId: row.workflow_id,
      args: [input],
      typedSearchAttributes: [
        { key: CaseId, value: row.id },
        { key: CaseKind, value: 'entrustedTrade' },
        { key: CaseState, value: 'platformContact' },
        { key: OwnerUserId, value: row.buyer_id },
      ],
      staticSummary: input.manual ? 'Manual trade' : 'Platform-entrusted trade',
      staticDetails: `Trade ${row.id}: staff contact the buyer (trade queue, ${ENTRUSTED_CONTACT_WORKING_DAYS} working days), then record the negotiated result.`,
    });
  } catch (err) {
    if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
  }
}

/**
 * The buyer cancels an open entrusted or manual trade (the trade routes' cancel action calls this
 * for mode entrusted). 409 entrustedTrade.notCancellable once it has ended.
 */
export async function cancelEntrusted(temporal: Client, trade: Pick<TradeRow, 'state' | 'workflow_id'>, userId: string): Promise<void> {
  if (!OPEN_TRADE_STATES.includes(trade.state)) throw conflict('entrustedTrade.notCancellable');
  await runUpdate(() => temporal.workflow.getHandle(trade.workflow_id).executeUpdate(cancelEntrustedTrade, { args: [{ userId }] }));
}

/** 400 on `channels` unless every one is an active rightScope code. */
async function checkChannels(k: Knex, channels: readonly string[]): Promise<void> {
  const active = activeEntries(await dictionaryEntries(k, 'rightScope')).map((e) => e.code);
  if (channels.some((c) => !active.includes(c))) throw badRequest({ channels: { key: 'dictionary.unknownCode' } });
}

/** POST /api/trades/entrusted: a certified buyer hands a licence request on a listed IP to the platform. */
export function entrustedTradeRoutes({ db, temporal, cfg }: ApiDeps): Router {
  return new Router().post('/api/trades/entrusted', allow('user'), requireVerifiedIdentity(db), validate(entrustedApplicationSchema), async (ctx) => {
    const input = ctx.state.input as EntrustedApplication;
    const buyerId: string = ctx.state.user.id;
    const listing = await db('ip_listings').where({ ipci_id: input.ipciId, listed: true }).first('user_id');
    if (!listing) throw notFound();
    if (listing.user_id === buyerId) throw conflict('trade.ownIp');
    await checkChannels(db, input.channels);
    if (input.proposal) await checkOwnedUploads(db, buyerId, [{ field: 'proposal', id: input.proposal, kind: PROPOSAL_UPLOAD_KIND }]);
    const row = await insertTrade(db, {
      mode: 'entrusted',
      ipciId: input.ipciId,
      buyerId,
      sellerId: listing.user_id,
      step: 'platformContact',
      application: { ...input, manual: false },
    });
    if (row === 'alreadyOpen') throw conflict('trade.alreadyOpen');
    try {
      await startEntrustedTrade(temporal, cfg, row);
    } catch (err) {
      await deleteUnstartedTrade(db, row.id);
      throw err;
    }
    ctx.status = 201;
    ctx.body = { trade: toTradeJson((await tradeView(db, row.id))!, 'buyer') };
  });
}
