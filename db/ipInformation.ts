import { keysetPage, newestFirst } from './keyset';
import type { Knex } from 'knex';
import { ipciState, parseIpciCode } from '../domain/ipci';
import type { IpInformationQuery } from '../domain/ipInformation';
import { ipciStatus, type IpciRow } from './ipcis';

/**
 * The back office's IP information list: every licensing-section row (listed, taken down or invalid)
 * with its certificate's facts, newest listing first (ip_listings_all / ip_listings_admin); `q` is an
 * IPCI code (exact, any written form) or a part of a name in any language (ip_listings_names_trgm).
 */

const select = (k: Knex) =>
  k('ip_listings as l')
    .join('ipcis as i', 'i.id', 'l.ipci_id')
    .join('users as u', 'u.id', 'i.user_id')
    .select(
      'l.id',
      'l.ipci_id',
      'l.listed',
      'l.listed_at',
      'l.delisted_at',
      'l.category',
      'l.country',
      'i.code',
      'i.holder',
      'i.user_id',
      'u.username',
      'i.ip_name_zh',
      'i.ip_name_en',
      'i.ip_name_ja',
      'i.issued_at',
      k.raw('i.valid_until::text as valid_until'),
      'i.trade_taken_down',
      'i.title_taken_down',
      'i.invalid_at',
      'i.invalid_reason',
      'i.revocation_category',
      'i.staff_take_down',
      'i.search_count',
      'i.workflow_id',
    );

/** The listing's columns beside its certificate's (IpciRow), as the list selects them. */
type InfoRow = Pick<
  IpciRow,
  | 'code'
  | 'holder'
  | 'user_id'
  | 'ip_name_zh'
  | 'ip_name_en'
  | 'ip_name_ja'
  | 'issued_at'
  | 'valid_until'
  | 'trade_taken_down'
  | 'title_taken_down'
  | 'invalid_at'
  | 'invalid_reason'
  | 'revocation_category'
  | 'staff_take_down'
  | 'search_count'
  | 'workflow_id'
> & {
  id: string;
  ipci_id: string;
  listed: boolean;
  listed_at: Date;
  delisted_at: Date | null;
  category: string;
  country: string;
  username: string;
};

export async function ipInformationPage(k: Knex, q: IpInformationQuery): Promise<{ rows: InfoRow[]; next: string | null }> {
  const query = select(k);
  if (q.status === 'listed') query.where('l.listed', true);
  if (q.status === 'takenDown') query.where('l.listed', false).whereNull('i.invalid_at');
  if (q.status === 'staffTakenDown') query.whereNotNull('i.staff_take_down');
  if (q.category) query.where('l.category', q.category);
  if (q.q) {
    const code = parseIpciCode(q.q)?.code;
    if (code) query.where('i.code', code);
    else query.whereRaw("lower(l.name_zh || ' ' || l.name_en || ' ' || l.name_ja) like ?", [`%${q.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`]);
  }
  return keysetPage<InfoRow>(query, newestFirst('l.listed_at', 'l.id'), q);
}

export function ipInformation(k: Knex, ipciId: string): Promise<InfoRow | undefined> {
  return select(k).where('l.ipci_id', ipciId).first();
}

export function toIpInformationJson(row: InfoRow) {
  const status = ipciStatus(row);
  return {
    ipciId: row.ipci_id,
    code: row.code,
    ipNames: { zh: row.ip_name_zh, en: row.ip_name_en, ja: row.ip_name_ja },
    holder: row.holder,
    owner: { id: row.user_id, username: row.username },
    category: row.category,
    country: row.country,
    listed: row.listed,
    state: ipciState(status),
    takenDown: status.takenDown,
    staffTakeDown: row.staff_take_down && { reason: row.staff_take_down.reason, staffName: row.staff_take_down.staffName, at: row.staff_take_down.at },
    invalidReason: row.invalid_reason,
    revocationCategory: row.revocation_category,
    listedAt: row.listed_at.toISOString(),
    delistedAt: row.delisted_at?.toISOString() ?? null,
    issuedAt: row.issued_at.toISOString(),
    validUntil: row.valid_until,
    searchCount: row.search_count,
  };
}
export type IpInformationJson = ReturnType<typeof toIpInformationJson>;
