import { randomUUID } from 'node:crypto';
import Router from '@koa/router';
import * as yup from 'yup';
import { chinaDate } from '../../domain/dates';
import { ipNamesOf } from '../../domain/ipNames';
import {
  MONITOR_UPLOAD_KIND,
  MONITORING_PLANS,
  monitoredContentSchema,
  monitoringOrderSchema,
  PLAN_DAYS,
  PLAN_FEE_KEY,
  type MonitoredContent,
  type MonitoringPlan,
} from '../../domain/monitoring';
import { keysetCursor } from '../../domain/validation/keyset';
import {
  copyContent,
  insertSubscription,
  ipciPauseReason,
  listSubscriptions,
  liveRenewalOf,
  liveSubscription,
  monitoredIpci,
  ownSubscription,
  pictureWithOwner,
  saveContent,
  subscriptionPictures,
  subscriptionWorkflowId,
  suspectCounts,
  toPictureJson,
  toSubscriptionJson,
  userIpcis,
  type IpciFacts,
  type Keyword,
  type NewPicture,
  type SubscriptionRow,
  type SubscriptionView,
} from '../../db/monitoring';
import { feeTable } from '../../db/orders';
import { signatureOf } from '../../matching/signatureThreads';
import { findUploads, toUploadJson } from '../../db/uploads';
import { monitoredContentChanged, monitoringOrder, monitoringSubscription } from '../../workflows/monitoringSubscription';
import { CaseId, CaseKind, CaseState, IpciCode, OwnerUserId } from '../../workflows/lib/searchAttributes';
import type { ApiDeps } from '../deps';
import { conflict, HttpError, notFound } from '../errors';
import { envMs } from '../lib/envMs';
import { hasTransparentBackground } from '../lib/logoBackground';
import { checkOwnedUploads } from '../lib/ownedUploads';
import { sendObject } from '../lib/sendObject';
import { storedBytes } from '../lib/storedBytes';
import { runUpdate } from '../lib/workflowErrors';
import { allow, anyone } from '../middleware/auth';
import { validate } from '../middleware/validate';

const SUBSCRIPTION_PAGE_SIZE = 20;

const listQuerySchema = yup
  .object({
    limit: yup.number().integer().min(1).max(100).default(SUBSCRIPTION_PAGE_SIZE),
    /** Newest first: (createdAt, id). */
    after: keysetCursor(['date', 'uuid']),
  })
  .noUnknown();

/** A renewal is ordered like a plan, for the subscription's own IPCI. */
const renewSchema = monitoringOrderSchema.omit(['ipciId']);

/** 422 on the IPCI field: not the caller's, or not valid (part 2 §9: only IPs with a valid IPCI are monitored). */
const ipciRefused = (key: string) => new HttpError(422, 'ipciRefused', key, {}, { ipciId: { key } });

function requireMonitorable(ipci: IpciFacts | undefined, userId: string): IpciFacts {
  if (!ipci || ipci.user_id !== userId) throw ipciRefused('monitoring.ipciNotOwned');
  const reason = ipciPauseReason(ipci, chinaDate(new Date()));
  if (reason) throw ipciRefused(`monitoring.ipciRefused.${reason}`);
  return ipci;
}

/**
 * Infringement monitoring, the user's side (issue 15, spec part 2 §4/§5/§9): the plans and their
 * prices (fee table), the user's IPCIs that can be monitored, ordering a plan (a
 * monitoringSubscription workflow, whose order the pay page takes), the subscriptions with their
 * monitored content (keywords, label, comparison pictures — uploads of kind monitorPicture) and the
 * renewal. Nobody reads another user's subscription or picture: 404.
 */
export function monitoringRoutes({ db, temporal, cfg, store, downloads }: ApiDeps): Router {
  const user = allow('user');

  const withCounts = async (rows: SubscriptionView[]) => {
    const counts = await suspectCounts(
      db,
      rows.map((r) => r.id),
    );
    return rows.map((r) => toSubscriptionJson(r, counts.get(r.id)));
  };
  const subscriptionJson = async (userId: string, id: string) => (await withCounts([(await ownSubscription(db, userId, id))!]))[0];

  /** The subscription row and its workflow (which makes the order), answered with the order for the pay page. */
  async function order(userId: string, ipci: IpciFacts, plan: MonitoringPlan, renewalOf: SubscriptionRow | null) {
    const id = randomUUID();
    await insertSubscription(db, { id, userId, ipciId: ipci.id, plan, renewalOf: renewalOf?.id });
    if (renewalOf) await copyContent(db, renewalOf.id, id);
    const handle = await temporal.workflow.start(monitoringSubscription, {
      taskQueue: cfg.taskQueue,
      workflowId: subscriptionWorkflowId(id),
      args: [
        {
          subscriptionId: id,
          userId,
          plan,
          paymentTimeoutMs: envMs('MONITORING_PAYMENT_MS'),
          slaOverrideMs: envMs('MONITORING_SLA_MS'),
          crawlIntervalMs: envMs('MONITORING_CRAWL_INTERVAL_MS'),
          planMs: envMs('MONITORING_PLAN_MS'),
        },
      ],
      typedSearchAttributes: [
        { key: CaseId, value: id },
        { key: CaseKind, value: 'monitoringSubscription' },
        { key: CaseState, value: 'ordered' },
        { key: OwnerUserId, value: userId },
        { key: IpciCode, value: ipci.code },
      ],
      memo: { title: `Monitoring ${plan} plan for ${ipci.ip_name_zh} (${ipci.code})` },
      staticSummary: `Infringement monitoring, ${PLAN_DAYS[plan]}-day plan${renewalOf ? ' (renewal)' : ''}`,
      staticDetails: `IPCI ${ipci.code} of user ${userId}${renewalOf ? `, renewing subscription ${renewalOf.id}` : ''}; the order is paid in a child orderPayment workflow.`,
    });
    const { orderId } = await runUpdate(() => handle.executeUpdate(monitoringOrder, { args: [{ userId }] }));
    return { subscription: await subscriptionJson(userId, id), orderId };
  }

  /**
   * The pictures as saved: each the caller's own upload of kind monitorPicture (checked by content on
   * upload), a logo without background. A picture new to the subscription gets its signature
   * (matching/signature.ts) now, so the next crawl matches it without decoding it again; one kept
   * keeps the signature it has.
   */
  async function picturesOf(userId: string, subscriptionId: string, content: MonitoredContent): Promise<NewPicture[]> {
    const refs = content.pictures.map((p, i) => ({ field: `pictures[${i}].uploadId`, id: p.uploadId, kind: MONITOR_UPLOAD_KIND }));
    await checkOwnedUploads(db, userId, refs);
    const uploads = new Map((await findUploads(db, content.pictures.map((p) => p.uploadId))).map((u) => [u.id, u]));
    const kept = new Set((await subscriptionPictures(db, subscriptionId)).map((p) => p.upload_id));
    const pictures: NewPicture[] = [];
    for (const [i, p] of content.pictures.entries()) {
      const u = uploads.get(p.uploadId)!;
      const isNew = !kept.has(u.id);
      const bytes = p.kind === 'logo' || isNew ? await storedBytes(store, u.storage_key, Number(u.size), Buffer.alloc(0)).readAll() : null;
      if (p.kind === 'logo' && !(await hasTransparentBackground(bytes!))) {
        const key = 'monitoring.picture.logoBackground';
        throw new HttpError(422, 'imageRejected', key, {}, { [`pictures[${i}].uploadId`]: { key } });
      }
      // Signed on a signer thread: inline it would hold up every other request for 0.1–0.5 s.
      const signature = isNew ? await signatureOf(bytes!) : null;
      pictures.push({ uploadId: u.id, kind: p.kind, width: u.width ?? 0, height: u.height ?? 0, pdq: signature?.pdq ?? null, features: signature?.features ?? null });
    }
    return pictures;
  }

  return new Router()
    .get('/api/monitoring/plans', anyone, async (ctx) => {
      const fees = await feeTable(db);
      ctx.body = { plans: MONITORING_PLANS.map((plan) => ({ plan, days: PLAN_DAYS[plan], priceFen: fees[PLAN_FEE_KEY[plan]] })) };
    })
    .get('/api/monitoring/ipcis', user, async (ctx) => {
      const today = chinaDate(new Date());
      ctx.body = {
        items: (await userIpcis(db, ctx.state.user.id)).map((i) => {
          const reason = ipciPauseReason(i, today);
          return { id: i.id, code: i.code, ipName: i.ip_name_zh, names: ipNamesOf(i), valid: reason === null, reason };
        }),
      };
    })
    .post('/api/monitoring/subscriptions', user, validate(monitoringOrderSchema), async (ctx) => {
      const me: string = ctx.state.user.id;
      const { ipciId, plan } = ctx.state.input;
      const ipci = requireMonitorable(await monitoredIpci(db, ipciId), me);
      const live = await liveSubscription(db, me, ipci.id);
      if (live?.state === 'ordered' && live.order_id) {
        // A second click (or another tab) opens the order already waiting for money rather than a second bill.
        if (live.plan !== plan) throw conflict('monitoring.orderPending');
        ctx.body = { subscription: await subscriptionJson(me, live.id), orderId: live.order_id };
        return;
      }
      if (live) throw conflict(live.state === 'ordered' ? 'monitoring.orderPending' : 'monitoring.alreadyMonitored');
      ctx.status = 201;
      ctx.body = await order(me, ipci, plan, null);
    })
    .get('/api/monitoring/subscriptions', user, validate(listQuerySchema, 'query'), async (ctx) => {
      const { rows, next } = await listSubscriptions(db, ctx.state.user.id, ctx.state.input);
      ctx.body = { items: await withCounts(rows), next };
    })
    .get('/api/monitoring/subscriptions/:id', user, async (ctx) => {
      const me: string = ctx.state.user.id;
      const s = await ownSubscription(db, me, ctx.params.id);
      if (!s) throw notFound();
      const pictures = await subscriptionPictures(db, s.id);
      const uploads = await findUploads(
        db,
        pictures.map((p) => p.upload_id),
      );
      ctx.body = { subscription: (await withCounts([s]))[0], pictures: pictures.map(toPictureJson), uploads: uploads.map(toUploadJson) };
    })
    .put('/api/monitoring/subscriptions/:id/content', user, validate(monitoredContentSchema), async (ctx) => {
      const me: string = ctx.state.user.id;
      const s = await ownSubscription(db, me, ctx.params.id);
      if (!s) throw notFound();
      if (s.state === 'cancelled' || s.state === 'expired') throw conflict('monitoring.notEditable');
      const content: MonitoredContent = ctx.state.input;
      const pictures = await picturesOf(me, s.id, content);
      await saveContent(db, s.id, { label: content.label, keywords: content.keywords as Keyword[], pictures });
      if (s.state === 'active') {
        // Crawl and match now so the user sees what the new content finds; a workflow that just
        // ended (the plan ran out this moment) has nothing more to crawl.
        await temporal.workflow
          .getHandle(s.workflow_id)
          .signal(monitoredContentChanged)
          .catch(() => undefined);
      }
      ctx.body = { subscription: await subscriptionJson(me, s.id), pictures: (await subscriptionPictures(db, s.id)).map(toPictureJson) };
    })
    .post('/api/monitoring/subscriptions/:id/renew', user, validate(renewSchema), async (ctx) => {
      const me: string = ctx.state.user.id;
      const s = await ownSubscription(db, me, ctx.params.id);
      if (!s) throw notFound();
      const renewable = ['active', 'paused', 'expired'].includes(s.state) && !(await liveRenewalOf(db, s));
      // An ended plan is renewed unless the IP is monitored again by another plan meanwhile.
      const other = s.state === 'expired' ? await liveSubscription(db, me, s.ipci_id) : undefined;
      if (!renewable || other) throw conflict('monitoring.notRenewable');
      const ipci = requireMonitorable(await monitoredIpci(db, s.ipci_id), me);
      ctx.status = 201;
      ctx.body = await order(me, ipci, ctx.state.input.plan, s);
    })
    .get('/api/monitoring/pictures/:pictureId', user, async (ctx) => {
      const p = await pictureWithOwner(db, ctx.params.pictureId);
      if (!p || p.user_id !== ctx.state.user.id) throw notFound();
      await sendObject(ctx, { store, downloads }, p.storage_key, { mime: p.mime });
    });
}
