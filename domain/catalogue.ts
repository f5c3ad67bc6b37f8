import './validation/locale';
import * as yup from 'yup';
import { COUNTRY_CODES } from './countries';
import { normaliseIpciCode } from './ipci';
import type { IpNames } from './ipNames';
import { TRADE_STATUSES } from './licences';
import { EXCLUSIVITY, RIGHTS_TERMS, SUBLICENSING } from './titleRegistration';
import { keysetCursor, type KeysetKind } from './validation/keyset';
import { trimmed } from './validation/rules';

/**
 * The public IP catalogue (spec part 1 §2 "IP search and filter list"): what a visitor may ask for,
 * how a listing's names and holder become search tokens, and how a query becomes a tsquery or a code.
 *
 * Tokens (stored on the listing as a tsvector of plain lexemes, `array_to_tsvector`):
 * - CJK text (Han, kana, Hangul) has no spaces between words, so each run of it is indexed as every
 *   single character and every pair of adjacent characters (unigrams + bigrams). A query run of two or
 *   more characters asks for all of its bigrams; one character asks for the unigram. So a Chinese name
 *   is found by any word from its middle, not only by its beginning, and Japanese kana and kanji alike.
 *   Reading chosen instead of a word segmenter (jieba is not a dependency): a segmenter's word is a
 *   contiguous substring of the name, so all of its bigrams (or its unigram) are indexed and every
 *   word jieba would find is found; the bigrams also find words a segmenter's dictionary lacks
 *   (new IP names, brand coinages). The price: a query's bigrams may occur apart in a name
 *   ("山海" and "海图" in "山海…海图"), a rare extra hit that the visitor sees and that costs no miss.
 * - Latin, Cyrillic, digit… words are lowercased (after NFKC, so full-width letters typed with a CJK
 *   input method count as ASCII); every query word must match a word, the last one as a prefix
 *   (the visitor may still be typing it).
 * - A query that normalises to an IPCI code or the start of one (domain/ipci normaliseIpciCode: with
 *   or without dashes, spaces, lower case, the IPCI prefix) asks for codes starting so: a btree range
 *   on the code column, not a token. (As a token, a code prefix is a GIN partial match whose row count
 *   Postgres cannot estimate: it guessed 1,300 of a million for one code and scanned them all.)
 */

const CJK = String.raw`\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u30FC\u3005`;
const RUNS = new RegExp(String.raw`[${CJK}]+|(?:(?![${CJK}])[\p{L}\p{N}\p{M}])+`, 'gu');
const CJK_RUN = new RegExp(String.raw`^[${CJK}]`, 'u');
/** A code or its beginning, once normalised: IPCI and up to 3 digits, or 4 to 13 of its characters (X only last), IPCI or not. */
const CODE_QUERY = /^(?:IPCI)?([0-9]{4,13}|[0-9]{12}X)$|^IPCI([0-9]{0,3})$/;
/** Bounds the tsquery a long query builds (q is at most 100 characters anyway). */
const MAX_QUERY_TERMS = 32;

export interface SearchFields {
  names: IpNames;
  holder?: string | null;
}

function runsOf(text: string): string[] {
  return text.normalize('NFKC').toLowerCase().match(RUNS) ?? [];
}

const isCjk = (run: string) => CJK_RUN.test(run);

function bigrams(chars: string[]): string[] {
  return chars.slice(1).map((c, i) => chars[i] + c);
}

/** The lexemes of one text: words, and CJK unigrams + bigrams. */
function textTokens(text: string): string[] {
  return runsOf(text).flatMap((run) => {
    if (!isCjk(run)) return [run];
    const chars = [...run];
    return [...chars, ...bigrams(chars)];
  });
}

/** The listing's index lexemes (deduplicated; never empty strings, which array_to_tsvector refuses). */
export function searchTokens(f: SearchFields): string[] {
  const texts = [f.names.zh, f.names.en ?? '', f.names.ja ?? '', f.holder ?? ''];
  return [...new Set(texts.flatMap(textTokens).filter(Boolean))];
}

/** A lexeme quoted for tsquery input; tokens hold letters, marks and digits only, so nothing needs escaping. */
const lexeme = (t: string, prefix = false) => `'${t}'${prefix ? ':*' : ''}`;

/** The canonical start of the IPCI codes a query asks for (`IPCI2026…`), or null when it is not a code. */
export function codePrefix(q: string): string | null {
  const m = CODE_QUERY.exec(normaliseIpciCode(q));
  return m ? `IPCI${m[1] ?? m[2]}` : null;
}

/**
 * The tsquery (text, to cast with ::tsquery) a visitor's words ask for, or null when they have no
 * letter or digit (nothing can match them). Codes are asked for with codePrefix() instead.
 */
export function searchQuery(q: string): string | null {
  const runs = runsOf(q);
  const terms: string[] = [];
  runs.forEach((run, i) => {
    if (!isCjk(run)) {
      terms.push(lexeme(run, i === runs.length - 1));
      return;
    }
    const chars = [...run];
    if (chars.length === 1) terms.push(lexeme(run));
    else terms.push(...bigrams(chars).map((b) => lexeme(b)));
  });
  const unique = [...new Set(terms)].slice(0, MAX_QUERY_TERMS);
  return unique.length ? unique.join(' & ') : null;
}

// ---------------------------------------------------------------------------------------------
// The list's query
// ---------------------------------------------------------------------------------------------

export const CATALOGUE_SORTS = ['newest', 'popular', 'rated'] as const;
export type CatalogueSort = (typeof CATALOGUE_SORTS)[number];

/** Each sort's keyset: its key, then the IPCI id that breaks ties. */
export const CATALOGUE_KEYSETS: Record<CatalogueSort, readonly KeysetKind[]> = {
  newest: ['date', 'uuid'],
  popular: ['count', 'uuid'],
  rated: ['rating', 'uuid'],
};

export const CATALOGUE_PAGE_SIZE = 20;
export const CATALOGUE_MAX_PAGE = 50;
export const CATALOGUE_QUERY_MAX = 100;

const choice = <T extends string>(values: readonly T[]) => trimmed().oneOf([...values, ''] as string[]).default('');

/**
 * GET /api/public/ip. Categories are dictionary codes (ipCategory, editable by admins), so the filter
 * takes any well-formed code rather than a fixed list: an unknown one simply finds nothing.
 */
export const catalogueQuerySchema = yup
  .object({
    q: trimmed().max(CATALOGUE_QUERY_MAX).default(''),
    category: trimmed()
      .matches(/^[A-Za-z][A-Za-z0-9_-]{0,31}$/, { message: 'validation.invalid', excludeEmptyString: true })
      .default(''),
    country: trimmed()
      .oneOf([...COUNTRY_CODES, ''], 'validation.country')
      .default(''),
    exclusive: choice(EXCLUSIVITY),
    sublicensing: choice(SUBLICENSING),
    termType: choice(RIGHTS_TERMS),
    tradeStatus: choice(TRADE_STATUSES),
    sort: trimmed()
      // ?sort= (an empty select) is the default sort.
      .transform((v: unknown) => (v === '' ? undefined : v))
      .oneOf([...CATALOGUE_SORTS])
      .default('newest'),
    limit: yup.number().integer().min(1).max(CATALOGUE_MAX_PAGE).default(CATALOGUE_PAGE_SIZE),
    /** The `next` of the previous page, of the same sort. */
    after: trimmed().when('sort', ([sort]: unknown[]) => keysetCursor(CATALOGUE_KEYSETS[(sort as CatalogueSort) in CATALOGUE_KEYSETS ? (sort as CatalogueSort) : 'newest'])),
  })
  .noUnknown();
export type CatalogueQuery = yup.InferType<typeof catalogueQuerySchema>;

// ---------------------------------------------------------------------------------------------
// The listing's catalogue facts, from its certificate and registration
// ---------------------------------------------------------------------------------------------

export interface ListingFacts {
  holder: string;
  exclusive: string;
  sublicensing: string;
  termType: string;
  tokens: string[];
}

const oneOf = (values: readonly string[], v: unknown) => (typeof v === 'string' && values.includes(v) ? v : '');

/**
 * What the search and its filters read off a listing: the holder the certificate names, the
 * registration's exclusivity, sublicensing and term (the spec's letters; '' when a registration made
 * before had none), and the index tokens of its names and holder.
 */
export function listingFacts(ipci: { code: string; holder: string; names: IpNames }, data: Record<string, unknown>): ListingFacts {
  const holder = (ipci.holder || String(data.holder ?? '')).slice(0, 200);
  return {
    holder,
    exclusive: oneOf(EXCLUSIVITY, data.exclusive),
    sublicensing: oneOf(SUBLICENSING, data.sublicensing),
    termType: oneOf(RIGHTS_TERMS, data.termType),
    tokens: searchTokens({ names: ipci.names, holder }),
  };
}

// ---------------------------------------------------------------------------------------------
// The API's answers (GET /api/public/ip, GET /api/public/ip/:id, GET /api/public/ip/:id/summary)
// ---------------------------------------------------------------------------------------------

export interface CatalogueItemJson {
  /** The IPCI id: the detail page's `right/detail/:id` and the trade forms' `?ipci=`. */
  id: string;
  code: string;
  names: IpNames;
  category: string;
  country: string;
  holder: string;
  exclusive: string;
  sublicensing: string;
  termType: string;
  tradeStatus: string;
  searchCount: number;
  /** From the evaluations its buyers gave (average 0 without any). */
  rating: { count: number; average: number };
  listedAt: string;
  /** The cover picture's public path, or null. */
  cover: string | null;
}

/** What a trade form shows of the IP it is about (GET /api/public/ip/:id/summary, which counts no search). */
export type CatalogueSummaryJson = Pick<CatalogueItemJson, 'id' | 'code' | 'names' | 'holder' | 'cover'>;

export interface CataloguePageJson {
  items: CatalogueItemJson[];
  next: string | null;
}

export interface CatalogueDetailJson extends CatalogueItemJson {
  copyright: {
    holderStatus: string;
    holderIntro: string;
    intro: { zh: string; en: string; ja: string };
    usageScope: string;
    rightsRegion: string;
    termFrom: string | null;
    termTo: string | null;
    adaptedWorkName: string;
    channelRange: string;
    images: { cover: string | null; main: string[]; display: string[] };
    /** Only when the holder chose to show the disclosure. */
    risk: { everDefendant: boolean; governmentBanned: boolean; description: string } | null;
  };
  certificate: { code: string; issuedAt: string; validUntil: string | null; verifyPath: string };
  related: { videoLink: string | null; siteLink: string | null };
  tradeRecords: Array<{ id: string; licensee: string; scope: string[]; sublicensing: string; exclusive: boolean; region: string; termFrom: string | null; termTo: string | null; enteredOn: string }>;
  owner: { verified: { kind: 'personal' | 'enterprise'; names: IpNames } | null; credit: { score: number; count: number; averageStars: number | null } };
  otherIps: CatalogueItemJson[];
  ratings: { count: number; average: number | null; items: Array<{ id: string; stars: number; comment: string; evaluator: string | null; createdAt: string }> };
}
