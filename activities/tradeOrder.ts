import type { Knex } from 'knex';
import { ipNamesOf } from '../domain/ipNames';
import { licenceConflicts, type LicenceConflict } from '../domain/licences';
import type { TradeMessageKind, TradeSide, TradeState, TradeStep } from '../domain/trade';
import { cancelTaskRow } from '../db/cancellations';
import { licencesInForce, releaseLicence } from '../db/licences';
import { insertMessage } from '../db/messages';
import {
  completeTrade,
  findTrade,
  insertTrade,
  insertTradeMessage,
  licenceTermsOf,
  reserveTradeLicence,
  resubmitTrade,
  setTradeStep,
  tradeWithTerms,
  type AgreedTerms,
  type TradePatch,
} from '../db/trades';

const must = <T>(row: T | undefined, id: string): T => {
  if (!row) throw new Error(`trade ${id} not found`);
  return row;
};

/** Side effects of the tradeOrder workflow; each is idempotent (dedupe keys, plain overwrites, unique sources). */
export function tradeOrderActivities(k: Knex) {
  return {
    /**
     * A site message to one party (catalog keys `trade.*` of the messages namespace). The IP's names
     * are read here so that they never enter workflow history; idempotent by key.
     */
    async sendTradeMessage(input: { dedupeKey: string; tradeId: string; to: TradeSide; titleKey: string; bodyKey?: string; params?: Record<string, unknown> }): Promise<void> {
      const row = await k('trades as t').join('ipcis as i', 'i.id', 't.ipci_id').where('t.id', input.tradeId).first('t.buyer_id', 't.seller_id', 'i.ip_name_zh', 'i.ip_name_en', 'i.ip_name_ja');
      const t = must(row, input.tradeId);
      await insertMessage(k, {
        dedupeKey: input.dedupeKey,
        userId: input.to === 'buyer' ? t.buyer_id : t.seller_id,
        titleKey: input.titleKey,
        bodyKey: input.bodyKey ?? null,
        params: { name: t.ip_name_zh, names: ipNamesOf(t), ...input.params },
        actionLink: `usercenter/tradedetail/${input.tradeId}`,
      });
    },

    async setTradeStep(input: { tradeId: string; state: TradeState; step: TradeStep; patch?: TradePatch }): Promise<void> {
      await setTradeStep(k, input.tradeId, input.state, input.step, input.patch);
    },

    /** A message of the thread (a reply, a counter-offer and its answer, a platform note). */
    async postTradeMessage(input: { dedupeKey: string; tradeId: string; authorId: string | null; kind: TradeMessageKind; body?: string; data?: Record<string, unknown> | null }): Promise<void> {
      await insertTradeMessage(k, input);
    },

    /**
     * The licences in force on the trade's IP that its terms conflict with, read without reserving:
     * what trades agreed before licence reservations ran (their histories replay it).
     */
    async tradeLicenceConflicts(input: { tradeId: string }): Promise<LicenceConflict[]> {
      const t = must(await tradeWithTerms(k, input.tradeId), input.tradeId);
      return licenceConflicts(licenceTermsOf(t), await licencesInForce(k, t.ipci_id));
    },

    /**
     * The agreement (the seller's, or the buyer's acceptance of a counter-offer with its terms)
     * reserves the licence under the IP's lock; the conflicts that refuse it, or none: reserved.
     */
    async reserveTradeLicence(input: { tradeId: string; agreed?: AgreedTerms }): Promise<LicenceConflict[]> {
      return reserveTradeLicence(k, input.tradeId, input.agreed);
    },

    /** The trade ended without completion (cancelled, fee unpaid): its reservation frees the IP. */
    async releaseTradeLicence(input: { tradeId: string }): Promise<void> {
      await releaseLicence(k, input.tradeId);
    },

    async saveTradeResubmission(input: { tradeId: string; round: number; application: Record<string, unknown>; priceFen: number }): Promise<void> {
      await resubmitTrade(k, input.tradeId, input.round, input.application, input.priceFen);
    },

    /** The service fee's order: named after the IP (its Chinese name), priced from the agreed licence price. */
    async tradeFeeFacts(input: { tradeId: string }): Promise<{ name: string; priceFen: number; counterpart: string }> {
      const row = await k('trades as t')
        .join('ipcis as i', 'i.id', 't.ipci_id')
        .join('users as s', 's.id', 't.seller_id')
        .where('t.id', input.tradeId)
        .first('i.ip_name_zh', 't.price_fen', 's.display_name');
      const t = must(row, input.tradeId);
      return { name: t.ip_name_zh, priceFen: Number(t.price_fen), counterpart: t.display_name };
    },

    /** Completed: the trade record, the licence in force and the listing's trade status, together. */
    async completeTrade(input: { tradeId: string }): Promise<void> {
      await completeTrade(k, input.tradeId);
    },

    /** The platform check's task withdrawn with the trade (the buyer cancelled while staff had it). */
    async withdrawTradeTask(task: Parameters<typeof cancelTaskRow>[1]): Promise<void> {
      await cancelTaskRow(k, task);
    },

    /**
     * A contact-seller case continued as a manual trade: an entrusted trade with application.manual,
     * whose id the workflow chose (so a retry finds the row it wrote). 'alreadyOpen' when the buyer
     * already has an open entrusted trade on this IP.
     */
    async openManualTrade(input: { caseId: string; tradeId: string }): Promise<{ tradeId: string } | 'alreadyOpen'> {
      if (await findTrade(k, input.tradeId)) return { tradeId: input.tradeId };
      const c = must(await findTrade(k, input.caseId), input.caseId);
      const { message, contactPerson, phone, email } = c.application as Record<string, string>;
      const row = await insertTrade(k, {
        id: input.tradeId,
        mode: 'entrusted',
        ipciId: c.ipci_id,
        buyerId: c.buyer_id,
        sellerId: c.seller_id,
        step: 'platformContact',
        application: { ipciId: c.ipci_id, manual: true, description: message, contactPerson, phone, email },
        parentTradeId: c.id,
      });
      return row === 'alreadyOpen' ? row : { tradeId: row.id };
    },
  };
}
