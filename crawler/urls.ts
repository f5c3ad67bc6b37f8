import { isIP } from 'node:net';

/** URLs longer than this are not crawled (they are traps or session junk, and heartbeats carry the frontier). */
export const MAX_URL_LENGTH = 2000;

/**
 * One spelling per address, so a page is fetched and stored once: resolved against the page it was
 * found on, the fragment dropped (it never reaches the server), scheme and host lower-cased and the
 * default port dropped (WHATWG URL does both). The query is kept as written: sorting its parameters
 * would turn it into a different request on servers that care about their order. Only http and
 * https, without credentials; null for anything else.
 */
export function normalizeUrl(href: string, base?: string | URL): string | null {
  let u: URL;
  try {
    u = new URL(href.trim(), base);
  } catch {
    return null;
  }
  if ((u.protocol !== 'http:' && u.protocol !== 'https:') || u.username || u.password || !u.hostname) return null;
  u.hash = '';
  const s = u.href;
  return s.length > MAX_URL_LENGTH ? null : s;
}

/** host[:port] as URL.host writes it (lower case, default port dropped). */
export const hostOf = (url: string): string => new URL(url).host;

/** The host name of a URL as an address when it is an IP literal (IPv6 without brackets), else null. */
export function ipLiteral(url: string): string | null {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  return isIP(host) ? host : null;
}

/**
 * The hosts a site's crawl may fetch from: its start URL's host and the admin's extra hosts, as
 * URL.host writes them. An extra host given without a port matches the default port only.
 */
export function allowedHosts(startUrl: string, extraHosts: readonly string[]): Set<string> {
  const hosts = new Set([hostOf(startUrl)]);
  for (const h of extraHosts) {
    const url = normalizeUrl(`http://${h}/`);
    if (url) hosts.add(hostOf(url));
    const secure = normalizeUrl(`https://${h}/`);
    if (secure) hosts.add(hostOf(secure));
  }
  return hosts;
}
