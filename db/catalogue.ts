import type { Knex } from 'knex';
import { CATALOGUE_KEYSETS, codePrefix, searchQuery, type CatalogueDetailJson, type CatalogueItemJson, type CataloguePageJson, type CatalogueQuery, type CatalogueSort, type CatalogueSummaryJson } from '../domain/catalogue';
import { creditScore } from '../domain/credit';
import { IDENTITY_STATE } from '../domain/identityState';
import { decodeKeyset, encodeKeyset } from '../domain/validation/keyset';

/**
 * The public IP catalogue: the search list (listed IPs only, keyset pages in three sorts) and an
 * IP's detail page. Everything here is public: only fields the holder published, never proof files.
 */

interface ListRow {
  lid: string;
  ipci_id: string;
  code: string;
  name_zh: string;
  name_en: string;
  name_ja: string;
  category: string;
  country: string;
  cover_upload_id: string | null;
  holder: string;
  exclusive: string;
  sublicensing: string;
  term_type: string;
  trade_status: string;
  search_count: number;
  rating_count: number;
  rating_avg: string;
  at_key: string;
}

/** Each sort's key column and how the cursor's first value is cast. */
const SORT_KEY: Record<CatalogueSort, { column: string; cast: string; key: (r: ListRow) => string | number }> = {
  newest: { column: 'l.listed_at', cast: 'timestamptz', key: (r) => r.at_key },
  popular: { column: 'l.search_count', cast: 'int', key: (r) => r.search_count },
  rated: { column: 'l.rating_avg', cast: 'numeric', key: (r) => r.rating_avg },
};

const FILTERS = { category: 'l.category', country: 'l.country', exclusive: 'l.exclusive', sublicensing: 'l.sublicensing', termType: 'l.term_type', tradeStatus: 'l.trade_status' } as const;

const LIST_COLUMNS = `l.id as lid, l.ipci_id, i.code, l.name_zh, l.name_en, l.name_ja, l.category, l.country, l.cover_upload_id, l.holder,
  l.exclusive, l.sublicensing, l.term_type, l.trade_status, l.search_count, l.rating_count, l.rating_avg::text as rating_avg,
  to_char(l.listed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at_key`;

/** A published picture of a listed IP, served by GET /api/public/ip/:id/images/:uploadId. */
export const publicImagePath = (ipciId: string, uploadId: string) => `/api/public/ip/${ipciId}/images/${uploadId}`;

function toItemJson(r: ListRow): CatalogueItemJson {
  return {
    id: r.ipci_id,
    code: r.code,
    names: { zh: r.name_zh, en: r.name_en, ja: r.name_ja },
    category: r.category,
    country: r.country,
    holder: r.holder,
    exclusive: r.exclusive,
    sublicensing: r.sublicensing,
    termType: r.term_type,
    tradeStatus: r.trade_status,
    searchCount: r.search_count,
    rating: { count: r.rating_count, average: Number(r.rating_avg) },
    listedAt: r.at_key,
    cover: r.cover_upload_id ? publicImagePath(r.ipci_id, r.cover_upload_id) : null,
  };
}

/**
 * One page of the search list. Words go through the listing's GIN index (search_vector), a code
 * through the code's btree (ipcis_code_prefix), each sort through its (key desc, id desc) index; the
 * planner picks whichever reads fewer rows.
 */
export async function searchCatalogue(k: Knex, q: CatalogueQuery): Promise<CataloguePageJson> {
  const sort = q.sort as CatalogueSort;
  const where: string[] = ['l.listed'];
  const bindings: unknown[] = [];
  const code = q.q ? codePrefix(q.q) : null;
  if (code) {
    // A code prefix holds only IPCI, digits and X: nothing LIKE would read as a wildcard.
    where.push('i.code like ?');
    bindings.push(`${code}%`);
  } else if (q.q) {
    const tsquery = searchQuery(q.q);
    // Letters or digits none: nothing can match what was typed.
    if (!tsquery) return { items: [], next: null };
    where.push('l.search_vector @@ ?::tsquery');
    bindings.push(tsquery);
  }
  for (const [field, column] of Object.entries(FILTERS) as Array<[keyof typeof FILTERS, string]>) {
    if (!q[field]) continue;
    where.push(`${column} = ?`);
    bindings.push(q[field]);
  }
  const { column, cast, key } = SORT_KEY[sort];
  const cursor = decodeKeyset(q.after, CATALOGUE_KEYSETS[sort]);
  if (cursor) {
    where.push(`(${column}, l.id) < (?::${cast}, ?::uuid)`);
    bindings.push(cursor[0], cursor[1]);
  }
  bindings.push(q.limit + 1);
  const { rows } = await k.raw<{ rows: ListRow[] }>(
    `select ${LIST_COLUMNS} from ip_listings l join ipcis i on i.id = l.ipci_id
      where ${where.join(' and ')} order by ${column} desc, l.id desc limit ?`,
    bindings as never,
  );
  const page = rows.slice(0, q.limit);
  const last = page[page.length - 1];
  return { items: page.map(toItemJson), next: rows.length > q.limit ? encodeKeyset([key(last), last.lid]) : null };
}

// ---------------------------------------------------------------------------------------------
// Detail
// ---------------------------------------------------------------------------------------------

interface DetailRow extends ListRow {
  user_id: string;
  issued_at: Date;
  valid_until: string | null;
  data: Record<string, unknown>;
}

const OTHER_IPS = 6;
const SHOWN_RECORDS = 20;
const SHOWN_RATINGS = 20;

const text = (v: unknown) => (typeof v === 'string' ? v : '');
const ids = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string' && x.length > 0) : []);

/** The upload ids an IP's registration publishes as pictures (cover, main and display images). */
export function publishedImages(data: Record<string, unknown>): { cover: string | null; main: string[]; display: string[] } {
  return { cover: text(data.cover) || null, main: ids(data.mainImages), display: ids(data.displayImages) };
}

/**
 * A natural person's verified name shows its first character only (张三 → 张*): the page is public
 * and the platform keeps personal data to what a visitor needs to tell that the holder is verified.
 * An organisation's verified name is public anyway and shows in full.
 */
export function maskPersonName(name: string): string {
  const chars = [...name.trim()];
  return chars.length ? chars[0] + '*'.repeat(Math.min(Math.max(chars.length - 1, 1), 3)) : '';
}

/** The owner's identity-verified name in each language they gave (null when not verified). */
function verifiedName(cert: { kind: string; data: Record<string, unknown> } | undefined): CatalogueDetailJson['owner']['verified'] {
  if (!cert) return null;
  const d = cert.data;
  if (cert.kind === 'enterprise') return { kind: 'enterprise' as const, names: { zh: text(d.companyNameZh), en: text(d.companyNameEn) || null, ja: text(d.companyNameJa) || null } };
  return { kind: 'personal' as const, names: { zh: maskPersonName(text(d.name)), en: null, ja: null } };
}

/**
 * What a trade form shows of a listed IP, counting no search (only the detail page's views do);
 * undefined when it is not listed or does not exist.
 */
export async function catalogueIpSummary(k: Knex, ipciId: string): Promise<CatalogueSummaryJson | undefined> {
  const row = await k('ip_listings as l')
    .join('ipcis as i', 'i.id', 'l.ipci_id')
    .where({ 'l.ipci_id': ipciId, 'l.listed': true })
    .first<{ ipci_id: string; code: string; name_zh: string; name_en: string; name_ja: string; holder: string; cover_upload_id: string | null } | undefined>(
      'l.ipci_id', 'i.code', 'l.name_zh', 'l.name_en', 'l.name_ja', 'l.holder', 'l.cover_upload_id',
    );
  return (
    row && {
      id: row.ipci_id,
      code: row.code,
      names: { zh: row.name_zh, en: row.name_en, ja: row.name_ja },
      holder: row.holder,
      cover: row.cover_upload_id ? publicImagePath(row.ipci_id, row.cover_upload_id) : null,
    }
  );
}

/**
 * A listed IP's detail, counting one search (one UPDATE that is also the "is it listed" check);
 * undefined when it is not listed (taken down, revoked, expired) or does not exist.
 */
export async function viewCatalogueIp(k: Knex, ipciId: string): Promise<CatalogueDetailJson | undefined> {
  const counted = await k('ip_listings').where({ ipci_id: ipciId, listed: true }).increment('search_count', 1).returning('ipci_id');
  if (!counted.length) return undefined;
  const { rows } = await k.raw<{ rows: DetailRow[] }>(
    `select ${LIST_COLUMNS}, l.user_id, i.issued_at, i.valid_until::text as valid_until, r.data
       from ip_listings l join ipcis i on i.id = l.ipci_id join title_registrations r on r.id = i.registration_id
      where l.ipci_id = ? and l.listed`,
    [ipciId],
  );
  const row = rows[0];
  if (!row) return undefined;
  const d = row.data;

  const [cert, credit, others, records, ratings, ratingSum] = await Promise.all([
    k('identity_certifications').where({ user_id: row.user_id, state: IDENTITY_STATE.verified }).first<{ kind: string; data: Record<string, unknown> } | undefined>('kind', 'data'),
    k('evaluations').where({ to_user_id: row.user_id }).first<{ n: string; total: string | null }>(k.raw('count(*) as n'), k.raw('sum(stars) as total')),
    k
      .raw<{ rows: ListRow[] }>(
        `select ${LIST_COLUMNS} from ip_listings l join ipcis i on i.id = l.ipci_id
          where l.user_id = ? and l.listed and l.ipci_id <> ? order by l.listed_at desc, l.id desc limit ?`,
        [row.user_id, ipciId, OTHER_IPS],
      )
      .then((r) => r.rows),
    k('trade_records')
      .where({ ipci_id: ipciId, visible: true })
      .orderBy([{ column: 'entered_on', order: 'desc' }, { column: 'id', order: 'desc' }])
      .limit(SHOWN_RECORDS)
      .select('id', 'licensee', 'scope', 'sublicensing', 'exclusive', 'region', k.raw('term_from::text as term_from'), k.raw('term_to::text as term_to'), k.raw('entered_on::text as entered_on')),
    k('evaluations as e')
      .join('users as u', 'u.id', 'e.from_user_id')
      .where({ 'e.ipci_id': ipciId, 'e.side': 'buyer' })
      .orderBy([{ column: 'e.created_at', order: 'desc' }, { column: 'e.id', order: 'desc' }])
      .limit(SHOWN_RATINGS)
      .select('e.id', 'e.stars', 'e.comment', 'e.anonymous', 'e.created_at', 'u.display_name'),
    k('evaluations').where({ ipci_id: ipciId, side: 'buyer' }).first<{ n: string; total: string | null }>(k.raw('count(*) as n'), k.raw('sum(stars) as total')),
  ]);

  const images = publishedImages(d);
  const image = (id: string) => publicImagePath(ipciId, id);
  const ratingCount = Number(ratingSum?.n ?? 0);
  return {
    ...toItemJson(row),
    searchCount: row.search_count,
    copyright: {
      holderStatus: text(d.holderStatus),
      holderIntro: text(d.holderIntro),
      intro: { zh: text(d.introZh), en: text(d.introEn), ja: text(d.introJa) },
      usageScope: text(d.usageScope),
      rightsRegion: text(d.rightsRegion),
      termFrom: text(d.termFrom) || null,
      termTo: text(d.termTo) || null,
      adaptedWorkName: text(d.adaptedWorkName),
      channelRange: text(d.channelRange),
      images: { cover: images.cover && image(images.cover), main: images.main.map(image), display: images.display.map(image) },
      // Only when the holder chose to show it (spec part 1 §3); the disclosure file stays private.
      risk: d.showRiskPublicly === true ? { everDefendant: d.everDefendant === true, governmentBanned: d.governmentBanned === true, description: text(d.riskDescription) } : null,
    },
    certificate: { code: row.code, issuedAt: row.issued_at.toISOString(), validUntil: row.valid_until, verifyPath: `right/certificate/${row.code}` },
    related: { videoLink: text(d.videoLink) || null, siteLink: text(d.siteLink) || null },
    tradeRecords: records.map((t) => ({
      id: t.id as string,
      licensee: t.licensee as string,
      scope: t.scope as string[],
      sublicensing: t.sublicensing as string,
      exclusive: t.exclusive as boolean,
      region: t.region as string,
      termFrom: t.term_from as string | null,
      termTo: t.term_to as string | null,
      enteredOn: t.entered_on as string,
    })),
    owner: { verified: verifiedName(cert), credit: creditScore(Number(credit?.total ?? 0), Number(credit?.n ?? 0)) },
    otherIps: others.map(toItemJson),
    ratings: {
      count: ratingCount,
      average: ratingCount ? Math.round((Number(ratingSum?.total ?? 0) / ratingCount) * 100) / 100 : null,
      items: ratings.map((e) => ({
        id: e.id as string,
        stars: e.stars as number,
        comment: e.comment as string,
        evaluator: e.anonymous ? null : (e.display_name as string),
        createdAt: (e.created_at as Date).toISOString(),
      })),
    },
  };
}

/** A picture a listed IP publishes: its file, or undefined (not listed, not one of its pictures). */
export async function publicImage(k: Knex, ipciId: string, uploadId: string) {
  const row = await k('ip_listings as l')
    .join('ipcis as i', 'i.id', 'l.ipci_id')
    .join('title_registrations as r', 'r.id', 'i.registration_id')
    .where({ 'l.ipci_id': ipciId, 'l.listed': true })
    .first<{ data: Record<string, unknown>; user_id: string } | undefined>('r.data', 'l.user_id');
  if (!row) return undefined;
  const images = publishedImages(row.data);
  if (![images.cover, ...images.main, ...images.display].includes(uploadId)) return undefined;
  // The owner's own picture upload: a registration cannot name someone else's file or a proof document.
  return k('uploads').where({ id: uploadId, owner_id: row.user_id, kind: 'ipImage' }).first<{ mime: string; storage_key: string } | undefined>('mime', 'storage_key');
}
