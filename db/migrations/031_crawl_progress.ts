import type { Knex } from 'knex';

/**
 * The crawler's bookkeeping beyond migration 029 (issue 15, activities/crawl.ts):
 * - crawl_runs.heartbeat_at: when the activity running the crawl last reported progress. A crawl
 *   asked for while another is alive (a recent heartbeat) waits for it and shares it instead of
 *   crawling every site a second time, which would double the load on the sites.
 * - crawl_fetches.kind: page, image or robots (robots.txt), so the run's counters and the admin's
 *   fetch log tell pages from the pictures and rules fetched with them.
 */
export async function up(k: Knex): Promise<void> {
  await k.schema.alterTable('crawl_runs', (t) => {
    t.timestamp('heartbeat_at', { useTz: true }).nullable();
  });
  await k.raw('create index crawl_runs_unfinished on crawl_runs (heartbeat_at desc) where finished_at is null');
  await k.raw('create index crawl_runs_finished on crawl_runs (started_at desc) where finished_at is not null');
  await k.schema.alterTable('crawl_fetches', (t) => {
    t.string('kind', 8).notNullable().defaultTo('page');
  });
}

export async function down(k: Knex): Promise<void> {
  await k.schema.alterTable('crawl_fetches', (t) => t.dropColumn('kind'));
  await k.raw('drop index if exists crawl_runs_finished');
  await k.raw('drop index if exists crawl_runs_unfinished');
  await k.schema.alterTable('crawl_runs', (t) => t.dropColumn('heartbeat_at'));
}
