import type { Knex } from 'knex';
import type { CrawlSiteInput } from '../domain/monitoring';

export const DEMO_MARKET_SITE_NAME = '演示市场 Demo marketplace';

/**
 * The crawl site row of the demo marketplace (so monitoring has something to find on a machine
 * without internet): loopback, hence allowPrivate; the part 2 §9 floor of 200 ms between requests;
 * depth 3 reaches every product (home → category page → further page → product).
 */
export const demoMarketSite = (url: string): CrawlSiteInput => ({
  name: DEMO_MARKET_SITE_NAME,
  startUrl: `${url.replace(/\/+$/, '')}/`,
  extraHosts: [],
  maxDepth: 3,
  delayMs: 200,
  concurrency: 2,
  allowPrivate: true,
  enabled: true,
});

/**
 * Upserts the demo marketplace's crawl site; returns its id. Called by `npm start` after the
 * migrations and by the tests' services. The settings are written when the row is created; a later
 * start only moves the start URL (DEMO_MARKET_PORT may change) and keeps what an admin edited since —
 * including having disabled it.
 */
export async function seedDemoMarketSite(k: Knex, url: string): Promise<string> {
  const site = demoMarketSite(url);
  const same = await k('crawl_sites').where({ start_url: site.startUrl }).first('id');
  if (same) return same.id;
  const [moved] = await k('crawl_sites').where({ name: site.name }).update({ start_url: site.startUrl, updated_at: k.fn.now() }).returning('id');
  if (moved) return moved.id;
  const [row] = await k('crawl_sites')
    .insert({
      name: site.name,
      start_url: site.startUrl,
      extra_hosts: k.raw('?::text[]', [site.extraHosts]),
      max_depth: site.maxDepth,
      delay_ms: site.delayMs,
      concurrency: site.concurrency,
      allow_private: site.allowPrivate,
      enabled: site.enabled,
    })
    .onConflict('start_url')
    .merge({ updated_at: k.fn.now() })
    .returning('id');
  return row.id;
}
