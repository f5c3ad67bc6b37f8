import type { Knex } from 'knex';
import { chinaDate } from '../domain/dates';
import { ipNamesOf } from '../domain/ipNames';
import { PLAN_FEE_KEY, type MonitoringPlan, type PauseReason, type SubscriptionState } from '../domain/monitoring';
import { UNPAID_ORDER_TIMEOUT_MS } from '../domain/orders';
import { findSubscription, ipciPauseReason, linkOrder, monitoredIpci, moveSubscription, openPlan, recordCrawlTimes, type OpenedPlan } from '../db/monitoring';
import { insertMessage } from '../db/messages';
import { createOrder, feeTable } from '../db/orders';

/** Where a subscription's messages lead: its page, with the monitored content and the renewal. */
const subscriptionLink = (id: string) => `usercenter/monitoring/${id}`;

/** The plan as an order names it, in the three languages (the IP's name in each, the Chinese one when none was given). */
const PLAN_NAMES: Record<MonitoringPlan, { zh: string; en: string; ja: string }> = {
  month: { zh: '侵权监测 30 天', en: 'Infringement monitoring, 30 days', ja: '侵害モニタリング 30 日' },
  year: { zh: '侵权监测一年', en: 'Infringement monitoring, one year', ja: '侵害モニタリング 1 年' },
};

async function subscriptionAndIpci(k: Knex, subscriptionId: string) {
  const s = await findSubscription(k, subscriptionId);
  if (!s) throw new Error(`no subscription ${subscriptionId}`);
  const ipci = await monitoredIpci(k, s.ipci_id);
  if (!ipci) throw new Error(`no IPCI ${s.ipci_id}`);
  return { s, ipci };
}

/**
 * Side effects of the monitoringSubscription workflow. The order is made once per subscription (its
 * dedupe key), the plan opened once (its times are set once), state moves are guarded by the state
 * they leave, and messages carry dedupe keys: retries change nothing.
 */
export function monitoringSubscriptionActivities(k: Knex) {
  return {
    /** The plan's order: type monitoring, the plan's price from the fee table, named after the plan and the IP in three languages. */
    async createMonitoringOrder(input: { subscriptionId: string; timeoutMs?: number }): Promise<{ orderId: string; orderNo: string; deadlineAt: string }> {
      const { s, ipci } = await subscriptionAndIpci(k, input.subscriptionId);
      const names = ipNamesOf(ipci);
      const plan = PLAN_NAMES[s.plan];
      const fees = await feeTable(k);
      const order = await createOrder(k, {
        dedupeKey: `monitoringSubscription/${s.id}/order`,
        userId: s.user_id,
        type: 'monitoring',
        subjectKind: 'monitoringSubscription',
        subjectId: s.id,
        name: `${plan.zh} · ${names.zh}`,
        names: { zh: `${plan.zh} · ${names.zh}`, en: `${plan.en} · ${names.en || names.zh}`, ja: `${plan.ja} · ${names.ja || names.zh}` },
        amountFen: fees[PLAN_FEE_KEY[s.plan]],
        timeoutMs: input.timeoutMs ?? UNPAID_ORDER_TIMEOUT_MS,
      });
      await linkOrder(k, s.id, order.id);
      return { orderId: order.id, orderNo: order.order_no, deadlineAt: order.deadline_at.toISOString() };
    },

    /** Paid: active from the payment (or the end of the plan it renews) for the plan's days. */
    async openSubscription(input: { subscriptionId: string; planMs?: number }): Promise<OpenedPlan> {
      return openPlan(k, input.subscriptionId, input.planMs);
    },

    /** Whether the IPCI may still be monitored (part 2 §9: valid IPCIs only), and why not. */
    async checkSubscriptionIpci(input: { subscriptionId: string }): Promise<{ valid: boolean; reason?: PauseReason }> {
      const { ipci } = await subscriptionAndIpci(k, input.subscriptionId);
      const reason = ipciPauseReason(ipci, chinaDate(new Date()));
      return reason ? { valid: false, reason } : { valid: true };
    },

    async setSubscriptionState(input: { subscriptionId: string; from: SubscriptionState[]; to: SubscriptionState; reason?: PauseReason }): Promise<void> {
      await moveSubscription(k, input.subscriptionId, input.from, input.to, input.reason ?? null);
    },

    async recordSubscriptionCrawl(input: { subscriptionId: string; lastCrawlAt?: string; nextCrawlAt: string | null }): Promise<void> {
      await recordCrawlTimes(k, input.subscriptionId, input);
    },

    /** A site message about the subscription, naming its IP in the reader's language and leading to its page. */
    async sendMonitoringMessage(input: { subscriptionId: string; dedupeKey: string; titleKey: string; params?: Record<string, unknown> }): Promise<void> {
      const { s, ipci } = await subscriptionAndIpci(k, input.subscriptionId);
      await insertMessage(k, {
        dedupeKey: input.dedupeKey,
        userId: s.user_id,
        titleKey: input.titleKey,
        params: { name: ipci.ip_name_zh, names: ipNamesOf(ipci), code: ipci.code, ...input.params },
        actionLink: subscriptionLink(s.id),
      });
    },
  };
}
