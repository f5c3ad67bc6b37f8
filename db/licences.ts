import type { Knex } from 'knex';
import { chinaDate } from '../domain/dates';
import { tradeStatusOf, type LicenceInForce, type LicenceTerms } from '../domain/licences';

/**
 * Licences in force on an IP (from completed trades and from the seller's trade records) and the
 * listing's trade status that follows from them. Writers call refreshTradeStatus in the same
 * transaction as the licence change, so the catalogue's filter never lags behind.
 */

interface LicenceRow {
  id: string;
  licensee: string;
  exclusive: boolean;
  channels: string[];
  region: string;
  term_from: string | null;
  term_to: string | null;
}

const toLicence = (r: LicenceRow): LicenceInForce => ({
  id: r.id,
  licensee: r.licensee,
  exclusive: r.exclusive,
  channels: r.channels,
  region: r.region,
  termFrom: r.term_from,
  termTo: r.term_to,
});

/** Active licences of an IP whose term has not ended (China date), oldest first. */
export async function licencesInForce(k: Knex, ipciId: string, today = chinaDate(new Date())): Promise<LicenceInForce[]> {
  const rows: LicenceRow[] = await k('licences')
    .where({ ipci_id: ipciId, active: true })
    .where((q) => q.whereNull('term_to').orWhere('term_to', '>=', today))
    .orderBy('created_at')
    .select('id', 'licensee', 'exclusive', 'channels', 'region', k.raw('term_from::text as term_from'), k.raw('term_to::text as term_to'));
  return rows.map(toLicence);
}

export interface LicenceSource {
  ipciId: string;
  tradeId?: string | null;
  recordId?: string | null;
  licensee: string;
  terms: LicenceTerms;
}

/** Writes the licence of a trade or a record once (its source id is unique); a second call changes nothing. */
export async function insertLicence(trx: Knex, source: LicenceSource): Promise<void> {
  const { terms } = source;
  await trx('licences')
    .insert({
      ipci_id: source.ipciId,
      trade_id: source.tradeId ?? null,
      record_id: source.recordId ?? null,
      licensee: source.licensee,
      exclusive: terms.exclusive,
      channels: [...terms.channels],
      region: terms.region,
      term_from: terms.termFrom,
      term_to: terms.termTo,
    })
    .onConflict(source.tradeId ? 'trade_id' : 'record_id')
    .ignore();
  await refreshTradeStatus(trx, source.ipciId);
}

/** Brings the listing's trade status (open / licensed / exclusive) in line with the licences in force. */
export async function refreshTradeStatus(trx: Knex, ipciId: string): Promise<void> {
  const today = chinaDate(new Date());
  const status = tradeStatusOf(await licencesInForce(trx, ipciId, today), today);
  await trx('ip_listings').where({ ipci_id: ipciId }).whereNot({ trade_status: status }).update({ trade_status: status });
}
