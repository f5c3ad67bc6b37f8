import type { Knex } from 'knex';
import type { FetchLogEntry } from '../crawler/fetcher';
import type { PageImage } from '../crawler/extract';

/**
 * The crawler's writes and the reads a crawl needs (migrations 029 and 031): runs, the fetch log,
 * the last state of each page and each picture, and which page shows which picture. Pages and
 * pictures are keyed by their URL, so a retried crawl writes the same rows again rather than new ones.
 * The back office's lists of runs and fetches are in db/monitoringAdmin.ts.
 */

export interface CrawlRunRow {
  id: string;
  trigger: string;
  started_at: Date;
  finished_at: Date | null;
  heartbeat_at: Date | null;
  pages_fetched: number;
  pages_unchanged: number;
  errors: number;
  bytes: string;
}

/**
 * Starts a run unless another is alive (its heartbeat within `aliveMs`): then that one is returned
 * with `joined`. Serialised by an advisory lock, so two crawls asked for at once start one run.
 */
export async function startOrJoinCrawlRun(k: Knex, trigger: string, aliveMs: number): Promise<{ run: CrawlRunRow; joined: boolean }> {
  return k.transaction(async (tx) => {
    await tx.raw("select pg_advisory_xact_lock(hashtext('crawl_runs'))");
    const live = await tx<CrawlRunRow>('crawl_runs')
      .whereNull('finished_at')
      .where('heartbeat_at', '>', tx.raw("now() - ? * interval '1 millisecond'", [aliveMs]))
      .orderBy('heartbeat_at', 'desc')
      .first();
    if (live) return { run: live, joined: true };
    const [run] = await tx<CrawlRunRow>('crawl_runs').insert({ trigger: trigger.slice(0, 120), heartbeat_at: tx.fn.now() }).returning('*');
    return { run, joined: false };
  });
}

export async function crawlRunById(k: Knex, id: string): Promise<CrawlRunRow | undefined> {
  return k<CrawlRunRow>('crawl_runs').where({ id }).first();
}

/** The newest finished run started less than `withinMs` ago (crawl_runs_finished). */
export async function recentFinishedRun(k: Knex, withinMs: number): Promise<CrawlRunRow | undefined> {
  return k<CrawlRunRow>('crawl_runs')
    .whereNotNull('finished_at')
    .where('started_at', '>', k.raw("now() - ? * interval '1 millisecond'", [withinMs]))
    .orderBy('started_at', 'desc')
    .first();
}

export async function touchCrawlRun(k: Knex, id: string): Promise<void> {
  await k('crawl_runs').where({ id }).whereNull('finished_at').update({ heartbeat_at: k.fn.now() });
}

/**
 * Closes a run with its figures counted from its fetch log (so a run resumed by a retried activity
 * counts each fetch once, whichever attempt made it). Idempotent: a finished run keeps its end time.
 */
export async function finishCrawlRun(k: Knex, id: string): Promise<CrawlRunRow> {
  const { rows } = await k.raw(
    `update crawl_runs r set
       pages_fetched = f.fetched, pages_unchanged = f.unchanged, errors = f.errors, bytes = f.bytes,
       finished_at = coalesce(r.finished_at, now())
     from (select count(*) filter (where kind = 'page' and outcome = 'ok')::int as fetched,
                  count(*) filter (where kind = 'page' and outcome in ('notModified', 'unchanged'))::int as unchanged,
                  count(*) filter (where outcome in ('error', 'tooLarge'))::int as errors,
                  coalesce(sum(bytes), 0)::bigint as bytes
           from crawl_fetches where run_id = ?) f
     where r.id = ? returning r.*`,
    [id, id],
  );
  return rows[0];
}

export async function insertCrawlFetch(k: Knex, runId: string, e: FetchLogEntry): Promise<void> {
  await k('crawl_fetches').insert({
    run_id: runId,
    site_id: e.siteId,
    kind: e.kind,
    url: e.url,
    outcome: e.outcome,
    status: e.status,
    ms: e.ms,
    bytes: e.bytes,
    error: e.error?.slice(0, 200) ?? null,
  });
}

export interface CrawlPageRow {
  id: string;
  url: string;
  depth: number;
  status: number | null;
  etag: string | null;
  last_modified: string | null;
  sha256: string | null;
  snapshot_key: string | null;
}

export async function crawlPageByUrl(k: Knex, url: string): Promise<CrawlPageRow | undefined> {
  return k<CrawlPageRow>('crawl_pages').where({ url }).first('id', 'url', 'depth', 'status', 'etag', 'last_modified', 'sha256', 'snapshot_key');
}

/** The pages of a site fetched since `since` (a run's start): what a killed attempt finished (crawl_pages_site). */
export async function pagesFetchedSince(k: Knex, siteId: string, since: Date): Promise<Array<{ url: string; depth: number }>> {
  return k('crawl_pages').where({ site_id: siteId }).where('last_fetched_at', '>=', since).select('url', 'depth');
}

export interface ChangedPageInput {
  siteId: string;
  url: string;
  depth: number;
  status: number;
  etag: string | null;
  lastModified: string | null;
  sha256: string;
  title: string;
  description: string;
  text: string;
  snapshotKey: string;
}

const header = (v: string | null, max: number) => (v && v.length <= max ? v : null);

/**
 * A new or changed page and the pictures it shows, in one transaction: the page row (content, hash,
 * validators, snapshot key, changed now) and its links to those pictures that are stored (by URL);
 * pictures it no longer shows are unlinked.
 */
export async function saveChangedPage(k: Knex, p: ChangedPageInput, images: PageImage[]): Promise<string> {
  return k.transaction(async (tx) => {
    const values = {
      site_id: p.siteId,
      url: p.url,
      depth: p.depth,
      status: p.status,
      etag: header(p.etag, 200),
      last_modified: header(p.lastModified, 100),
      sha256: p.sha256,
      title: p.title,
      description: p.description,
      text_extract: p.text,
      snapshot_key: p.snapshotKey,
      last_fetched_at: tx.fn.now(),
      last_changed_at: tx.fn.now(),
    };
    const [{ id }] = await tx('crawl_pages').insert(values).onConflict('url').merge().returning('id');
    const stored: Array<{ id: string; url: string }> = images.length ? await tx('crawl_images').whereIn('url', images.map((i) => i.url)).select('id', 'url') : [];
    const alt = new Map(images.map((i) => [i.url, i.alt]));
    const unlink = tx('crawl_page_images').where({ page_id: id });
    if (stored.length) unlink.whereNotIn('image_id', stored.map((s) => s.id));
    await unlink.delete();
    if (stored.length)
      await tx('crawl_page_images')
        .insert(stored.map((s) => ({ page_id: id, image_id: s.id, alt: alt.get(s.url) ?? '' })))
        .onConflict(['page_id', 'image_id'])
        .merge(['alt']);
    return id;
  });
}

/** Fetched again, content as stored (304 or same hash): the fetch time, status and any new validators. */
export async function touchUnchangedPage(k: Knex, p: { siteId: string; url: string; depth: number; status: number; etag: string | null; lastModified: string | null }): Promise<void> {
  await k('crawl_pages')
    .where({ url: p.url })
    .update({
      site_id: p.siteId,
      depth: k.raw('least(depth, ?)', [p.depth]),
      status: p.status === 304 ? k.raw('status') : p.status,
      etag: k.raw('coalesce(?, etag)', [header(p.etag, 200)]),
      last_modified: k.raw('coalesce(?, last_modified)', [header(p.lastModified, 100)]),
      last_fetched_at: k.fn.now(),
    });
}

export interface CrawlImageRow {
  id: string;
  url: string;
  sha256: string | null;
  thumbnail_key: string | null;
  last_fetched_at: Date | null;
}

export async function crawlImageByUrl(k: Knex, url: string): Promise<CrawlImageRow | undefined> {
  return k<CrawlImageRow>('crawl_images').where({ url }).first('id', 'url', 'sha256', 'thumbnail_key', 'last_fetched_at');
}

/**
 * A picture as fetched: its content hash, size and storage key. New content at a known URL drops
 * its signature (pdq, features and what was learnt signing them), so the signer signs it again.
 */
export async function saveCrawlImage(k: Knex, i: { url: string; sha256: string; width: number; height: number; key: string }): Promise<string> {
  const changed = "crawl_images.sha256 is distinct from excluded.sha256";
  const [{ id }] = await k('crawl_images')
    .insert({ url: i.url, sha256: i.sha256, width: i.width, height: i.height, thumbnail_key: i.key, last_fetched_at: k.fn.now() })
    .onConflict('url')
    .merge({
      sha256: k.raw('excluded.sha256'),
      width: k.raw('excluded.width'),
      height: k.raw('excluded.height'),
      thumbnail_key: k.raw('excluded.thumbnail_key'),
      last_fetched_at: k.raw('excluded.last_fetched_at'),
      pdq: k.raw(`case when ${changed} then null else crawl_images.pdq end`),
      features: k.raw(`case when ${changed} then null else crawl_images.features end`),
      pdq_quality: k.raw(`case when ${changed} then null else crawl_images.pdq_quality end`),
      signature_error: k.raw(`case when ${changed} then null else crawl_images.signature_error end`),
    })
    .returning('id');
  return id;
}
