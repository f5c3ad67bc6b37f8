import './validation/locale';
import * as yup from 'yup';
import { chinaDate } from './dates';
import { requiredText } from './validation/rules';

/**
 * Suspected infringements (suspecttort, domain/monitoring.ts) as the user triages them: the site a
 * suspect was found on is its page's host, and a user may mark hosts as authorised (licensees).
 */

/**
 * The host a site is known by: a page's `URL.host` in lower case, with its port when not the
 * scheme's default (two shops on one machine are two sites), international names in their ASCII
 * (punycode) form as URL writes them. A bare host or a whole address may be given; null when it
 * names no host, or more than one (a path, a user name).
 */
export function siteHost(input: string): string | null {
  const text = input.trim();
  if (!text || /[\s\u0000-\u001f]/.test(text)) return null;
  const hasScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(text);
  let url: URL;
  try {
    url = new URL(hasScheme ? text : `http://${text}`);
  } catch {
    return null;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password || !url.hostname) return null;
  // A bare host must be all host: "shop.example/path" is an address, not a site.
  if (!hasScheme && (url.pathname !== '/' || url.search || url.hash)) return null;
  return url.host.toLowerCase();
}

/** Marking a site as authorised: its host (or any address on it) as the user types it. */
export const authorisedSiteSchema = yup
  .object({
    host: requiredText(253).test('host', 'suspects.siteHost', (v) => !v || siteHost(v) !== null),
  })
  .noUnknown();
export type AuthorisedSiteInput = yup.InferType<typeof authorisedSiteSchema>;

/**
 * A suspect's number: "ST", the detection day in China (yyyymmdd) and a 6-digit serial from the
 * sequence suspect_serial (its value modulo a million: unique while a day files fewer than a
 * million suspects). SUSPECT_NUMBER_PATTERN in domain/monitoring.ts.
 */
export function suspectNumber(detectedAt: Date, serial: number): string {
  return `ST${chinaDate(detectedAt).replace(/-/g, '')}${String(serial % 1_000_000).padStart(6, '0')}`;
}
