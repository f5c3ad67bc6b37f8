import {
  allHandlersFinished,
  CancellationScope,
  condition,
  continueAsNew,
  defineQuery,
  defineSignal,
  defineUpdate,
  isCancellation,
  patched,
  proxyActivities,
  setCurrentDetails,
  setHandler,
  sleep,
  upsertSearchAttributes,
  workflowInfo,
} from '@temporalio/workflow';
import { CRAWL_INTERVAL_MS, type MonitoringPlan, type PauseReason, type SubscriptionState } from '../domain/monitoring';
import { monitoringSubscription as model } from '../domain/processes/monitoringSubscription';
import type { OpenedPlan } from '../db/monitoring';
import type { Activities } from '../activities';
import { acts } from './lib/activities';
import { startOrderPayment } from './lib/orderPaymentChild';
import { progress } from './lib/progress';
import { rejection } from './lib/rejection';
import { CaseState } from './lib/searchAttributes';
import { together } from './lib/together';

/** The crawl (activities/crawl.ts) and the matching (activities/monitoringMatch.ts) of each tick. */
type CrawlActivities = Pick<Activities, 'crawlSites' | 'signCrawledImages' | 'matchSubscription' | 'sendSuspectDigest'>;

/**
 * A crawl of every site takes hours on a real list (politeness delays), and signing a run's images
 * minutes: both heartbeat, so a dead worker is noticed in two minutes and the next one resumes
 * where the heartbeat left off.
 */
const { crawlSites, signCrawledImages } = proxyActivities<CrawlActivities>({
  startToCloseTimeout: '12 hours',
  heartbeatTimeout: '2 minutes',
  retry: { initialInterval: '5 seconds', maximumInterval: '5 minutes', backoffCoefficient: 2 },
});
/** Matching one subscription against a run reads the run's pages and images from the database. */
const { matchSubscription, sendSuspectDigest } = proxyActivities<CrawlActivities>({
  startToCloseTimeout: '30 minutes',
  retry: { initialInterval: '5 seconds', maximumInterval: '5 minutes', backoffCoefficient: 2 },
});

export interface MonitoringSubscriptionInput {
  /** The subscription's id (the workflow id's tail, the order's subject). */
  subscriptionId: string;
  userId: string;
  plan: MonitoringPlan;
  /** Tests and demos shorten the payment window (else the orders' 24 h) and finance's SLA. */
  paymentTimeoutMs?: number;
  slaOverrideMs?: number;
  /** MONITORING_CRAWL_INTERVAL_MS for tests and demos; else domain CRAWL_INTERVAL_MS (24 h). */
  crawlIntervalMs?: number;
  /** MONITORING_PLAN_MS for tests and demos: the plan's length instead of its 30 or 365 days. */
  planMs?: number;
  /** Crawl ticks before the history is carried into a new run (tests make it small). */
  ticksPerRun?: number;
  /** Set by continueAsNew: the paid plan as it stands. */
  carried?: CarriedPlan;
}

interface CarriedPlan {
  orderId: string;
  plan: OpenedPlan;
  state: 'active' | 'paused';
  noticeSent: boolean;
  pauses: number;
}

export type MonitoringSubscriptionResult = 'expired' | 'cancelled';

export interface MonitoringStatus {
  state: SubscriptionState;
  orderId: string | null;
  expiresAt: string | null;
  crawls: number;
  crawling: boolean;
}

/** The order, once made: the API answers the order (and its renewal) with it, for the pay page. */
export const monitoringOrder = defineUpdate<{ orderId: string }, [{ userId: string }]>('monitoringOrder');
/** The monitored content changed: crawl and match now, so the user sees results within a minute. */
export const monitoredContentChanged = defineSignal('monitoredContentChanged');
export const monitoringStatus = defineQuery<MonitoringStatus>('monitoringStatus');

const KIND = model.kind;
/** About a year of daily ticks fits one history; the rest goes on in a new run. */
const TICKS_PER_RUN = 400;

/**
 * An infringement-monitoring plan (domain/processes/monitoringSubscription.ts, spec part 2 §4/§9):
 * its order paid through a child orderPayment (24 h; an offline remittance once finance confirms
 * it), unpaid → cancelled. Paid: active from the payment (a renewal from the end of the plan it
 * renews) for 30 or 365 days. Every crawl interval (24 h) the IPCI is checked — not valid any more
 * pauses monitoring and tells the user, valid again resumes it — and while active the site list is
 * crawled (one crawl shared by the subscriptions that tick within half an interval), the run's
 * images signed, matched against this subscription, and new suspects sent as one digest. The first
 * crawl runs right after activation, and again whenever the monitored content changes. The user is
 * told EXPIRY_NOTICE_DAYS before the end and at the end; renewal is a new subscription.
 */
export async function monitoringSubscription(input: MonitoringSubscriptionInput): Promise<MonitoringSubscriptionResult> {
  const { subscriptionId: id, userId } = input;
  const interval = input.crawlIntervalMs ?? CRAWL_INTERVAL_MS;
  const carried = input.carried;
  let orderId: string | null = carried?.orderId ?? null;
  /** The order can take a payment: its orderPayment workflow runs (a payment's notification is its Update). */
  let payable = carried !== undefined;
  let state: SubscriptionState = carried?.state ?? 'ordered';
  let crawlRequested = false;
  let crawls = 0;
  let crawling: Promise<void> | null = null;
  let plan: OpenedPlan | null = carried?.plan ?? null;

  setHandler(
    monitoringOrder,
    async () => {
      await condition(() => orderId !== null && payable);
      return { orderId: orderId! };
    },
    {
      validator: ({ userId: caller }) => {
        if (caller !== userId) throw rejection('http.forbidden');
      },
    },
  );
  setHandler(monitoredContentChanged, () => {
    crawlRequested = true;
  });
  setHandler(monitoringStatus, () => ({ state, orderId, expiresAt: plan?.expiresAt ?? null, crawls, crawling: crawling !== null }));

  const details = () => `Monitoring ${input.plan} plan ${id}: ${state}${plan ? ` ${plan.startsOn} – ${plan.expiresOn}` : ''}${orderId ? ` (order ${orderId})` : ''}, ${crawls} crawls this run`;
  const enter = (next: SubscriptionState) => {
    state = next;
    upsertSearchAttributes([{ key: CaseState, value: next }]);
    setCurrentDetails(details());
  };
  const message = (key: string, titleKey: string, params: Record<string, unknown> = {}) =>
    acts.sendMonitoringMessage({ subscriptionId: id, dedupeKey: `${KIND}/${id}/${key}`, titleKey, params });

  if (!plan) {
    const order = await acts.createMonitoringOrder({ subscriptionId: id, timeoutMs: input.paymentTimeoutMs });
    // Histories before this patch answered the order before its payment workflow started: a payment
    // made at once (a renewal paid straight away) was notified to a workflow not there yet and lost.
    payable = !patched('monitoring-order-payable-once-payment-runs');
    orderId = order.orderId;
    enter('ordered');
    const child = await startOrderPayment({ orderId, userId, timeoutMs: input.paymentTimeoutMs, slaOverrideMs: input.slaOverrideMs }, `Monitoring ${input.plan} plan ${id} for user ${userId}`);
    payable = true;
    await progress(KIND, id, { step: 'ordered', status: 'done', actor: 'user' });
    await progress(KIND, id, { step: 'payment', status: 'current', actor: 'user', dueAt: order.deadlineAt });
    if ((await child.result()) !== 'paid') {
      await acts.setSubscriptionState({ subscriptionId: id, from: ['ordered'], to: 'cancelled' });
      enter('cancelled');
      await together(
        async () => {
          await progress(KIND, id, { step: 'payment', status: 'failed', actor: 'user' });
          await progress(KIND, id, { step: 'cancelled', status: 'done', actor: 'system' });
        },
        () => message('cancelled', 'monitoringCancelled'),
      );
      await condition(allHandlersFinished);
      return 'cancelled';
    }
    plan = await acts.openSubscription({ subscriptionId: id, planMs: input.planMs });
    await acts.completeOrder({ orderId });
    enter('active');
    await together(
      async () => {
        await progress(KIND, id, { step: 'payment', status: 'done', actor: 'user' });
        await progress(KIND, id, { step: 'active', status: 'current', actor: 'system', reasons: { validFrom: plan!.startsOn, validUntil: plan!.expiresOn } });
      },
      () => message('active', 'monitoringActive', { startsOn: plan!.startsOn, expiresOn: plan!.expiresOn }),
    );
    // A renewal paid before its predecessor ends starts where that one ends (which crawls meanwhile).
    const waitToStart = Date.parse(plan.startsAt) - Date.now();
    if (waitToStart > 0) await sleep(waitToStart);
  } else {
    enter(state);
  }

  const opened = plan;
  const expiresAt = Date.parse(opened.expiresAt);
  let noticeSent = carried?.noticeSent ?? false;
  let pauses = carried?.pauses ?? 0;
  let ticks = 0;
  const perRun = input.ticksPerRun ?? TICKS_PER_RUN;
  const crawlScope = new CancellationScope();

  /** One crawl and match; several subscriptions ticking together share the crawl (reuseWithinMs). */
  const cycle = async () => {
    crawls += 1;
    setCurrentDetails(details());
    const run = await crawlSites({ trigger: workflowInfo().workflowId, reuseWithinMs: Math.floor(interval / 2) });
    await signCrawledImages({ runId: run.runId });
    const matched = await matchSubscription({ subscriptionId: id, runId: run.runId });
    if (matched.newSuspects > 0) await sendSuspectDigest({ subscriptionId: id, runId: run.runId, newSuspects: matched.newSuspects });
  };
  /** Crawls run beside the plan's clock, so a long crawl neither delays a pause nor outlives the plan. */
  const startCrawl = async (nextTick: number) => {
    crawlRequested = false;
    const now = Date.now();
    await acts.recordSubscriptionCrawl({ subscriptionId: id, lastCrawlAt: new Date(now).toISOString(), nextCrawlAt: nextTick < expiresAt ? new Date(nextTick).toISOString() : null });
    crawling = crawlScope
      .run(cycle)
      .catch((err) => {
        if (!isCancellation(err)) throw err;
      })
      .finally(() => {
        crawling = null;
        setCurrentDetails(details());
      });
  };

  // The first tick is now: the IPCI is checked and the first crawl starts right after activation.
  let nextTick = Date.now();
  for (;;) {
    const now = Date.now();
    if (now >= expiresAt) break;
    if (now >= nextTick) {
      ticks += 1;
      nextTick = now + interval;
      const ipci = await acts.checkSubscriptionIpci({ subscriptionId: id });
      if (!ipci.valid && state === 'active') {
        pauses += 1;
        const reason: PauseReason = ipci.reason ?? 'ipciInvalid';
        await acts.setSubscriptionState({ subscriptionId: id, from: ['active'], to: 'paused', reason });
        enter('paused');
        await together(
          () => progress(KIND, id, { step: 'paused', status: 'current', actor: 'system', reasons: { reason } }),
          () => message(`paused/${pauses}`, `monitoringPaused.${reason}`),
          () => acts.recordSubscriptionCrawl({ subscriptionId: id, nextCrawlAt: null }),
        );
      } else if (ipci.valid && state === 'paused') {
        await acts.setSubscriptionState({ subscriptionId: id, from: ['paused'], to: 'active' });
        enter('active');
        await together(
          () => progress(KIND, id, { step: 'paused', status: 'done', actor: 'system' }),
          () => message(`resumed/${pauses}`, 'monitoringResumed'),
        );
      }
      if (state === 'active' && !crawling) await startCrawl(nextTick);
    } else if (crawlRequested && state === 'active' && !crawling) {
      await startCrawl(nextTick);
    }
    if (!noticeSent && Date.now() >= Date.parse(opened.noticeAt)) {
      await message('expiring', 'monitoringExpiring', { expiresOn: opened.expiresOn });
      noticeSent = true;
    }
    if ((ticks >= perRun || workflowInfo().continueAsNewSuggested) && !crawling) {
      await condition(allHandlersFinished);
      await continueAsNew<typeof monitoringSubscription>({ ...input, carried: { orderId: orderId!, plan: opened, state: state as 'active' | 'paused', noticeSent, pauses } });
    }
    const wakeAt = Math.min(nextTick, expiresAt, noticeSent ? Infinity : Date.parse(opened.noticeAt));
    await condition(() => crawlRequested && state === 'active' && !crawling, Math.max(1, wakeAt - Date.now()));
  }

  // The plan ran out: a crawl under way stops, and the user is offered the renewal.
  crawlScope.cancel();
  if (crawling) await crawling;
  await acts.setSubscriptionState({ subscriptionId: id, from: ['active', 'paused'], to: 'expired' });
  const was = state;
  enter('expired');
  await together(
    async () => {
      await progress(KIND, id, { step: was, status: 'done', actor: 'system' });
      await progress(KIND, id, { step: 'expired', status: 'done', actor: 'system' });
    },
    () => message('expired', 'monitoringExpired', { expiresOn: opened.expiresOn }),
    () => acts.recordSubscriptionCrawl({ subscriptionId: id, nextCrawlAt: null }),
  );
  await condition(allHandlersFinished);
  return 'expired';
}
