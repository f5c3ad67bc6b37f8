/**
 * Licences in force on an IP and the conflict rule no peer checks for its users (issue 11): an
 * exclusive licence blocks any overlapping licence, and an exclusive request is blocked by any
 * overlapping licence. Two licences overlap when they share a channel, a region and a day.
 *
 * - Channels are rightScope dictionary codes; an empty list means every channel.
 * - Region is an ISO country code; '' means worldwide (overlaps every region).
 * - Term is from–to as yyyy-mm-dd (inclusive); both null means permanent (from now on, forever);
 *   a from without a to runs forever from that day.
 */
export interface LicenceTerms {
  exclusive: boolean;
  channels: readonly string[];
  region: string;
  termFrom: string | null;
  termTo: string | null;
}

export interface LicenceInForce extends LicenceTerms {
  id: string;
  licensee: string;
  /** Agreed in a trade that is not completed yet: it holds the IP like a licence in force (db/licences). */
  reserved?: boolean;
}

export interface LicenceConflict {
  licenceId: string;
  licensee: string;
  /** Which side's exclusivity makes the overlap a conflict. */
  because: 'existingExclusive' | 'requestExclusive';
  channels: string[];
  region: string;
  termFrom: string | null;
  termTo: string | null;
  /** The conflicting licence is another trade's agreement, not yet completed. */
  reserved?: boolean;
}

const FAR_PAST = '0000-01-01';
const FAR_FUTURE = '9999-12-31';

export function channelsOverlap(a: readonly string[], b: readonly string[]): string[] | null {
  if (a.length === 0) return [...b];
  if (b.length === 0) return [...a];
  const shared = a.filter((c) => b.includes(c));
  return shared.length ? shared : null;
}

export function regionsOverlap(a: string, b: string): boolean {
  return a === '' || b === '' || a === b;
}

/** yyyy-mm-dd strings compare as dates. */
export function termsOverlap(a: Pick<LicenceTerms, 'termFrom' | 'termTo'>, b: Pick<LicenceTerms, 'termFrom' | 'termTo'>): boolean {
  const aFrom = a.termFrom ?? FAR_PAST;
  const aTo = a.termTo ?? FAR_FUTURE;
  const bFrom = b.termFrom ?? FAR_PAST;
  const bTo = b.termTo ?? FAR_FUTURE;
  return aFrom <= bTo && bFrom <= aTo;
}

/** The licences in force that a request conflicts with, each with why; empty when it may be granted. */
export function licenceConflicts(request: LicenceTerms, inForce: readonly LicenceInForce[]): LicenceConflict[] {
  const out: LicenceConflict[] = [];
  for (const l of inForce) {
    if (!l.exclusive && !request.exclusive) continue;
    const channels = channelsOverlap(request.channels, l.channels);
    if (!channels || !regionsOverlap(request.region, l.region) || !termsOverlap(request, l)) continue;
    out.push({
      licenceId: l.id,
      licensee: l.licensee,
      because: l.exclusive ? 'existingExclusive' : 'requestExclusive',
      channels,
      region: l.region,
      termFrom: l.termFrom,
      termTo: l.termTo,
      ...(l.reserved && { reserved: true }),
    });
  }
  return out;
}

/** The catalogue's trade status of a listing (a filter of the public IP search). */
export const TRADE_STATUSES = ['open', 'licensed', 'exclusive'] as const;
export type TradeStatus = (typeof TRADE_STATUSES)[number];

/** Open: no licence in force; licensed: some, none exclusive; exclusive: an exclusive one in force today. */
export function tradeStatusOf(inForce: readonly Pick<LicenceTerms, 'exclusive' | 'termFrom' | 'termTo'>[], today: string): TradeStatus {
  const current = inForce.filter((l) => termsOverlap(l, { termFrom: today, termTo: today }));
  if (current.some((l) => l.exclusive)) return 'exclusive';
  return current.length ? 'licensed' : 'open';
}
