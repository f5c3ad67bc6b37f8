import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dynamicPage, generateSite, type DemoSite, type Resource } from './site';

/** The default port of the demo marketplace under `npm start` (DEMO_MARKET_PORT overrides it). */
export const DEFAULT_DEMO_MARKET_PORT = 3190;

export interface RunningDemoMarket {
  url: string;
  /** The generated content (ready once the first request could be answered). */
  site: Promise<DemoSite>;
  close(): Promise<void>;
}

/**
 * Starts the demo marketplace on `port` (0: any free port) on every interface, so that
 * http://localhost:<port> works in a browser whichever address localhost resolves to. It listens at
 * once and generates its content in the background (a few seconds of image work); requests wait
 * for it. `host` names the address its URL and absolute links use.
 */
export async function startDemoMarket({ port, host = '127.0.0.1' }: { port: number; host?: string }): Promise<RunningDemoMarket> {
  let ready: Promise<DemoSite> | undefined;
  const server = createServer((req, res) => {
    (ready ?? Promise.reject(new Error('not started')))
      .then((site) => answer(site, req, res))
      .catch((err) => {
        console.error('[demo-market]', err);
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
        res.end('demo marketplace error');
      });
  });
  // A crawler's keep-alive sockets must not hold close() up.
  server.keepAliveTimeout = 2000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, () => resolve());
  });
  const url = `http://${host}:${(server.address() as AddressInfo).port}`;
  ready = generateSite(url);
  // A failed generation is reported on every request; keep the process from an unhandled rejection.
  ready.catch((err) => console.error('[demo-market] generation failed', err));
  return {
    url,
    site: ready,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      }),
  };
}

function answer(site: DemoSite, req: IncomingMessage, res: ServerResponse): void {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' }).end('method not allowed');
    return;
  }
  let url: URL;
  try {
    url = new URL(req.url ?? '/', 'http://x');
  } catch {
    res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' }).end('bad request');
    return;
  }
  let path: string;
  try {
    path = decodeURIComponent(url.pathname);
  } catch {
    path = url.pathname;
  }
  if (path === '/search') {
    const body = dynamicPage(site, 'search', (url.searchParams.get('q') ?? '').slice(0, 100));
    send(req, res, 200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }, Buffer.from(body));
    return;
  }
  const resource = site.resources.get(path);
  if (!resource) {
    // The other spelling of a page's trailing slash is redirected to the page, as web servers do.
    const other = path.endsWith('/') ? path.replace(/\/+$/, '') : `${path}/`;
    if (other && site.resources.get(other)?.type.startsWith('text/html')) {
      send(req, res, 301, { location: other + url.search, 'content-type': 'text/plain; charset=utf-8' }, Buffer.from(`moved to ${other}`));
      return;
    }
    send(req, res, 404, { 'content-type': 'text/html; charset=utf-8' }, Buffer.from(dynamicPage(site, 'notFound')));
    return;
  }
  const headers = {
    'content-type': resource.type,
    etag: resource.etag,
    'last-modified': resource.lastModified.toUTCString(),
    'cache-control': 'no-cache',
  };
  if (notModified(req, resource)) {
    res.writeHead(304, headers).end();
    return;
  }
  send(req, res, 200, headers, resource.body);
}

function send(req: IncomingMessage, res: ServerResponse, status: number, headers: Record<string, string>, body: Buffer): void {
  res.writeHead(status, { ...headers, 'content-length': String(body.length) });
  res.end(req.method === 'HEAD' ? undefined : body);
}

/** RFC 9110 §13.2.2: If-None-Match decides when present (weak comparison); If-Modified-Since otherwise. */
function notModified(req: IncomingMessage, r: Resource): boolean {
  const inm = req.headers['if-none-match'];
  if (inm !== undefined) {
    const tags = inm.split(',').map((t) => t.trim().replace(/^W\//, ''));
    return tags.includes('*') || tags.includes(r.etag);
  }
  const ims = req.headers['if-modified-since'];
  if (ims === undefined) return false;
  const since = Date.parse(ims);
  return !Number.isNaN(since) && Math.floor(r.lastModified.getTime() / 1000) <= Math.floor(since / 1000);
}
