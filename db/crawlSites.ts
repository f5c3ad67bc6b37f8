import type { Knex } from 'knex';
import type { CrawlSiteInput } from '../domain/monitoring';
import { UUID_PATTERN } from '../domain/validation/rules';
import { normalizeUrl } from '../crawler/urls';
import type { CrawlSiteConfig } from '../crawler/siteCrawl';

/**
 * The crawler's site list (crawl_sites, migration 029), edited by admins (/admin crawl sites). A
 * handful of rows: the list is read whole. Start URLs are stored normalised (crawler/urls), so the
 * unique start_url catches one site entered twice with a different spelling; extra hosts lower-cased.
 */

export interface CrawlSiteRow {
  id: string;
  name: string;
  start_url: string;
  extra_hosts: string[];
  max_depth: number;
  delay_ms: number;
  concurrency: number;
  allow_private: boolean;
  enabled: boolean;
  updated_by: string | null;
  created_at: Date;
  updated_at: Date;
}

export interface CrawlSiteJson {
  id: string;
  name: string;
  startUrl: string;
  extraHosts: string[];
  maxDepth: number;
  delayMs: number;
  concurrency: number;
  allowPrivate: boolean;
  enabled: boolean;
  createdAt: string;
  updatedAt: string;
}

export const toCrawlSiteJson = (r: CrawlSiteRow): CrawlSiteJson => ({
  id: r.id,
  name: r.name,
  startUrl: r.start_url,
  extraHosts: r.extra_hosts,
  maxDepth: r.max_depth,
  delayMs: r.delay_ms,
  concurrency: r.concurrency,
  allowPrivate: r.allow_private,
  enabled: r.enabled,
  createdAt: r.created_at.toISOString(),
  updatedAt: r.updated_at.toISOString(),
});

/** What the crawl needs of a site. */
export const toCrawlSiteConfig = (r: CrawlSiteRow): CrawlSiteConfig => ({
  id: r.id,
  startUrl: r.start_url,
  extraHosts: r.extra_hosts,
  maxDepth: r.max_depth,
  delayMs: r.delay_ms,
  concurrency: r.concurrency,
  allowPrivate: r.allow_private,
});

export async function crawlSites(k: Knex): Promise<CrawlSiteRow[]> {
  return k<CrawlSiteRow>('crawl_sites').orderBy([{ column: 'name' }, { column: 'id' }]);
}

export async function enabledCrawlSites(k: Knex): Promise<CrawlSiteRow[]> {
  return k<CrawlSiteRow>('crawl_sites').where({ enabled: true }).orderBy([{ column: 'name' }, { column: 'id' }]);
}

export async function crawlSiteById(k: Knex, id: string): Promise<CrawlSiteRow | undefined> {
  if (!UUID_PATTERN.test(id)) return undefined;
  return k<CrawlSiteRow>('crawl_sites').where({ id }).first();
}

const columns = (input: CrawlSiteInput, by: string | null, k: Knex) => ({
  name: input.name,
  // The schema accepted it as crawlable, so it normalises.
  start_url: normalizeUrl(input.startUrl)!,
  extra_hosts: k.raw('?::text[]', [[...new Set(input.extraHosts.map((h) => h.toLowerCase()))]]),
  max_depth: input.maxDepth,
  delay_ms: input.delayMs,
  concurrency: input.concurrency,
  allow_private: input.allowPrivate,
  enabled: input.enabled,
  updated_by: by,
});

/** 'duplicate' when another site already starts at this URL. */
export type CrawlSiteWrite = CrawlSiteRow | 'duplicate';

const isUniqueViolation = (err: unknown) => (err as { code?: string })?.code === '23505';

export async function insertCrawlSite(k: Knex, input: CrawlSiteInput, by: string | null): Promise<CrawlSiteWrite> {
  const [row] = await k<CrawlSiteRow>('crawl_sites').insert(columns(input, by, k)).onConflict('start_url').ignore().returning('*');
  return row ?? 'duplicate';
}

/** undefined when there is no such site. */
export async function updateCrawlSite(k: Knex, id: string, input: CrawlSiteInput, by: string | null): Promise<CrawlSiteWrite | undefined> {
  if (!UUID_PATTERN.test(id)) return undefined;
  try {
    const [row] = await k<CrawlSiteRow>('crawl_sites')
      .where({ id })
      .update({ ...columns(input, by, k), updated_at: k.fn.now() })
      .returning('*');
    return row;
  } catch (err) {
    if (isUniqueViolation(err)) return 'duplicate';
    throw err;
  }
}

/** Its fetch log and pages stay (their site_id set null by the foreign keys): evidence outlives the site's entry. */
export async function deleteCrawlSite(k: Knex, id: string): Promise<boolean> {
  if (!UUID_PATTERN.test(id)) return false;
  return (await k('crawl_sites').where({ id }).delete()) > 0;
}
