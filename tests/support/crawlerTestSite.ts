import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small website on 127.0.0.1 for crawler tests: each path answers as its route says, and every
 * request is logged with the time it began (its arrival, or its connection's for the first request on
 * a new connection, so connection set-up does not shorten a gap), so tests measure the crawler's politeness from the
 * server's side (gaps between arrivals, requests in flight at once, headers sent).
 */

export interface Hit {
  path: string;
  at: number;
  headers: IncomingMessage['headers'];
}

export type Route = string | ((req: IncomingMessage, res: ServerResponse, hits: number) => void | Promise<void>);

export interface TestSite {
  url: string;
  host: string;
  port: number;
  hits: Hit[];
  /** The most requests that were being answered at the same moment. */
  maxInFlight: () => number;
  routes: Map<string, Route>;
  hitsOf: (path: string) => Hit[];
  close: () => Promise<void>;
}

export const html = (body: string, head = '') => `<!doctype html><html><head><meta charset="utf-8">${head}</head><body>${body}</body></html>`;

export async function startTestSite(routes: Record<string, Route>, o: { latencyMs?: number } = {}): Promise<TestSite> {
  const hits: Hit[] = [];
  const table = new Map(Object.entries(routes));
  let inFlight = 0;
  let maxInFlight = 0;
  /** When each connection was accepted: a request on a new connection began then, its set-up is the client's doing. */
  const connectedAt = new WeakMap<object, number>();
  const server = createServer(async (req, res) => {
    const path = req.url ?? '/';
    const opened = connectedAt.get(req.socket);
    connectedAt.delete(req.socket);
    hits.push({ path, at: opened ?? performance.now(), headers: req.headers });
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    res.on('close', () => inFlight--);
    if (o.latencyMs) await new Promise((r) => setTimeout(r, o.latencyMs));
    const route = table.get(path);
    if (route === undefined) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    if (typeof route === 'string') {
      res.writeHead(200, { 'content-type': path.endsWith('.txt') ? 'text/plain' : 'text/html; charset=utf-8' }).end(route);
      return;
    }
    await route(req, res, hits.filter((h) => h.path === path).length);
  });
  server.on('connection', (socket) => connectedAt.set(socket, performance.now()));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    host: `127.0.0.1:${port}`,
    port,
    hits,
    maxInFlight: () => maxInFlight,
    routes: table,
    hitsOf: (path) => hits.filter((h) => h.path === path),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Gaps in ms between consecutive hits. */
export const gaps = (hits: Hit[]) => hits.slice(1).map((h, i) => h.at - hits[i].at);
