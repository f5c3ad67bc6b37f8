import type { Knex } from 'knex';
import { ipNamesOf, type IpNames } from '../domain/ipNames';
import type { MatchEvidence, MatchKind, PictureKind, SuspectListQuery, SuspectState } from '../domain/monitoring';
import { suspectNumber } from '../domain/suspects';
import { keysetPage, newestFirst } from './keyset';

/**
 * Suspected infringements (table suspects, migrations 029/033): filed by matchSubscription
 * (activities/monitoringMatch.ts), one per (subscription, page, image); triaged by their owner
 * (api/routes/suspects.ts). Every read here takes the owner's id, so another user's suspect is
 * indistinguishable from one that does not exist.
 */

export interface SuspectRow {
  id: string;
  number: string;
  subscription_id: string;
  user_id: string;
  ipci_id: string;
  state: SuspectState;
  match_kind: MatchKind;
  work_title: string;
  website: string;
  page_url: string;
  image_url: string;
  page_id: string | null;
  image_id: string | null;
  picture_id: string | null;
  evidence: MatchEvidence;
  snapshot_key: string | null;
  snapshot_sha256: string | null;
  snapshot_title: string;
  snapshot_text: string;
  fetched_at: Date | null;
  detected_at: Date;
  run_id: string | null;
  state_changed_at: Date | null;
  /** Joined: the IP's names, the copy's stored object, the report. */
  ip_name_zh: string;
  ip_name_en: string | null;
  ip_name_ja: string | null;
  copy_key: string | null;
  report_id: string | null;
}

export interface SuspectJson {
  id: string;
  number: string;
  subscriptionId: string;
  ipciId: string;
  workTitle: string;
  workTitles: IpNames;
  detectedAt: string;
  website: string;
  /** null for a keyword match, which names a page only. */
  imageUrl: string | null;
  pageUrl: string;
  state: SuspectState;
  matchKind: MatchKind;
  evidence: MatchEvidence;
  hasCopy: boolean;
  reportId: string | null;
}

export interface PictureJson {
  id: string;
  uploadId: string;
  kind: PictureKind;
  width: number;
  height: number;
  url: string;
}

export interface SuspectDetailJson extends SuspectJson {
  snapshot: { title: string; text: string; sha256: string | null; fetchedAt: string | null; hasHtml: boolean };
  original: PictureJson | null;
  report: { id: string; state: string; protectionCaseId: string | null } | null;
}

const COLUMNS = ['s.*', 'i.ip_name_zh', 'i.ip_name_en', 'i.ip_name_ja', 'ci.thumbnail_key as copy_key', 'tr.id as report_id'];

const select = (k: Knex) =>
  k('suspects as s')
    .join('ipcis as i', 'i.id', 's.ipci_id')
    .leftJoin('crawl_images as ci', 'ci.id', 's.image_id')
    .leftJoin('tort_reports as tr', 'tr.suspect_id', 's.id');

export function toSuspectJson(r: SuspectRow): SuspectJson {
  return {
    id: r.id,
    number: r.number,
    subscriptionId: r.subscription_id,
    ipciId: r.ipci_id,
    workTitle: r.work_title,
    workTitles: ipNamesOf(r),
    detectedAt: r.detected_at.toISOString(),
    website: r.website,
    imageUrl: r.image_url || null,
    pageUrl: r.page_url,
    state: r.state,
    matchKind: r.match_kind,
    evidence: r.evidence,
    hasCopy: Boolean(r.copy_key),
    reportId: r.report_id,
  };
}

/** The list's filters; the same ones decide a detail's previous and next. */
type SuspectFilter = Pick<SuspectListQuery, 'subscriptionId' | 'state' | 'match'>;

function filtered(query: Knex.QueryBuilder, userId: string, f: SuspectFilter): Knex.QueryBuilder {
  query.where('s.user_id', userId);
  if (f.subscriptionId) query.where('s.subscription_id', f.subscriptionId);
  if (f.state) query.where('s.state', f.state);
  if (f.match) query.where('s.match_kind', f.match);
  return query;
}

const ORDER = newestFirst('s.detected_at', 's.id');

/**
 * The user's suspects, newest first, one keyset page (indexes suspects_user, suspects_user_state,
 * suspects_user_match, suspects_subscription, suspects_subscription_state, suspects_subscription_match).
 */
export function suspectsPage(k: Knex, userId: string, q: SuspectListQuery): Promise<{ rows: SuspectRow[]; next: string | null }> {
  return keysetPage<SuspectRow>(filtered(select(k).select(COLUMNS), userId, q), ORDER, q);
}

/** How many of the user's suspects (of one subscription, if given) nobody has looked at yet. */
export async function newSuspectCount(k: Knex, userId: string, subscriptionId = ''): Promise<number> {
  const query = k('suspects as s').where({ 's.user_id': userId, 's.state': 'new' });
  if (subscriptionId) query.where('s.subscription_id', subscriptionId);
  const [{ n }] = await query.count({ n: '*' });
  return Number(n);
}

export function findSuspect(k: Knex, userId: string, id: string): Promise<SuspectRow | undefined> {
  return select(k).where({ 's.id': id, 's.user_id': userId }).first(COLUMNS);
}

/**
 * The suspects before and after `s` in the list's order under the same filter (previous: the next
 * newer, next: the next older), whether or not `s` itself still passes the filter.
 */
export async function suspectNeighbours(k: Knex, userId: string, s: Pick<SuspectRow, 'id'>, f: SuspectFilter): Promise<{ previousId: string | null; nextId: string | null }> {
  const neighbour = async (direction: 'newer' | 'older') => {
    const row = await filtered(k('suspects as s'), userId, f)
      .whereRaw(`(s.detected_at, s.id) ${direction === 'newer' ? '>' : '<'} (select detected_at, id from suspects where id = ?)`, [s.id])
      .orderByRaw(direction === 'newer' ? 's.detected_at asc, s.id asc' : 's.detected_at desc, s.id desc')
      .first('s.id');
    return (row?.id as string | undefined) ?? null;
  };
  const [previousId, nextId] = await Promise.all([neighbour('newer'), neighbour('older')]);
  return { previousId, nextId };
}

/** The detail: the snapshot as it was found, the comparison picture matched, the report if any. */
export async function toSuspectDetailJson(k: Knex, r: SuspectRow): Promise<SuspectDetailJson> {
  const [picture, report] = await Promise.all([
    r.picture_id ? k('monitoring_pictures').where({ id: r.picture_id }).first('id', 'upload_id', 'kind', 'width', 'height') : undefined,
    r.report_id ? k('tort_reports').where({ id: r.report_id }).first('id', 'state', 'protection_case_id') : undefined,
  ]);
  return {
    ...toSuspectJson(r),
    snapshot: {
      title: r.snapshot_title,
      text: r.snapshot_text,
      sha256: r.snapshot_sha256,
      fetchedAt: r.fetched_at?.toISOString() ?? null,
      hasHtml: Boolean(r.snapshot_key),
    },
    original: picture
      ? { id: picture.id, uploadId: picture.upload_id, kind: picture.kind, width: picture.width, height: picture.height, url: `/api/monitoring/pictures/${picture.id}` }
      : null,
    report: report ? { id: report.id, state: report.state, protectionCaseId: report.protection_case_id } : null,
  };
}

/**
 * Moves the user's suspect from one of `from` to `to`; undefined when it is not theirs, null when
 * its state is not one of `from` (the caller answers 409).
 */
export async function setSuspectState(k: Knex, userId: string, id: string, from: readonly SuspectState[], to: SuspectState): Promise<SuspectRow | null | undefined> {
  const changed = await k('suspects').where({ id, user_id: userId }).whereIn('state', from).update({ state: to, state_changed_at: k.fn.now() });
  const row = await findSuspect(k, userId, id);
  if (!row) return undefined;
  return changed ? row : null;
}

/** A suspect to file: everything but its number, which filing gives it. */
export interface NewSuspect {
  subscriptionId: string;
  userId: string;
  ipciId: string;
  state: SuspectState;
  matchKind: MatchKind;
  workTitle: string;
  website: string;
  pageUrl: string;
  imageUrl: string;
  pageId: string | null;
  imageId: string | null;
  pictureId: string | null;
  evidence: MatchEvidence;
  snapshot: { key: string | null; sha256: string | null; title: string; text: string; fetchedAt: Date | null };
  runId: string | null;
}

/** The work title column holds 200 characters; an IP's name is shorter, but a column never overflows. */
const WORK_TITLE_MAX = 200;

/**
 * Files the suspects not filed before (unique subscription, page, image: a match found again is
 * not new) and returns the new ones' ids. The number's serial is taken only for a row that is
 * inserted, so numbers are not burnt by matches found again.
 */
export async function fileSuspects(k: Knex, suspects: readonly NewSuspect[], now = new Date()): Promise<string[]> {
  const ids: string[] = [];
  for (const s of suspects) {
    const exists = await k('suspects').where({ subscription_id: s.subscriptionId, page_url: s.pageUrl, image_url: s.imageUrl }).first('id');
    if (exists) continue;
    const [{ serial }] = (await k.raw("select nextval('suspect_serial')::bigint as serial")).rows;
    const inserted = await k('suspects')
      .insert({
        number: suspectNumber(now, Number(serial)),
        subscription_id: s.subscriptionId,
        user_id: s.userId,
        ipci_id: s.ipciId,
        state: s.state,
        match_kind: s.matchKind,
        work_title: s.workTitle.slice(0, WORK_TITLE_MAX),
        website: s.website,
        page_url: s.pageUrl,
        image_url: s.imageUrl,
        page_id: s.pageId,
        image_id: s.imageId,
        picture_id: s.pictureId,
        evidence: JSON.stringify(s.evidence),
        snapshot_key: s.snapshot.key,
        snapshot_sha256: s.snapshot.sha256,
        snapshot_title: s.snapshot.title,
        snapshot_text: s.snapshot.text,
        fetched_at: s.snapshot.fetchedAt,
        detected_at: now,
        run_id: s.runId,
      })
      // Two workers filing the same match at once: the unique key keeps one.
      .onConflict(['subscription_id', 'page_url', 'image_url'])
      .ignore()
      .returning('id');
    if (inserted.length) ids.push(inserted[0].id);
  }
  return ids;
}
