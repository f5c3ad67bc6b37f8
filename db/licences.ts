import type { Knex } from 'knex';
import { chinaDate } from '../domain/dates';
import { licenceConflicts, tradeStatusOf, type LicenceConflict, type LicenceInForce, type LicenceTerms } from '../domain/licences';

/**
 * Licences of an IP (from trades and from the holder's trade records) and the listing's trade status
 * that follows from them (migrations 011 and 016).
 *
 * A licence is 'reserved' from the moment a trade is agreed (the seller agrees, or the buyer accepts
 * a counter-offer) until the trade completes ('active') or ends otherwise ('released'). Reserved and
 * active licences both hold the IP for the conflict check, so two agreements made at the same moment
 * cannot both be granted. Every write goes through writeLicence, which checks and writes under the
 * IP's row lock: the check and the write of one IP happen one at a time, never side by side.
 *
 * The catalogue's trade status counts active licences only: a reservation may still lapse (the fee
 * unpaid, the trade cancelled), and the listing shows what has been granted.
 */

export type LicenceState = 'reserved' | 'active' | 'released';

interface LicenceRow {
  id: string;
  licensee: string;
  exclusive: boolean;
  channels: string[];
  region: string;
  term_from: string | null;
  term_to: string | null;
  state: LicenceState;
}

const toLicence = (r: LicenceRow): LicenceInForce => ({
  id: r.id,
  licensee: r.licensee,
  exclusive: r.exclusive,
  channels: r.channels,
  region: r.region,
  termFrom: r.term_from,
  termTo: r.term_to,
  ...(r.state === 'reserved' && { reserved: true }),
});

/**
 * Licences of an IP whose term has not ended (China date), oldest first: reserved and active ones
 * (what a request must not conflict with), or with `activeOnly` those in force.
 */
export async function licencesInForce(k: Knex, ipciId: string, today = chinaDate(new Date()), { activeOnly = false } = {}): Promise<LicenceInForce[]> {
  const rows: LicenceRow[] = await k('licences')
    .where({ ipci_id: ipciId, active: true })
    .modify((q) => (activeOnly ? q.where({ state: 'active' }) : q))
    .where((q) => q.whereNull('term_to').orWhere('term_to', '>=', today))
    .orderBy('created_at')
    .select('id', 'licensee', 'exclusive', 'channels', 'region', k.raw('term_from::text as term_from'), k.raw('term_to::text as term_to'), 'state');
  return rows.map(toLicence);
}

export interface LicenceSource {
  ipciId: string;
  tradeId?: string | null;
  recordId?: string | null;
  licensee: string;
  terms: LicenceTerms;
}

/** A licence write refused: the request conflicts with these (reserved or active) licences. */
export class LicenceConflictError extends Error {
  constructor(readonly conflicts: LicenceConflict[]) {
    super('licence conflict');
  }
}

/**
 * The IP's lock for licence writes: the ipcis row, `for no key update` so that inserts referencing
 * the IP (trade records, licences) do not wait on it nor deadlock with it.
 */
async function lockIp(trx: Knex, ipciId: string): Promise<void> {
  await trx('ipcis').where({ id: ipciId }).forNoKeyUpdate().first('id');
}

/**
 * Writes the licence of a trade (reserved at agreement, active at completion) or of a record
 * (active), in one transaction under the IP's lock: the conflicts with every other reserved or
 * active licence are checked first, and none is written while any exists (they are returned).
 * Idempotent: a trade whose licence is already reserved or active finds it again (a reservation
 * being activated already holds the IP, so it is not checked again); a record's licence is
 * rewritten with the record's terms, checked against every licence but itself.
 */
export async function writeLicence(k: Knex, source: LicenceSource, state: 'reserved' | 'active'): Promise<LicenceConflict[]> {
  return k.transaction(async (trx) => {
    await lockIp(trx, source.ipciId);
    const own: Pick<LicenceRow, 'id' | 'state'> | undefined = await trx('licences')
      .where(source.tradeId ? { trade_id: source.tradeId } : { record_id: source.recordId })
      .first('id', 'state');
    if (own && source.tradeId && own.state !== 'released') {
      if (state === 'active' && own.state === 'reserved') {
        await trx('licences').where({ id: own.id }).update({ state: 'active' });
        await refreshTradeStatus(trx, source.ipciId);
      }
      return [];
    }
    const others = (await licencesInForce(trx, source.ipciId)).filter((l) => l.id !== own?.id);
    const conflicts = licenceConflicts(source.terms, others);
    if (conflicts.length) return conflicts;
    const { terms } = source;
    const row = {
      licensee: source.licensee,
      exclusive: terms.exclusive,
      channels: [...terms.channels],
      region: terms.region,
      term_from: terms.termFrom,
      term_to: terms.termTo,
      state,
    };
    if (own) await trx('licences').where({ id: own.id }).update(row);
    else await trx('licences').insert({ ...row, ipci_id: source.ipciId, trade_id: source.tradeId ?? null, record_id: source.recordId ?? null });
    await refreshTradeStatus(trx, source.ipciId);
    return [];
  });
}

/** writeLicence for writers inside a larger transaction: a conflict throws, undoing that transaction. */
export async function writeLicenceOrThrow(trx: Knex, source: LicenceSource, state: 'reserved' | 'active'): Promise<void> {
  const conflicts = await writeLicence(trx, source, state);
  if (conflicts.length) throw new LicenceConflictError(conflicts);
}

/** A trade ended without completion: its reservation no longer holds the IP. A second call changes nothing. */
export async function releaseLicence(k: Knex, tradeId: string): Promise<void> {
  await k('licences').where({ trade_id: tradeId, state: 'reserved' }).update({ state: 'released' });
}

/** Brings the listing's trade status (open / licensed / exclusive) in line with the licences in force. */
export async function refreshTradeStatus(trx: Knex, ipciId: string): Promise<void> {
  const today = chinaDate(new Date());
  const status = tradeStatusOf(await licencesInForce(trx, ipciId, today, { activeOnly: true }), today);
  await trx('ip_listings').where({ ipci_id: ipciId }).whereNot({ trade_status: status }).update({ trade_status: status });
}
