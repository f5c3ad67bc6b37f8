import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { asyncLocalStorage } from '@temporalio/activity';
import type { Knex } from 'knex';
import sharp from 'sharp';
import { siteOrigin } from '../api/lib/siteOrigin';
import { Crawler, MAX_HTML_BYTES, MAX_IMAGE_BYTES, userAgent } from '../crawler/fetcher';
import { SiteCrawl, type SiteCrawlStore, type SiteProgress } from '../crawler/siteCrawl';
import {
  crawlImageByUrl, crawlPageByUrl, crawlRunById, finishCrawlRun, insertCrawlFetch, pagesFetchedSince, recentFinishedRun, saveChangedPage, saveCrawlImage,
  startOrJoinCrawlRun, touchCrawlRun, touchUnchangedPage, type CrawlRunRow,
} from '../db/crawl';
import { enabledCrawlSites, toCrawlSiteConfig } from '../db/crawlSites';
import type { ObjectStore } from '../storage';
import { heartbeat } from './lib/heartbeat';

export interface CrawlSitesInput {
  /** Who asked, e.g. the subscription workflow's id (crawl_runs.trigger). */
  trigger: string;
  /** A finished run started less than this long ago is returned instead of crawling again. */
  reuseWithinMs?: number;
}

export interface CrawlSitesResult {
  runId: string;
  pagesFetched: number;
  pagesUnchanged: number;
  errors: number;
  /** The run was another caller's (recent enough, or still going when asked). */
  reused: boolean;
}

/** The heartbeat's details: the run and each site's progress, for a retried attempt to resume. */
export interface CrawlProgress {
  runId: string;
  sites: Record<string, SiteProgress>;
}

/** Where pages' HTML and pictures are kept: by content, so a page or picture seen twice is stored once. */
export const pageSnapshotKey = (sha256: string) => `crawl/pages/${sha256}.html`;
export const crawlImageKey = (sha256: string) => `crawl/images/${sha256}`;

/** Heartbeats every HEARTBEAT_MS carry the progress; the run's heartbeat_at is renewed every RUN_ALIVE_MS / 6. */
export const HEARTBEAT_MS = 2_000;
/** A run whose heartbeat is older than this is no longer being crawled (its worker died; its retry may resume it). */
export const RUN_ALIVE_MS = 60_000;
/** Sites crawled at once: each keeps its own hosts' politeness, so they do not slow each other. */
export const SITES_AT_ONCE = 3;
/** A site gets this long per crawl; what is left of it is crawled next time. */
export const SITE_BUDGET_MS = 30 * 60_000;
/** A picture fetched within this long is linked to a changed page as it is, not downloaded again. */
export const IMAGE_REFRESH_MS = 7 * 24 * 3600_000;

const IMAGE_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);

const summary = (run: CrawlRunRow, reused: boolean): CrawlSitesResult => ({
  runId: run.id,
  pagesFetched: run.pages_fetched,
  pagesUnchanged: run.pages_unchanged,
  errors: run.errors,
  reused,
});

async function readAll(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Puts `bytes` under a content-addressed key unless it is there already. */
async function putOnce(store: ObjectStore, key: string, bytes: Buffer, contentType: string, maxBytes: number): Promise<void> {
  if (await store.head(key)) return;
  await store.put(key, Readable.from([bytes]), { contentType, maxBytes });
}

/** What a site crawl stores where: crawl_pages, crawl_images and their links; HTML and pictures in the object store. */
function siteStore(k: Knex, store: ObjectStore, siteId: string, imageRefreshMs: number): SiteCrawlStore {
  return {
    async page(url) {
      const row = await crawlPageByUrl(k, url);
      return row ? { etag: row.etag, lastModified: row.last_modified, sha256: row.sha256 } : null;
    },
    async storedHtml(url) {
      const row = await crawlPageByUrl(k, url);
      const object = row?.snapshot_key ? await store.get(row.snapshot_key) : null;
      return object ? { html: await readAll(object.body), contentType: object.contentType } : null;
    },
    async imageWanted(url) {
      const row = await crawlImageByUrl(k, url);
      return !row?.sha256 || !row.thumbnail_key || !row.last_fetched_at || Date.now() - row.last_fetched_at.getTime() > imageRefreshMs;
    },
    async imageFetched(url, bytes, sha256, contentType) {
      let meta: sharp.Metadata;
      try {
        meta = await sharp(bytes).metadata();
      } catch {
        return; // not a picture sharp can read: nothing to match
      }
      if (!meta.format || !IMAGE_FORMATS.has(meta.format) || !meta.width || !meta.height) return;
      const turned = (meta.orientation ?? 1) >= 5;
      const key = crawlImageKey(sha256);
      await putOnce(store, key, bytes, contentType?.split(';')[0].trim() || `image/${meta.format}`, MAX_IMAGE_BYTES);
      await saveCrawlImage(k, { url, sha256, width: turned ? meta.height : meta.width, height: turned ? meta.width : meta.height, key });
    },
    async pageChanged(page, images) {
      const key = pageSnapshotKey(page.sha256);
      await putOnce(store, key, page.html, page.contentType ?? 'text/html', MAX_HTML_BYTES);
      const { extract } = page;
      // og:title and og:description are what a shared link shows; kept beside the page's own for keyword matching.
      const description = [...new Set([extract.description, extract.ogDescription, extract.ogTitle !== extract.title ? extract.ogTitle : ''].filter(Boolean))].join('\n');
      await saveChangedPage(
        k,
        { siteId, url: page.url, depth: page.depth, status: page.status, etag: page.etag, lastModified: page.lastModified, sha256: page.sha256, title: extract.title, description, text: extract.text, snapshotKey: key },
        images,
      );
    },
    async pageUnchanged(page) {
      await touchUnchangedPage(k, { siteId, ...page });
    },
  };
}

/** Runs `fn` over `items`, at most `limit` at a time. */
async function eachLimited<T>(items: T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await fn(items[next++]);
    }),
  );
}

export interface CrawlActivityOptions {
  /** Tests shorten the per-site time budget and the picture refresh. */
  siteBudgetMs?: number;
  imageRefreshMs?: number;
}

/**
 * The crawl activity (issue 15): crawls every enabled site politely (crawler/), storing pages,
 * snapshots, pictures and the fetch log, and heartbeats its progress every couple of seconds so a
 * retried attempt after a killed worker resumes where the last heartbeat left it, without fetching
 * again the pages it finished since (read back from crawl_pages). Many subscriptions share one
 * crawl: a recent finished run is reused (reuseWithinMs), and a run still going is joined. It does
 * not sign pictures (signCrawledImages does).
 */
export function crawlActivities(k: Knex, store: ObjectStore, o: CrawlActivityOptions = {}) {
  async function waitForRun(runId: string, signal?: AbortSignal): Promise<CrawlRunRow | null> {
    for (;;) {
      const run = await crawlRunById(k, runId);
      if (!run) return null;
      if (run.finished_at) return run;
      if (!run.heartbeat_at || Date.now() - run.heartbeat_at.getTime() > RUN_ALIVE_MS) return null;
      heartbeat({ waitingFor: runId });
      await sleep(HEARTBEAT_MS, undefined, { signal });
    }
  }

  async function crawl(run: CrawlRunRow, resume: CrawlProgress | undefined, cancelled: AbortSignal | undefined): Promise<void> {
    const sites = (await enabledCrawlSites(k)).map(toCrawlSiteConfig);
    // One site's failure fails the attempt: the other sites' fetches stop at once rather than run on unwatched.
    const failed = new AbortController();
    const signal = AbortSignal.any([failed.signal, ...(cancelled ? [cancelled] : [])]);
    const progress: Record<string, () => SiteProgress> = {};
    for (const [id, p] of Object.entries(resume?.sites ?? {})) if (p.finished) progress[id] = () => p;
    const crawler = new Crawler({ userAgent: userAgent(siteOrigin()), record: (e) => insertCrawlFetch(k, run.id, e), signal });
    await touchCrawlRun(k, run.id);
    const beat = () => heartbeat({ runId: run.id, sites: Object.fromEntries(Object.entries(progress).map(([id, p]) => [id, p()])) } satisfies CrawlProgress);
    let beats = 0;
    const timer = setInterval(() => {
      beat();
      if (++beats % Math.max(1, Math.floor(RUN_ALIVE_MS / 6 / HEARTBEAT_MS)) === 0) void touchCrawlRun(k, run.id).catch(() => undefined);
    }, HEARTBEAT_MS);
    try {
      await eachLimited(sites, SITES_AT_ONCE, async (site) => {
        const before = resume?.sites[site.id];
        const siteCrawl = new SiteCrawl(site, crawler, siteStore(k, store, site.id, o.imageRefreshMs ?? IMAGE_REFRESH_MS), { deadline: Date.now() + (o.siteBudgetMs ?? SITE_BUDGET_MS) }, before);
        progress[site.id] = () => siteCrawl.progress();
        // Also for a site the last heartbeat did not list yet: the pages it finished are known from crawl_pages.
        if (resume && !before?.finished) await siteCrawl.resumeFinished(await pagesFetchedSince(k, site.id, run.started_at));
        await siteCrawl.run();
        beat();
      });
    } catch (err) {
      failed.abort(err);
      throw err;
    } finally {
      clearInterval(timer);
      await crawler.close();
    }
  }

  return {
    async crawlSites(input: CrawlSitesInput): Promise<CrawlSitesResult> {
      const ctx = asyncLocalStorage.getStore();
      const signal = ctx?.cancellationSignal;
      const details = ctx?.info.heartbeatDetails as Partial<CrawlProgress> | undefined;
      let run = details?.runId ? await crawlRunById(k, details.runId) : undefined;
      if (run?.finished_at) return summary(run, false);
      let resume = run ? (details as CrawlProgress) : undefined;
      while (!run) {
        if (input.reuseWithinMs) {
          const recent = await recentFinishedRun(k, input.reuseWithinMs);
          if (recent) return summary(recent, true);
        }
        const started = await startOrJoinCrawlRun(k, input.trigger, RUN_ALIVE_MS);
        if (!started.joined) run = started.run;
        else {
          const other = await waitForRun(started.run.id, signal);
          if (other) return summary(other, true);
          // That run's worker died and nobody resumed it: crawl afresh.
        }
        resume = undefined;
      }
      heartbeat({ runId: run.id, sites: resume?.sites ?? {} } satisfies CrawlProgress);
      await crawl(run, resume, signal);
      return summary(await finishCrawlRun(k, run.id), false);
    },
  };
}
