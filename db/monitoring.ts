import type { Knex } from 'knex';
import { chinaDate } from '../domain/dates';
import { ipNamesOf, type IpNames } from '../domain/ipNames';
import {
  EXPIRY_NOTICE_DAYS,
  PLAN_DAYS,
  type KeywordCategory,
  type MonitoringPlan,
  type PauseReason,
  type PictureKind,
  type SubscriptionState,
} from '../domain/monitoring';
import type { OrderState } from '../domain/orders';
import { keysetPage, newestFirst, type KeysetRequest } from './keyset';

/**
 * Infringement-monitoring subscriptions (monitoring_subscriptions, migration 029) and their
 * comparison pictures (monitoring_pictures): what the user's pages read and what the
 * monitoringSubscription workflow's activities write, each write guarded by state so a retried or
 * late one changes nothing twice.
 */

export const subscriptionWorkflowId = (id: string) => `monitoringSubscription/${id}`;

const DAY_MS = 86_400_000;

export interface Keyword {
  text: string;
  category: KeywordCategory;
}

export interface SubscriptionRow {
  id: string;
  user_id: string;
  ipci_id: string;
  plan: MonitoringPlan;
  state: SubscriptionState;
  paused_reason: PauseReason | null;
  order_id: string | null;
  renewal_of: string | null;
  label: string;
  keywords: Keyword[];
  starts_at: Date | null;
  expires_at: Date | null;
  last_crawl_at: Date | null;
  next_crawl_at: Date | null;
  workflow_id: string;
  created_at: Date;
  updated_at: Date;
}

/** A subscription with what its pages show beside it: the IPCI's code and names, the order's state. */
export interface SubscriptionView extends SubscriptionRow {
  ipci_code: string;
  ip_name_zh: string;
  ip_name_en: string | null;
  ip_name_ja: string | null;
  order_state: OrderState | null;
}

export interface PictureRow {
  id: string;
  subscription_id: string;
  upload_id: string;
  kind: PictureKind;
  width: number;
  height: number;
  pdq: Buffer | null;
  features: Buffer | null;
  created_at: Date;
}

const viewOf = (k: Knex) =>
  k('monitoring_subscriptions as s')
    .join('ipcis as i', 'i.id', 's.ipci_id')
    .leftJoin('orders as o', 'o.id', 's.order_id')
    .select('s.*', 'i.code as ipci_code', 'i.ip_name_zh', 'i.ip_name_en', 'i.ip_name_ja', 'o.order_state');

export async function insertSubscription(
  k: Knex,
  s: { id: string; userId: string; ipciId: string; plan: MonitoringPlan; renewalOf?: string | null; label?: string; keywords?: Keyword[] },
): Promise<SubscriptionRow> {
  const [row] = await k<SubscriptionRow>('monitoring_subscriptions')
    .insert({
      id: s.id,
      user_id: s.userId,
      ipci_id: s.ipciId,
      plan: s.plan,
      renewal_of: s.renewalOf ?? null,
      label: s.label ?? '',
      keywords: JSON.stringify(s.keywords ?? []) as unknown as Keyword[],
      workflow_id: subscriptionWorkflowId(s.id),
    })
    .returning('*');
  return row;
}

export const findSubscription = (k: Knex, id: string): Promise<SubscriptionRow | undefined> => k<SubscriptionRow>('monitoring_subscriptions').where({ id }).first();

/** The user's own subscription with its view; undefined for anyone else's (the API answers 404). */
export const ownSubscription = (k: Knex, userId: string, id: string): Promise<SubscriptionView | undefined> =>
  viewOf(k).where({ 's.id': id, 's.user_id': userId }).first();

/** The user's subscriptions, newest first, in keyset pages. */
export function listSubscriptions(k: Knex, userId: string, q: KeysetRequest) {
  return keysetPage<SubscriptionView>(viewOf(k).where('s.user_id', userId), newestFirst('s.created_at', 's.id'), q);
}

/** One ordered, active or paused subscription of the user's for the IPCI, the newest (an IP is monitored by one plan at a time). */
export const liveSubscription = (k: Knex, userId: string, ipciId: string): Promise<SubscriptionRow | undefined> =>
  k<SubscriptionRow>('monitoring_subscriptions')
    .where({ ipci_id: ipciId, user_id: userId })
    .whereIn('state', ['ordered', 'active', 'paused'])
    .orderBy('created_at', 'desc')
    .first();

/** A renewal of the subscription that was not cancelled (through the IPCI's index: a renewal is for the same IPCI). */
export const liveRenewalOf = (k: Knex, s: Pick<SubscriptionRow, 'id' | 'ipci_id'>): Promise<SubscriptionRow | undefined> =>
  k<SubscriptionRow>('monitoring_subscriptions').where({ ipci_id: s.ipci_id, renewal_of: s.id }).whereNot('state', 'cancelled').first();

/** New and all suspects of each subscription (suspects_subscription index). */
export async function suspectCounts(k: Knex, ids: string[]): Promise<Map<string, { new: number; total: number }>> {
  const rows: Array<{ subscription_id: string; fresh: string; total: string }> = ids.length
    ? await k('suspects').whereIn('subscription_id', ids).groupBy('subscription_id').select('subscription_id', k.raw("count(*) filter (where state = 'new') as fresh"), k.raw('count(*) as total'))
    : [];
  return new Map(rows.map((r) => [r.subscription_id, { new: Number(r.fresh), total: Number(r.total) }]));
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** api.md SubscriptionJson: the plan's validity as China dates beside its exact times. */
export function toSubscriptionJson(s: SubscriptionView, counts?: { new: number; total: number }) {
  const ipNames: IpNames = ipNamesOf(s);
  return {
    id: s.id,
    ipciId: s.ipci_id,
    ipciCode: s.ipci_code,
    ipName: s.ip_name_zh,
    ipNames,
    plan: s.plan,
    state: s.state,
    pausedReason: s.paused_reason,
    label: s.label,
    keywords: s.keywords,
    startsAt: iso(s.starts_at),
    expiresAt: iso(s.expires_at),
    validFrom: s.starts_at ? chinaDate(s.starts_at) : null,
    validUntil: s.expires_at ? chinaDate(s.expires_at) : null,
    lastCrawlAt: iso(s.last_crawl_at),
    nextCrawlAt: iso(s.next_crawl_at),
    orderId: s.order_id,
    orderState: s.order_state === null ? null : Number(s.order_state),
    renewalOf: s.renewal_of,
    createdAt: s.created_at.toISOString(),
    suspects: counts ?? { new: 0, total: 0 },
  };
}
export type SubscriptionJson = ReturnType<typeof toSubscriptionJson>;

/* Comparison pictures. */

export const pictureUrl = (id: string) => `/api/monitoring/pictures/${id}`;

export const subscriptionPictures = (k: Knex, subscriptionId: string): Promise<PictureRow[]> =>
  k<PictureRow>('monitoring_pictures').where({ subscription_id: subscriptionId }).orderBy([{ column: 'created_at' }, { column: 'id' }]);

export function toPictureJson(p: PictureRow) {
  return { id: p.id, uploadId: p.upload_id, kind: p.kind, width: p.width, height: p.height, url: pictureUrl(p.id) };
}

/** The picture with its subscription's owner, for the owner's download. */
export const pictureWithOwner = (k: Knex, id: string): Promise<(PictureRow & { user_id: string; storage_key: string; mime: string; original_name: string }) | undefined> =>
  k('monitoring_pictures as p')
    .join('monitoring_subscriptions as s', 's.id', 'p.subscription_id')
    .join('uploads as u', 'u.id', 'p.upload_id')
    .where('p.id', id)
    .first('p.*', 's.user_id', 'u.storage_key', 'u.mime', 'u.original_name');

export interface NewPicture {
  uploadId: string;
  kind: PictureKind;
  width: number;
  height: number;
  /** The signature (matching/signature.ts) of a picture new to the subscription; null for one kept, whose signature stays. */
  pdq: Buffer | null;
  features: Buffer | null;
}

/**
 * Replaces the monitored content in one transaction: label and keywords, and the pictures — those no
 * longer listed go (suspects keep their evidence, their picture link turns null), new ones are added,
 * kept ones keep their signature and take their new kind.
 */
export async function saveContent(k: Knex, id: string, content: { label: string; keywords: Keyword[]; pictures: NewPicture[] }): Promise<void> {
  await k.transaction(async (trx) => {
    await trx('monitoring_subscriptions').where({ id }).update({ label: content.label, keywords: JSON.stringify(content.keywords), updated_at: trx.fn.now() });
    const keep = content.pictures.map((p) => p.uploadId);
    const gone = trx('monitoring_pictures').where({ subscription_id: id });
    await (keep.length ? gone.whereNotIn('upload_id', keep) : gone).delete();
    for (const p of content.pictures) {
      await trx('monitoring_pictures')
        // The clock, not the transaction's start: pictures added together keep the order they were given in.
        .insert({ subscription_id: id, upload_id: p.uploadId, kind: p.kind, width: p.width, height: p.height, pdq: p.pdq, features: p.features, created_at: trx.raw('clock_timestamp()') })
        .onConflict(['subscription_id', 'upload_id'])
        .merge(['kind']);
    }
  });
}

/** A renewal starts with its predecessor's content: label, keywords and pictures with their signatures. */
export async function copyContent(k: Knex, fromId: string, toId: string): Promise<void> {
  await k.transaction(async (trx) => {
    const from = await trx<SubscriptionRow>('monitoring_subscriptions').where({ id: fromId }).first('label', 'keywords');
    if (!from) return;
    await trx('monitoring_subscriptions').where({ id: toId }).update({ label: from.label, keywords: JSON.stringify(from.keywords) });
    await trx.raw(
      `insert into monitoring_pictures (subscription_id, upload_id, kind, width, height, pdq, features)
       select ?, upload_id, kind, width, height, pdq, features from monitoring_pictures where subscription_id = ?
       on conflict (subscription_id, upload_id) do nothing`,
      [toId, fromId],
    );
  });
}

/* Workflow writes. */

export async function linkOrder(k: Knex, id: string, orderId: string): Promise<void> {
  await k('monitoring_subscriptions').where({ id }).whereNull('order_id').update({ order_id: orderId, updated_at: k.fn.now() });
}

export interface OpenedPlan {
  startsAt: string;
  expiresAt: string;
  /** The same as China dates, for messages. */
  startsOn: string;
  expiresOn: string;
  /** When the user is told the plan ends soon. */
  noticeAt: string;
}

/**
 * Paid: the plan runs from the payment, or from the end of the plan it renews when that is later,
 * for its days (`planMs` shortens it for tests and demos, the notice then coming at the same share
 * of it). Set once: a retry returns the first call's times.
 */
export async function openPlan(k: Knex, id: string, planMs?: number): Promise<OpenedPlan> {
  return k.transaction(async (trx) => {
    const s = await trx<SubscriptionRow>('monitoring_subscriptions').where({ id }).forUpdate().first();
    if (!s) throw new Error(`no subscription ${id}`);
    const length = planMs ?? PLAN_DAYS[s.plan] * DAY_MS;
    const lead = planMs ? (planMs * EXPIRY_NOTICE_DAYS) / PLAN_DAYS[s.plan] : EXPIRY_NOTICE_DAYS * DAY_MS;
    if (!s.starts_at || !s.expires_at) {
      const order = s.order_id ? await trx('orders').where({ id: s.order_id }).first('paid_at') : undefined;
      const previous = s.renewal_of ? await trx<SubscriptionRow>('monitoring_subscriptions').where({ id: s.renewal_of }).first('expires_at') : undefined;
      const paidAt: Date = order?.paid_at ?? new Date();
      s.starts_at = previous?.expires_at && previous.expires_at > paidAt ? previous.expires_at : paidAt;
      s.expires_at = new Date(s.starts_at.getTime() + length);
      await trx('monitoring_subscriptions')
        .where({ id, state: 'ordered' })
        .update({ state: 'active', starts_at: s.starts_at, expires_at: s.expires_at, updated_at: trx.fn.now() });
    }
    return {
      startsAt: s.starts_at.toISOString(),
      expiresAt: s.expires_at.toISOString(),
      startsOn: chinaDate(s.starts_at),
      expiresOn: chinaDate(s.expires_at),
      noticeAt: new Date(s.expires_at.getTime() - lead).toISOString(),
    };
  });
}

/** Moves the subscription from one of `from` to `to` (paused with its reason, else no reason). */
export async function moveSubscription(k: Knex, id: string, from: SubscriptionState[], to: SubscriptionState, pausedReason: PauseReason | null = null): Promise<void> {
  await k('monitoring_subscriptions')
    .where({ id })
    .whereIn('state', from)
    .update({ state: to, paused_reason: to === 'paused' ? pausedReason : null, ...(to === 'expired' || to === 'cancelled' ? { next_crawl_at: null } : {}), updated_at: k.fn.now() });
}

export async function recordCrawlTimes(k: Knex, id: string, times: { lastCrawlAt?: string; nextCrawlAt: string | null }): Promise<void> {
  await k('monitoring_subscriptions')
    .where({ id })
    .update({ ...(times.lastCrawlAt ? { last_crawl_at: times.lastCrawlAt } : {}), next_crawl_at: times.nextCrawlAt, updated_at: k.fn.now() });
}

/* The IPCI a subscription monitors. */

export interface IpciFacts {
  id: string;
  user_id: string;
  code: string;
  ip_name_zh: string;
  ip_name_en: string | null;
  ip_name_ja: string | null;
  invalid_at: Date | null;
  invalid_reason: string | null;
  title_taken_down: boolean;
  valid_until: string | null;
}

const ipciFacts = (k: Knex) =>
  k('ipcis').select('id', 'user_id', 'code', 'ip_name_zh', 'ip_name_en', 'ip_name_ja', 'invalid_at', 'invalid_reason', 'title_taken_down', k.raw('valid_until::text as valid_until'));

export const monitoredIpci = (k: Knex, ipciId: string): Promise<IpciFacts | undefined> => ipciFacts(k).where({ id: ipciId }).first();

/** The user's IPCIs for the order page's picker, newest first (ipcis_user index). */
export const userIpcis = (k: Knex, userId: string): Promise<IpciFacts[]> => ipciFacts(k).where({ user_id: userId }).orderBy([{ column: 'issued_at', order: 'desc' }, { column: 'id', order: 'desc' }]);

/**
 * Why an IPCI cannot be monitored now (part 2 §9: only IPs with a valid IPCI), or null when it can:
 * revoked, expired (marked so, or past its term on `today`, a China date), otherwise invalid, or
 * taken down for title (a trade take-down only ends the listing; the rights stand).
 */
export function ipciPauseReason(i: Pick<IpciFacts, 'invalid_at' | 'invalid_reason' | 'title_taken_down' | 'valid_until'>, today: string): PauseReason | null {
  if (i.invalid_at) return i.invalid_reason === 'revoked' ? 'ipciRevoked' : i.invalid_reason === 'expired' ? 'ipciExpired' : 'ipciInvalid';
  if (i.valid_until !== null && i.valid_until < today) return 'ipciExpired';
  if (i.title_taken_down) return 'ipciTakenDown';
  return null;
}
