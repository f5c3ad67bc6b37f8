import { createHash } from 'node:crypto';
import { pipeline, type Readable } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import robotsParser from 'robots-parser';
import { Agent, request, type Dispatcher } from 'undici';
import { MIN_CRAWL_DELAY_MS } from '../domain/monitoring';
import { AddressRefused, guardedLookup, isForbiddenAddress } from './addresses';
import { HostGates } from './politeness';
import { hostOf, ipLiteral, normalizeUrl } from './urls';

/** The robots.txt token the crawler answers to, and its User-Agent (pointing site owners at the service's page). */
export const ROBOTS_TOKEN = 'IPCI-Monitor';
export const userAgent = (siteOrigin: string) => `Mozilla/5.0 (compatible; ${ROBOTS_TOKEN}/1.0; +${siteOrigin}/en-US/ipci/protect/monitoring)`;

/** Spec part 2 §9: 10 s on the configured client — per request, headers and body together. */
export const FETCH_TIMEOUT_MS = 10_000;
export const MAX_HTML_BYTES = 5 * 1024 * 1024;
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
/** RFC 9309: a crawler reads at least the first 500 KiB of robots.txt; we read that much and parse it. */
export const MAX_ROBOTS_BYTES = 500 * 1024;
export const MAX_REDIRECTS = 5;
/** Tries of one URL that got a 429, a 5xx or no answer, before it is given up for this crawl. */
export const MAX_ATTEMPTS = 3;
/** A server asking us to wait longer than this (Retry-After) is left alone for the rest of the crawl. */
export const MAX_BACKOFF_MS = 60_000;
/** Robots.txt Crawl-delay is honoured up to this; a site asking for more is crawled this slowly. */
export const MAX_ROBOTS_DELAY_MS = 60_000;

export type FetchKind = 'page' | 'image' | 'robots';
/**
 * The fetch log's outcomes (crawl_fetches.outcome):
 * ok — a usable answer; redirect — a 3xx hop (the next hop is its own row); notModified — 304 to a
 * conditional request; unchanged — 200 with the stored content hash (set by the caller); backoff — a
 * 429/5xx or network failure that will be tried again; robotsDenied — robots.txt disallows it (not
 * fetched); refused — not fetched or not kept: a host outside the site, a private address, a scheme or
 * a content type the crawler does not take; error — HTTP 4xx, or a failure after the last try;
 * tooLarge — over the size cap.
 */
export type FetchOutcome = 'ok' | 'redirect' | 'notModified' | 'unchanged' | 'backoff' | 'robotsDenied' | 'refused' | 'error' | 'tooLarge';

export interface FetchLogEntry {
  siteId: string;
  kind: FetchKind;
  url: string;
  outcome: FetchOutcome;
  status: number | null;
  ms: number;
  /** Bytes received on the wire (compressed when the server compressed). */
  bytes: number;
  error: string | null;
}

/** What a site allows the crawl (domain CrawlSiteInput, with the hosts resolved by urls.allowedHosts). */
export interface SiteRules {
  id: string;
  hosts: ReadonlySet<string>;
  allowPrivate: boolean;
  delayMs: number;
  concurrency: number;
}

export interface Validators {
  etag: string | null;
  lastModified: string | null;
}

export interface FetchRequest {
  kind: FetchKind;
  maxBytes: number;
  /** Content types taken (prefix match, e.g. 'image/'); anything else is refused unread. */
  accept: string[];
  /** The stored validators of a URL, asked for each hop, for If-None-Match / If-Modified-Since. */
  validators?: (url: string) => Promise<Validators | null>;
  /** Whether a body with this SHA-256 is what is stored for the URL already: logged as unchanged rather than ok. */
  unchanged?: (url: string, sha256: string) => Promise<boolean>;
}

export interface FetchResult {
  outcome: FetchOutcome;
  /** The URL finally answered (after redirects). */
  url: string;
  status: number | null;
  contentType: string | null;
  body?: Buffer;
  /** Of the body, hex. */
  sha256?: string;
  etag: string | null;
  lastModified: string | null;
  error: string | null;
}

export interface CrawlerOptions {
  userAgent: string;
  /** Every request (and every URL refused or denied before one) is reported here, in order. */
  record: (entry: FetchLogEntry) => void | Promise<void>;
  /** Aborts waits and requests when the crawl must stop (activity cancelled or out of time). */
  signal?: AbortSignal;
  timeoutMs?: number;
  /** First wait after a 429/5xx without Retry-After; doubled each try. */
  backoffMs?: number;
}

interface Robots {
  allowed(url: string): boolean;
  /** robots.txt could not even be asked for (a private address): the host's URLs are refused for the same reason. */
  refused?: string;
}
const ALLOW_ALL: Robots = { allowed: () => true };
const DENY_ALL: Robots = { allowed: () => false };

class BodyTooLarge extends Error {
  constructor(readonly wire: number) {
    super('body too large');
  }
}

/**
 * Reads a body up to `maxBytes` of content (after decompression, so a small gzip bomb is caught too);
 * `truncate` keeps the first `maxBytes` instead of failing. `wire` counts the bytes received.
 */
async function readBody(body: Readable, encoding: string | null, maxBytes: number, truncate: boolean): Promise<{ bytes: Buffer; wire: number }> {
  let wire = 0;
  body.on('data', (c: Buffer) => void (wire += c.length));
  const decoder = encoding === 'gzip' || encoding === 'x-gzip' ? createGunzip() : encoding === 'deflate' ? createInflate() : encoding === 'br' ? createBrotliDecompress() : null;
  const stream: Readable = decoder ? pipeline(body, decoder, () => undefined) : body;
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of stream) {
      const c = chunk as Buffer;
      if (size + c.length > maxBytes) {
        if (!truncate) throw new BodyTooLarge(wire);
        chunks.push(c.subarray(0, maxBytes - size));
        size = maxBytes;
        break;
      }
      chunks.push(c);
      size += c.length;
    }
  } finally {
    if (!body.readableEnded) body.destroy();
  }
  return { bytes: Buffer.concat(chunks, size), wire };
}

/** Retry-After as a wait in ms (delta-seconds or an HTTP date); null when absent or unreadable. */
export function retryAfterMs(value: string | string[] | undefined, now = Date.now()): number | null {
  const v = Array.isArray(value) ? value[0] : value;
  if (!v) return null;
  if (/^\s*\d+\s*$/.test(v)) return Number(v) * 1000;
  const at = Date.parse(v);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

const header = (h: Record<string, string | string[] | undefined>, name: string): string | null => {
  const v = h[name];
  return (Array.isArray(v) ? v[0] : v) ?? null;
};

/** Why a request failed, short enough for the fetch log. */
const describe = (err: unknown): string => {
  const e = err as { code?: string; message?: string; cause?: { code?: string; message?: string } };
  return String(e?.code ?? e?.cause?.code ?? e?.message ?? err).slice(0, 200);
};

const isAddressRefused = (err: unknown): err is AddressRefused =>
  err instanceof AddressRefused || (err as { cause?: unknown })?.cause instanceof AddressRefused || (err as { code?: string })?.code === 'ERR_CRAWL_ADDRESS_REFUSED';

/**
 * One crawl's HTTP client: every request of every site goes through `fetch`, which keeps to the
 * site's hosts and addresses, robots.txt (read once per origin per crawl) and per-host politeness,
 * follows redirects itself (each hop checked like a link), retries 429/5xx with back-off, caps sizes
 * and time, and reports every fetch. Close it at the end (it holds the connection pools).
 */
export class Crawler {
  private readonly gates = new HostGates();
  private readonly robots = new Map<string, Promise<Robots>>();
  /** Hosts that asked for a longer pause than a crawl can wait: left until the next crawl. */
  private readonly abandoned = new Set<string>();
  private readonly agents: Record<'guarded' | 'open', Dispatcher>;
  private readonly timeoutMs: number;
  private readonly backoffMs: number;

  constructor(private readonly o: CrawlerOptions) {
    this.timeoutMs = o.timeoutMs ?? FETCH_TIMEOUT_MS;
    this.backoffMs = o.backoffMs ?? 1000;
    const agent = (lookup?: ReturnType<typeof guardedLookup>) =>
      new Agent({ connect: { timeout: this.timeoutMs, ...(lookup ? { lookup } : {}) }, headersTimeout: this.timeoutMs, bodyTimeout: this.timeoutMs, keepAliveTimeout: 10_000 });
    this.agents = { guarded: agent(guardedLookup()), open: agent() };
  }

  async close(): Promise<void> {
    await Promise.all(Object.values(this.agents).map((a) => a.close()));
  }

  /** Whether `url` may be fetched for `site` at all: http(s), one of its hosts, no private literal address. */
  refusal(site: SiteRules, url: string): string | null {
    const normal = normalizeUrl(url);
    if (!normal) return 'not an http(s) URL';
    if (!site.hosts.has(hostOf(normal))) return 'host not in the site';
    const literal = ipLiteral(normal);
    if (literal && !site.allowPrivate && isForbiddenAddress(literal)) return 'private address';
    return null;
  }

  private gate(site: SiteRules, host: string) {
    return this.gates.get(host, Math.max(site.delayMs, MIN_CRAWL_DELAY_MS), site.concurrency);
  }

  private robotsFor(site: SiteRules, url: string): Promise<Robots> {
    const origin = new URL(url).origin;
    let robots = this.robots.get(origin);
    if (!robots) this.robots.set(origin, (robots = this.readRobots(site, origin)));
    return robots;
  }

  /**
   * RFC 9309: a robots.txt answered 2xx is obeyed; 4xx means there is none (everything allowed); a
   * 5xx, no answer, or a redirect off the site means the host is unreachable: nothing is crawled there
   * this time. A Crawl-delay for our token (or *) raises the host's delay.
   */
  private async readRobots(site: SiteRules, origin: string): Promise<Robots> {
    const robotsUrl = `${origin}/robots.txt`;
    const r = await this.fetch(site, robotsUrl, { kind: 'robots', maxBytes: MAX_ROBOTS_BYTES, accept: [''] }, false);
    if (r.outcome === 'ok') {
      const rules = robotsParser(robotsUrl, r.body!.toString('utf8'));
      const delay = Math.min(MAX_ROBOTS_DELAY_MS, Math.round((Number(rules.getCrawlDelay(ROBOTS_TOKEN)) || 0) * 1000));
      if (delay > 0) this.gate(site, hostOf(robotsUrl)).raiseDelay(delay);
      return { allowed: (u) => rules.isAllowed(u, ROBOTS_TOKEN) !== false };
    }
    if (r.outcome === 'refused') return { ...DENY_ALL, refused: r.error ?? 'refused' };
    if (r.status !== null && r.status >= 400 && r.status < 500) return ALLOW_ALL;
    return DENY_ALL;
  }

  private async log(site: SiteRules, kind: FetchKind, url: string, outcome: FetchOutcome, status: number | null, started: number, bytes: number, error: string | null) {
    await this.o.record({ siteId: site.id, kind, url, outcome, status, ms: Math.round(performance.now() - started), bytes, error });
  }

  /** Fetches `url` for `site` (see the class comment); never throws for the site's own failures, only when the crawl is aborted. */
  async get(site: SiteRules, url: string, req: FetchRequest): Promise<FetchResult> {
    return this.fetch(site, url, req, true);
  }

  private async fetch(site: SiteRules, startUrl: string, req: FetchRequest, obeyRobots: boolean): Promise<FetchResult> {
    let url = startUrl;
    const result = (outcome: FetchOutcome, status: number | null, error: string | null, more: Partial<FetchResult> = {}): FetchResult => ({
      outcome, url, status, contentType: null, etag: null, lastModified: null, error, ...more,
    });
    for (let hop = 0; ; hop++) {
      const refusal = this.refusal(site, url);
      if (refusal) {
        await this.log(site, req.kind, url, 'refused', null, performance.now(), 0, refusal);
        return result('refused', null, refusal);
      }
      const host = hostOf(url);
      if (this.abandoned.has(host)) return result('error', null, 'host asked to be left alone');
      if (obeyRobots) {
        const robots = await this.robotsFor(site, url);
        if (robots.refused) {
          await this.log(site, req.kind, url, 'refused', null, performance.now(), 0, robots.refused);
          return result('refused', null, robots.refused);
        }
        if (!robots.allowed(url)) {
          await this.log(site, req.kind, url, 'robotsDenied', null, performance.now(), 0, null);
          return result('robotsDenied', null, null);
        }
      }
      const answer = await this.tryRequest(site, url, req);
      if (answer.outcome !== 'redirect') return { ...answer, url };
      const next = answer.location ? normalizeUrl(answer.location, url) : null;
      if (!next) return result('error', answer.status, 'redirect without a usable Location');
      if (hop >= MAX_REDIRECTS) return result('error', answer.status, 'too many redirects');
      url = next;
    }
  }

  /** One URL, retried on 429/5xx/no answer; its redirect is returned for fetch() to check and follow. */
  private async tryRequest(site: SiteRules, url: string, req: FetchRequest): Promise<FetchResult & { location?: string }> {
    const host = hostOf(url);
    const gate = this.gate(site, host);
    const validators = req.validators ? await req.validators(url) : null;
    const headers: Record<string, string> = {
      'user-agent': this.o.userAgent,
      accept: req.kind === 'image' ? 'image/avif,image/webp,image/png,image/jpeg,image/*;q=0.8' : req.kind === 'page' ? 'text/html,application/xhtml+xml;q=0.9' : 'text/plain,*/*;q=0.5',
      'accept-encoding': 'gzip, deflate, br',
      'accept-language': 'zh-CN,zh;q=0.9,en;q=0.8,ja;q=0.7',
    };
    if (validators?.etag) headers['if-none-match'] = validators.etag;
    if (validators?.lastModified) headers['if-modified-since'] = validators.lastModified;
    const base = { url, contentType: null, etag: null, lastModified: null };

    for (let attempt = 1; ; attempt++) {
      const release = await gate.acquire(this.o.signal);
      const started = performance.now();
      try {
        const signal = AbortSignal.any([AbortSignal.timeout(this.timeoutMs), ...(this.o.signal ? [this.o.signal] : [])]);
        const res = await request(url, { method: 'GET', headers, signal, dispatcher: this.agents[site.allowPrivate ? 'open' : 'guarded'] });
        const status = res.statusCode;
        const h = res.headers;
        if (status === 429 || status >= 500) {
          await res.body.dump().catch(() => undefined);
          const wait = retryAfterMs(h['retry-after']) ?? this.backoffMs * 2 ** (attempt - 1);
          if (attempt < MAX_ATTEMPTS && wait <= MAX_BACKOFF_MS) {
            await this.log(site, req.kind, url, 'backoff', status, started, 0, `retry in ${wait} ms`);
            gate.pauseUntil(Date.now() + wait);
            continue;
          }
          let error = `HTTP ${status}`;
          if (wait > MAX_BACKOFF_MS) {
            this.abandoned.add(host);
            error = `asked to wait ${Math.round(wait / 1000)} s`;
          }
          await this.log(site, req.kind, url, 'error', status, started, 0, error);
          return { ...base, outcome: 'error', status, error };
        }
        if (status >= 300 && status < 400 && status !== 304) {
          await res.body.dump().catch(() => undefined);
          await this.log(site, req.kind, url, 'redirect', status, started, 0, null);
          return { ...base, outcome: 'redirect', status, error: null, location: header(h, 'location') ?? undefined };
        }
        const more = { status, etag: header(h, 'etag'), lastModified: header(h, 'last-modified'), contentType: header(h, 'content-type') };
        if (status === 304) {
          await res.body.dump().catch(() => undefined);
          await this.log(site, req.kind, url, 'notModified', status, started, 0, null);
          return { ...base, ...more, outcome: 'notModified', error: null };
        }
        if (status >= 400) {
          const { wire } = await readBody(res.body, null, 64 * 1024, true).catch(() => ({ wire: 0 }));
          await this.log(site, req.kind, url, 'error', status, started, wire, `HTTP ${status}`);
          return { ...base, ...more, outcome: 'error', error: `HTTP ${status}` };
        }
        const type = (more.contentType ?? '').split(';')[0].trim().toLowerCase();
        if (!req.accept.some((a) => type.startsWith(a))) {
          await res.body.dump().catch(() => undefined);
          const error = `content type ${type || 'missing'}`.slice(0, 200);
          await this.log(site, req.kind, url, 'refused', status, started, 0, error);
          return { ...base, ...more, outcome: 'refused', error };
        }
        const encoding = header(h, 'content-encoding')?.trim().toLowerCase() ?? null;
        const declared = Number(header(h, 'content-length') ?? NaN);
        if (!encoding && declared > req.maxBytes && req.kind !== 'robots') {
          await res.body.dump().catch(() => undefined);
          await this.log(site, req.kind, url, 'tooLarge', status, started, 0, `${declared} bytes`);
          return { ...base, ...more, outcome: 'tooLarge', error: `${declared} bytes` };
        }
        try {
          const { bytes, wire } = await readBody(res.body, encoding, req.maxBytes, req.kind === 'robots');
          const sha256 = createHash('sha256').update(bytes).digest('hex');
          const outcome = req.unchanged && (await req.unchanged(url, sha256)) ? 'unchanged' : 'ok';
          await this.log(site, req.kind, url, outcome, status, started, wire, null);
          return { ...base, ...more, outcome, body: bytes, sha256, error: null };
        } catch (err) {
          if (!(err instanceof BodyTooLarge)) throw err;
          await this.log(site, req.kind, url, 'tooLarge', status, started, err.wire, `over ${req.maxBytes} bytes`);
          return { ...base, ...more, outcome: 'tooLarge', error: `over ${req.maxBytes} bytes` };
        }
      } catch (err) {
        if (this.o.signal?.aborted) throw this.o.signal.reason;
        if (isAddressRefused(err)) {
          await this.log(site, req.kind, url, 'refused', null, started, 0, 'private address');
          return { ...base, outcome: 'refused', status: null, error: 'private address' };
        }
        const error = describe(err);
        if (attempt < MAX_ATTEMPTS) {
          await this.log(site, req.kind, url, 'backoff', null, started, 0, error);
          gate.pauseUntil(Date.now() + this.backoffMs * 2 ** (attempt - 1));
          continue;
        }
        await this.log(site, req.kind, url, 'error', null, started, 0, error);
        return { ...base, outcome: 'error', status: null, error };
      } finally {
        release();
      }
    }
  }
}
