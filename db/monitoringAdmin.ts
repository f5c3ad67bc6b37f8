import type { Knex } from 'knex';
import { keysetPage, newestFirst, type KeysetRequest } from './keyset';
import { parseIpciCode } from '../domain/ipci';

/**
 * The monitoring back office's reads: crawl runs, a site's fetch log, every subscription. Each list is
 * a keyset page over its own index (migration 029: crawl_runs_started, crawl_fetches_site,
 * monitoring_subscriptions_all; migration 034: monitoring_subscriptions_state).
 */

export interface CrawlRunJson {
  id: string;
  trigger: string;
  startedAt: string;
  finishedAt: string | null;
  pagesFetched: number;
  pagesUnchanged: number;
  errors: number;
  bytes: number;
}

export async function crawlRuns(k: Knex, q: KeysetRequest): Promise<{ items: CrawlRunJson[]; next: string | null }> {
  const { rows, next } = await keysetPage<Record<string, any>>(k('crawl_runs as r').select('r.*'), newestFirst('r.started_at', 'r.id'), q);
  return {
    items: rows.map((r) => ({
      id: r.id,
      trigger: r.trigger,
      startedAt: r.started_at.toISOString(),
      finishedAt: r.finished_at?.toISOString() ?? null,
      pagesFetched: r.pages_fetched,
      pagesUnchanged: r.pages_unchanged,
      errors: r.errors,
      bytes: Number(r.bytes),
    })),
    next,
  };
}

export interface CrawlFetchJson {
  id: number;
  runId: string | null;
  /** page, image or robots (migration 031). */
  kind: string;
  url: string;
  outcome: string;
  status: number | null;
  ms: number;
  bytes: number;
  error: string | null;
  fetchedAt: string;
}

/** One site's fetches, newest first (crawl_fetches_site: site_id, fetched_at desc, id). */
export async function crawlFetches(k: Knex, siteId: string, q: KeysetRequest): Promise<{ items: CrawlFetchJson[]; next: string | null }> {
  const { rows, next } = await keysetPage<Record<string, any>>(k('crawl_fetches as f').select('f.*').where('f.site_id', siteId), [{ sql: 'f.fetched_at', kind: 'date' }, { sql: 'f.id', kind: 'count' }], q);
  return {
    items: rows.map((f) => ({
      id: Number(f.id),
      runId: f.run_id,
      kind: f.kind,
      url: f.url,
      outcome: f.outcome,
      status: f.status,
      ms: f.ms,
      bytes: f.bytes,
      error: f.error,
      fetchedAt: f.fetched_at.toISOString(),
    })),
    next,
  };
}

export interface AdminSubscriptionJson {
  id: string;
  user: { id: string; username: string; displayName: string };
  ipciId: string;
  ipciCode: string;
  ipNames: { zh: string; en: string; ja: string };
  plan: string;
  state: string;
  pausedReason: string | null;
  label: string;
  keywords: number;
  startsAt: string | null;
  expiresAt: string | null;
  lastCrawlAt: string | null;
  nextCrawlAt: string | null;
  orderId: string | null;
  orderNo: string | null;
  renewalOf: string | null;
  createdAt: string;
  suspects: number;
}

/**
 * Every subscription with its user and IPCI: state filter; `q` an IPCI code or a user name, exactly.
 * The suspects count is one index look-up per row of the page (suspects_subscription).
 */
export async function adminSubscriptions(k: Knex, q: KeysetRequest & { state?: string; q?: string }): Promise<{ items: AdminSubscriptionJson[]; next: string | null }> {
  const query = k('monitoring_subscriptions as m')
    .join('users as u', 'u.id', 'm.user_id')
    .join('ipcis as i', 'i.id', 'm.ipci_id')
    .leftJoin('orders as o', 'o.id', 'm.order_id')
    .select('m.*', 'u.username', 'u.display_name', 'i.code', 'i.ip_name_zh', 'i.ip_name_en', 'i.ip_name_ja', 'o.order_no')
    .select(k.raw('(select count(*)::int from suspects s where s.subscription_id = m.id) as suspect_count'));
  if (q.state) query.where('m.state', q.state);
  if (q.q) {
    const code = parseIpciCode(q.q)?.code;
    if (code) query.where('i.code', code);
    else query.whereRaw('lower(u.username) = ?', [q.q.toLowerCase()]);
  }
  const { rows, next } = await keysetPage<Record<string, any>>(query, newestFirst('m.created_at', 'm.id'), q);
  const iso = (d: Date | null) => d?.toISOString() ?? null;
  return {
    items: rows.map((m) => ({
      id: m.id,
      user: { id: m.user_id, username: m.username, displayName: m.display_name },
      ipciId: m.ipci_id,
      ipciCode: m.code,
      ipNames: { zh: m.ip_name_zh, en: m.ip_name_en, ja: m.ip_name_ja },
      plan: m.plan,
      state: m.state,
      pausedReason: m.paused_reason,
      label: m.label,
      keywords: Array.isArray(m.keywords) ? m.keywords.length : 0,
      startsAt: iso(m.starts_at),
      expiresAt: iso(m.expires_at),
      lastCrawlAt: iso(m.last_crawl_at),
      nextCrawlAt: iso(m.next_crawl_at),
      orderId: m.order_id,
      orderNo: m.order_no,
      renewalOf: m.renewal_of,
      createdAt: m.created_at.toISOString(),
      suspects: m.suspect_count,
    })),
    next,
  };
}
