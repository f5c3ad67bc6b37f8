import { createHash } from 'node:crypto';
import { MAX_PAGES_PER_SITE } from '../domain/monitoring';
import { extractPage, type PageExtract, type PageImage } from './extract';
import { MAX_HTML_BYTES, MAX_IMAGE_BYTES, type Crawler, type FetchResult, type SiteRules, type Validators } from './fetcher';
import { allowedHosts } from './urls';

/** A crawl_sites row as the crawl needs it (domain CrawlSiteInput). */
export interface CrawlSiteConfig {
  id: string;
  startUrl: string;
  extraHosts: string[];
  maxDepth: number;
  delayMs: number;
  concurrency: number;
  allowPrivate: boolean;
}

/** What is stored of a page (crawl_pages) before this crawl. */
export interface StoredPage extends Validators {
  sha256: string | null;
}

/** A page whose content is new or changed, with its pictures as fetched (or known from before). */
export interface ChangedPage {
  url: string;
  depth: number;
  status: number;
  etag: string | null;
  lastModified: string | null;
  contentType: string | null;
  sha256: string;
  html: Buffer;
  extract: PageExtract;
}

/**
 * Where a site crawl keeps what it finds (the activity: crawl_pages, storage, crawl_images); the
 * crawl itself only fetches, parses and decides.
 */
export interface SiteCrawlStore {
  page(url: string): Promise<StoredPage | null>;
  /** The HTML stored for a page (a 304 gives no body, yet its links are needed to go on). */
  storedHtml(url: string): Promise<{ html: Buffer; contentType: string | null } | null>;
  /** False for a picture stored recently enough: it is linked, not downloaded again. */
  imageWanted(url: string): Promise<boolean>;
  /** A picture's bytes as fetched; the store decides whether it is one (decodes, sizes). */
  imageFetched(url: string, bytes: Buffer, sha256: string, contentType: string | null): Promise<void>;
  /** A new or changed page, after its pictures: stored with links to those of them that are stored. */
  pageChanged(page: ChangedPage, images: PageImage[]): Promise<void>;
  /** Fetched again and the same as stored (304 or same hash): only the fetch time and validators change. */
  pageUnchanged(page: { url: string; depth: number; status: number; etag: string | null; lastModified: string | null }): Promise<void>;
}

/**
 * A site crawl's progress as its heartbeat carries it, so a retried activity resumes: the URLs still
 * to fetch (with depth) and short keys of the URLs done. Bounded: the done set by MAX_PAGES_PER_SITE
 * keys of 12 characters, the frontier to FRONTIER_CHARS (URLs past it are found again next crawl).
 */
export interface SiteProgress {
  frontier: Array<[string, number]>;
  done: string[];
  finished?: boolean;
}
export const FRONTIER_CHARS = 100_000;

/** A URL's key in the done set: 72 bits of its SHA-256, collision-free for a site's few thousand pages. */
export const doneKey = (url: string) => createHash('sha256').update(url).digest('base64url').slice(0, 12);

export const HTML_TYPES = ['text/html', 'application/xhtml+xml'];
export const IMAGE_TYPES = ['image/'];

export interface SiteCrawlOptions {
  /** Stop taking new pages at this time (epoch ms): the rest waits for the next crawl. */
  deadline?: number;
  maxPages?: number;
}

/**
 * One site's crawl: breadth first from its start URL to maxDepth, within its hosts, `concurrency`
 * pages at a time (the Crawler keeps the per-host politeness). A page whose content is unchanged
 * (304, or the same SHA-256) keeps its stored pictures: nothing more is downloaded for it, and its
 * links are read from its stored HTML. Resumes from a SiteProgress and from the pages a killed
 * attempt finished after its last heartbeat (`finishedSince`, read from crawl_pages).
 */
export class SiteCrawl {
  readonly rules: SiteRules;
  private readonly queue: Array<[string, number]> = [];
  private readonly inFlight = new Map<string, number>();
  private readonly done = new Set<string>();
  private readonly seen = new Set<string>();
  private readonly imagesSeen = new Set<string>();
  private finished = false;
  /** A worker failed (the crawl was aborted, or the store failed): the others stop taking pages. */
  private failed = false;
  /** Workers waiting for pages that those in flight may still find. */
  private idle: Array<() => void> = [];

  constructor(
    private readonly site: CrawlSiteConfig,
    private readonly crawler: Crawler,
    private readonly store: SiteCrawlStore,
    private readonly o: SiteCrawlOptions = {},
    resume?: SiteProgress,
  ) {
    this.rules = { id: site.id, hosts: allowedHosts(site.startUrl, site.extraHosts), allowPrivate: site.allowPrivate, delayMs: site.delayMs, concurrency: site.concurrency };
    if (resume) {
      for (const key of resume.done) {
        this.done.add(key);
        this.seen.add(key);
      }
      for (const [url, depth] of resume.frontier) this.enqueue(url, depth);
      this.finished = !!resume.finished;
    } else {
      // Even when it is refused (a private address without allowPrivate): the fetch log then says why the site gave nothing.
      this.seen.add(doneKey(site.startUrl));
      this.queue.push([site.startUrl, 0]);
    }
  }

  private get maxPages() {
    return this.o.maxPages ?? MAX_PAGES_PER_SITE;
  }

  private enqueue(url: string, depth: number): void {
    const key = doneKey(url);
    if (this.seen.has(key) || depth > this.site.maxDepth || this.seen.size >= this.maxPages) return;
    if (this.crawler.refusal(this.rules, url)) return;
    this.seen.add(key);
    this.queue.push([url, depth]);
  }

  progress(): SiteProgress {
    if (this.finished) return { frontier: [], done: [], finished: true };
    const frontier: Array<[string, number]> = [];
    let chars = 0;
    for (const entry of [...this.inFlight, ...this.queue]) {
      chars += entry[0].length + 8;
      if (chars > FRONTIER_CHARS) break;
      frontier.push(entry);
    }
    return { frontier, done: [...this.done] };
  }

  /**
   * Pages a killed attempt finished after its last heartbeat got through: done, and their links
   * (from their stored HTML) followed, so they are not fetched twice.
   */
  async resumeFinished(pages: Array<{ url: string; depth: number }>): Promise<void> {
    for (const p of pages) {
      const key = doneKey(p.url);
      if (this.done.has(key)) continue;
      this.done.add(key);
      this.seen.add(key);
      const i = this.queue.findIndex(([u]) => u === p.url);
      if (i >= 0) this.queue.splice(i, 1);
      await this.followStored(p.url, p.depth);
    }
  }

  async run(): Promise<void> {
    if (this.finished) return;
    await Promise.all(
      Array.from({ length: this.site.concurrency }, () =>
        this.worker().catch((err) => {
          this.failed = true;
          throw err;
        }),
      ),
    );
    this.finished = true;
  }

  private async worker(): Promise<void> {
    for (;;) {
      if (this.failed || (this.o.deadline && Date.now() >= this.o.deadline)) return;
      const next = this.queue.shift();
      if (!next) {
        if (!this.inFlight.size) return;
        await new Promise<void>((resolve) => this.idle.push(resolve));
        continue;
      }
      const [url, depth] = next;
      if (this.done.has(doneKey(url))) continue;
      this.inFlight.set(url, depth);
      try {
        await this.crawlPage(url, depth);
        this.done.add(doneKey(url));
      } finally {
        this.inFlight.delete(url);
        for (const wake of this.idle.splice(0)) wake();
      }
    }
  }

  private follow(links: string[], depth: number): void {
    if (depth >= this.site.maxDepth) return;
    for (const link of links) this.enqueue(link, depth + 1);
  }

  private async followStored(url: string, depth: number): Promise<boolean> {
    if (depth >= this.site.maxDepth) return true;
    const stored = await this.store.storedHtml(url);
    if (!stored) return false;
    this.follow(extractPage(stored.html, url, stored.contentType).links, depth);
    return true;
  }

  private async crawlPage(url: string, depth: number): Promise<void> {
    const stored = new Map<string, StoredPage | null>();
    const previous = async (u: string) => {
      if (!stored.has(u)) stored.set(u, await this.store.page(u));
      return stored.get(u)!;
    };
    const fetchPage = (conditional: boolean) =>
      this.crawler.get(this.rules, url, {
        kind: 'page',
        maxBytes: MAX_HTML_BYTES,
        accept: HTML_TYPES,
        validators: conditional ? previous : undefined,
        unchanged: async (u, sha) => (await previous(u))?.sha256 === sha,
      });
    let r = await fetchPage(true);
    if (r.outcome === 'notModified' && !(await this.followStored(r.url, depth))) r = await fetchPage(false);
    if (r.url !== url) {
      // Redirected: the page lives at its final address, fetched once per crawl whichever way it was reached.
      const key = doneKey(r.url);
      if (this.done.has(key)) return;
      this.done.add(key);
      this.seen.add(key);
    }
    if (r.outcome === 'notModified') {
      await this.store.pageUnchanged({ url: r.url, depth, status: 304, etag: r.etag, lastModified: r.lastModified });
      return;
    }
    if ((r.outcome !== 'ok' && r.outcome !== 'unchanged') || !r.body) return;
    const extract = extractPage(r.body, r.url, r.contentType);
    this.follow(extract.links, depth);
    if (r.outcome === 'unchanged') {
      await this.store.pageUnchanged({ url: r.url, depth, status: r.status!, etag: r.etag, lastModified: r.lastModified });
      return;
    }
    await this.fetchImages(extract.images);
    await this.store.pageChanged(this.changed(r, depth, extract), extract.images);
  }

  private changed(r: FetchResult, depth: number, extract: PageExtract): ChangedPage {
    return { url: r.url, depth, status: r.status!, etag: r.etag, lastModified: r.lastModified, contentType: r.contentType, sha256: r.sha256!, html: r.body!, extract };
  }

  /** The page's pictures on the site's hosts that are not stored yet (each once per crawl). */
  private async fetchImages(images: PageImage[]): Promise<void> {
    for (const { url } of images) {
      if (this.imagesSeen.has(url) || this.crawler.refusal(this.rules, url)) continue;
      this.imagesSeen.add(url);
      if (!(await this.store.imageWanted(url))) continue;
      const r = await this.crawler.get(this.rules, url, { kind: 'image', maxBytes: MAX_IMAGE_BYTES, accept: IMAGE_TYPES });
      // Kept under the address the page names (a redirect's target may change; the page's reference does not).
      if (r.outcome === 'ok' && r.body) await this.store.imageFetched(url, r.body, r.sha256!, r.contentType);
    }
  }
}
