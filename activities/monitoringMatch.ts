import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import os from 'node:os';
import path from 'node:path';
import type { Knex } from 'knex';
import { ReadersBusy, readWatermarkFile, UndecodablePicture } from '../api/lib/watermarkReader';
import { TaskFailed } from '../lib/threadPool';
import { ipNamesOf } from '../domain/ipNames';
import type { MatchEvidence, MatchKind, MonitoredContent } from '../domain/monitoring';
import { siteHost } from '../domain/suspects';
import { markFromDb, markToDb, MIN_CHECK_SIDE } from '../domain/watermark';
import { authorisedHosts } from '../db/authorisedSites';
import { MAX_LOOKUP_RADIUS, nearImages } from '../db/imageHashes';
import { insertMessage } from '../db/messages';
import { fileSuspects, type NewSuspect } from '../db/suspects';
import { findItemByMark } from '../db/watermarks';
import { KeywordMatcher } from '../matching/keywords';
import { GLOBAL_LOOKUP_RADIUS, OriginalsIndex, type ImageMatch } from '../matching/matcher';
import type { ImageSignature } from '../matching/signature';
import { signatureOf } from '../matching/signatureThreads';
import type { ObjectStore } from '../storage';
import { heartbeat } from './lib/heartbeat';

/**
 * Matching crawled pages against a subscription (issue 15 "Matching"), the three activities the
 * monitoringSubscription workflow runs after each crawl:
 *
 * - signCrawledImages: every crawled picture not yet signed gets its signature (PDQ hash and local
 *   features, matching/signature.ts). Shared by every subscription, so concurrent callers take
 *   disjoint rows (skip locked) and then wait for the rows the others hold.
 * - matchSubscription: the subscription's comparison pictures against the pictures of every
 *   current page of the enabled sites, its keywords against those pages' titles and descriptions,
 *   and the dark watermark (issue 14) of the pictures found either way; each hit is filed once as a
 *   suspect (db/suspects.ts fileSuspects).
 * - sendSuspectDigest: one site message for what a crawl found, never one per suspect.
 */

/** Pictures signed per transaction: their rows stay locked while they are decoded (~0.1 s each). */
const SIGN_BATCH = 8;
/** Candidate pictures (their ~5 KB of features each) and pages read per query. */
const SCAN_BATCH = 200;
/** Near copies of one comparison picture looked up through the PDQ index at most. */
const NEAR_LIMIT = 1000;
/** The index takes up to MAX_LOOKUP_RADIUS; the matcher's global stage accepts GLOBAL_LOOKUP_RADIUS. */
const NEAR_RADIUS = Math.min(GLOBAL_LOOKUP_RADIUS, MAX_LOOKUP_RADIUS);

/** Why a crawled picture has no signature; it is not tried again until its content changes (db/crawl.ts saveCrawlImage). */
type SignatureError = 'missing' | 'undecodable';

async function readStored(store: ObjectStore, key: string | null): Promise<Buffer | null> {
  const object = key ? await store.get(key) : null;
  if (!object) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of object.body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function storedSignature(store: ObjectStore, key: string | null): Promise<ImageSignature | SignatureError> {
  const bytes = await readStored(store, key);
  if (!bytes) return 'missing';
  try {
    // Off the worker's event loop, which meanwhile runs the other activities and workflow activations.
    return await signatureOf(bytes);
  } catch (err) {
    // A signer thread that died is not the picture's fault: the activity fails and is retried.
    if (err instanceof TaskFailed) return 'undecodable';
    throw err;
  }
}

/**
 * The reader threads queue a few pictures at most (ReadersBusy past that, meant for the API's
 * callers); many subscriptions matching at once in one worker wait their turn instead of failing.
 */
async function readMark(file: string): Promise<bigint | null> {
  for (;;) {
    try {
      return await readWatermarkFile(file);
    } catch (err) {
      if (!(err instanceof ReadersBusy)) throw err;
      heartbeat({ step: 'watermarks', waiting: true });
      await sleep(1000);
    }
  }
}

/** A page of an enabled site whose last fetch found it (what a suspect's snapshot is copied from). */
interface PageRow {
  id: string;
  url: string;
  title: string;
  description: string;
  text_extract: string;
  snapshot_key: string | null;
  sha256: string | null;
  last_fetched_at: Date | null;
}

const PAGE_COLUMNS = ['p.id', 'p.url', 'p.title', 'p.description', 'p.text_extract', 'p.snapshot_key', 'p.sha256', 'p.last_fetched_at'];

/** Pages of enabled sites as their last fetch found them (2xx): a site switched off is not searched. */
function currentPages(k: Knex): Knex.QueryBuilder {
  return k('crawl_pages as p').join('crawl_sites as site', 'site.id', 'p.site_id').where('site.enabled', true).whereBetween('p.status', [200, 299]);
}

interface CandidateRow {
  id: string;
  url: string;
  pdq: Buffer;
  pdq_quality: number | null;
  features: Buffer;
  width: number;
  height: number;
}

/** Signed crawled pictures that some current page shows (index crawl_page_images_image). */
function candidates(k: Knex): Knex.QueryBuilder {
  return k('crawl_images as ci')
    .whereNotNull('ci.pdq')
    .whereNotNull('ci.features')
    .whereExists(currentPages(k).join('crawl_page_images as cpi', 'cpi.page_id', 'p.id').whereRaw('cpi.image_id = ci.id').select(k.raw('1')))
    .select('ci.id', 'ci.url', 'ci.pdq', 'ci.pdq_quality', 'ci.features', 'ci.width', 'ci.height');
}

const signatureOfRow = (r: CandidateRow): ImageSignature => ({
  width: r.width,
  height: r.height,
  pdq: r.pdq,
  // A hash stored without its quality is not trusted by the global stage (quality 0): the local stage still looks.
  pdqQuality: r.pdq_quality ?? 0,
  features: r.features,
});

/** What one subscription is matched with. */
interface Subscription {
  id: string;
  user_id: string;
  ipci_id: string;
  state: string;
  keywords: MonitoredContent['keywords'];
  ip_name_zh: string;
  ip_name_en: string | null;
  ip_name_ja: string | null;
}

const subscription = (k: Knex, id: string): Promise<Subscription | undefined> =>
  k('monitoring_subscriptions as s')
    .join('ipcis as i', 'i.id', 's.ipci_id')
    .where('s.id', id)
    .first('s.id', 's.user_id', 's.ipci_id', 's.state', 's.keywords', 'i.ip_name_zh', 'i.ip_name_en', 'i.ip_name_ja');

/** A picture hit: the crawled picture and its best match among the comparison pictures. */
interface ImageHit {
  imageId: string;
  imageUrl: string;
  match: ImageMatch;
}

export function monitoringMatchActivities(k: Knex, store: ObjectStore) {
  /**
   * The comparison pictures, signed: S1 signs them when the content is saved; one left unsigned
   * (saved before the signer was there, or signing failed) is signed from its upload here.
   */
  async function comparisonIndex(subscriptionId: string): Promise<OriginalsIndex> {
    const rows: Array<{ id: string; pdq: Buffer | null; features: Buffer | null; width: number; height: number; storage_key: string | null }> = await k('monitoring_pictures as mp')
      .join('uploads as u', 'u.id', 'mp.upload_id')
      .where('mp.subscription_id', subscriptionId)
      .orderBy('mp.created_at')
      .select('mp.id', 'mp.pdq', 'mp.features', 'mp.width', 'mp.height', 'u.storage_key');
    const index = new OriginalsIndex();
    for (const r of rows) {
      let sig: Pick<ImageSignature, 'pdq' | 'features' | 'width' | 'height'> | null = r.pdq && r.features ? { pdq: r.pdq, features: r.features, width: r.width, height: r.height } : null;
      if (!sig) {
        const signed = await storedSignature(store, r.storage_key);
        // The upload check decoded it once; a picture that no longer decodes is left out, not retried in a loop.
        if (typeof signed === 'string') continue;
        await k('monitoring_pictures').where({ id: r.id }).update({ pdq: signed.pdq, features: signed.features });
        sig = { pdq: signed.pdq, features: signed.features, width: r.width, height: r.height };
      }
      index.add(r.id, sig);
    }
    return index;
  }

  /**
   * Crawled pictures that are copies of a comparison picture. Near-duplicates first, through the
   * PDQ index (db/imageHashes.ts) for each picture's hash, so they are found without reading the
   * other pictures' features; then every other candidate, a batch at a time, through the matcher's
   * two stages. Either way the matcher decides (its one threshold).
   */
  async function imageHits(index: OriginalsIndex, pdqs: Buffer[]): Promise<Map<string, ImageHit>> {
    const hits = new Map<string, ImageHit>();
    const consider = (rows: CandidateRow[]) => {
      for (const r of rows) {
        const [best] = index.match(signatureOfRow(r));
        if (best) hits.set(r.id, { imageId: r.id, imageUrl: r.url, match: best });
      }
    };
    const near = new Set<string>();
    for (const pdq of pdqs) for (const { id } of await nearImages(k, pdq, NEAR_RADIUS, NEAR_LIMIT)) near.add(id);
    if (near.size) consider(await candidates(k).whereIn('ci.id', [...near]));
    heartbeat({ step: 'images', near: near.size });

    let after = '';
    for (let scanned = 0; ; ) {
      const query = candidates(k).orderBy('ci.id').limit(SCAN_BATCH);
      if (after) query.where('ci.id', '>', after);
      const rows: CandidateRow[] = await query;
      if (!rows.length) break;
      after = rows[rows.length - 1].id;
      consider(rows.filter((r) => !near.has(r.id)));
      scanned += rows.length;
      heartbeat({ step: 'images', scanned });
    }
    return hits;
  }

  /** Current pages whose title or description holds some of the keywords, with the keywords found. */
  async function keywordPages(keywords: string[]): Promise<Map<string, string[]>> {
    const found = new Map<string, string[]>();
    if (!keywords.length) return found;
    const matcher = new KeywordMatcher(keywords);
    let after = '';
    for (;;) {
      const query = currentPages(k).orderBy('p.id').limit(SCAN_BATCH).select('p.id', 'p.title', 'p.description');
      if (after) query.where('p.id', '>', after);
      const rows: Array<{ id: string; title: string; description: string }> = await query;
      if (!rows.length) break;
      after = rows[rows.length - 1].id;
      for (const r of rows) {
        const words = matcher.match([r.title, r.description]);
        if (words.length) found.set(r.id, words);
      }
      heartbeat({ step: 'keywords', pages: found.size });
    }
    return found;
  }

  /**
   * The mark a crawled picture carries (null: none), read once per content on the watermark
   * reader's threads and kept with the picture (crawl_images.watermark_sha256/watermark_mark).
   */
  async function markOf(image: { id: string; sha256: string | null; thumbnail_key: string | null; width: number | null; height: number | null; watermark_sha256: string | null; watermark_mark: string | null }): Promise<bigint | null> {
    if (image.sha256 && image.watermark_sha256 === image.sha256) return image.watermark_mark === null ? null : markFromDb(image.watermark_mark);
    let mark: bigint | null = null;
    // Too small to carry a readable mark (the identification service's own floor).
    const readable = !image.width || !image.height || Math.min(image.width, image.height) >= MIN_CHECK_SIDE;
    const bytes = readable ? await readStored(store, image.thumbnail_key) : null;
    if (bytes) {
      const dir = await mkdtemp(path.join(os.tmpdir(), 'ipci-match-'));
      try {
        const file = path.join(dir, 'image');
        await writeFile(file, bytes);
        mark = await readMark(file);
      } catch (err) {
        if (!(err instanceof UndecodablePicture)) throw err;
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    }
    if (image.sha256) await k('crawl_images').where({ id: image.id, sha256: image.sha256 }).update({ watermark_sha256: image.sha256, watermark_mark: mark === null ? null : markToDb(mark) });
    return mark;
  }

  /** Of these pictures, those whose mark names one of `userId`'s watermarked items: picture id → item id. */
  async function ownMarks(imageIds: string[], userId: string): Promise<Map<string, string>> {
    const out = new Map<string, string>();
    if (!imageIds.length) return out;
    const images = await k('crawl_images')
      .whereIn('id', imageIds)
      .orderBy('id')
      .select('id', 'sha256', 'thumbnail_key', 'width', 'height', 'watermark_sha256', k.raw('watermark_mark::text as watermark_mark'));
    for (const image of images) {
      const mark = await markOf(image);
      heartbeat({ step: 'watermarks', read: out.size });
      if (mark === null) continue;
      const found = await findItemByMark(k, mark);
      if (found?.ownerId === userId) out.set(image.id, found.item.id);
    }
    return out;
  }

  return {
    /**
     * Signs every crawled picture without a signature (`runId` names the crawl that asked, for the
     * heartbeat). An image that is gone from the store or does not decode is marked and skipped.
     */
    async signCrawledImages(input: { runId: string }): Promise<{ signed: number }> {
      let signed = 0;
      const unsigned = (trx: Knex.Transaction) => trx('crawl_images').whereNull('pdq').whereNull('signature_error').orderBy('id').limit(SIGN_BATCH).forUpdate().select('id', 'thumbnail_key');
      // First the rows nobody holds; then, waiting for them, those other callers were signing (found signed by then, or still to do).
      for (const skipLocked of [true, false]) {
        for (;;) {
          const done = await k.transaction(async (trx) => {
            const query = unsigned(trx);
            const rows: Array<{ id: string; thumbnail_key: string | null }> = await (skipLocked ? query.skipLocked() : query);
            for (const r of rows) {
              const sig = await storedSignature(store, r.thumbnail_key);
              if (typeof sig === 'string') await trx('crawl_images').where({ id: r.id }).update({ signature_error: sig });
              else {
                await trx('crawl_images').where({ id: r.id }).update({ pdq: sig.pdq, pdq_quality: Math.round(sig.pdqQuality), features: sig.features, width: sig.width, height: sig.height });
                signed++;
              }
              heartbeat({ runId: input.runId, signed });
            }
            return rows.length;
          });
          if (!done) break;
        }
      }
      return { signed };
    },

    /**
     * Files the subscription's new suspects from what is crawled now (nothing while it is not
     * active). A picture match on a page is one suspect; so is a picture on a keyword page that
     * carries this user's watermark; a keyword page with neither is one keyword suspect. Found
     * again, a match is not filed again (unique subscription, page, image).
     */
    async matchSubscription(input: { subscriptionId: string; runId: string }): Promise<{ newSuspects: number; suspectIds: string[] }> {
      const sub = await subscription(k, input.subscriptionId);
      if (!sub || sub.state !== 'active') return { newSuspects: 0, suspectIds: [] };
      const index = await comparisonIndex(sub.id);
      const pictures: Buffer[] = (await k('monitoring_pictures').where({ subscription_id: sub.id }).whereNotNull('pdq').pluck('pdq')) as Buffer[];
      const byImage = index.size ? await imageHits(index, pictures) : new Map<string, ImageHit>();
      const byPage = await keywordPages(sub.keywords.map((kw) => kw.text));

      // Which current pages show the matched pictures, and which pictures the keyword pages show.
      const links: Array<{ page_id: string; image_id: string; image_url: string }> = [];
      const matchedIds = [...byImage.keys()];
      for (let i = 0; i < matchedIds.length; i += SCAN_BATCH)
        links.push(...(await currentPages(k).join('crawl_page_images as cpi', 'cpi.page_id', 'p.id').join('crawl_images as ci', 'ci.id', 'cpi.image_id').whereIn('cpi.image_id', matchedIds.slice(i, i + SCAN_BATCH)).select('cpi.page_id', 'cpi.image_id', 'ci.url as image_url')));
      const keywordPageIds = [...byPage.keys()];
      for (let i = 0; i < keywordPageIds.length; i += SCAN_BATCH)
        links.push(...(await k('crawl_page_images as cpi').join('crawl_images as ci', 'ci.id', 'cpi.image_id').whereIn('cpi.page_id', keywordPageIds.slice(i, i + SCAN_BATCH)).select('cpi.page_id', 'cpi.image_id', 'ci.url as image_url')));

      const marks = await ownMarks([...new Set(links.map((l) => l.image_id))], sub.user_id);
      const pageIds = [...new Set([...links.map((l) => l.page_id), ...keywordPageIds])];
      const pages = new Map<string, PageRow>();
      for (let i = 0; i < pageIds.length; i += SCAN_BATCH) for (const p of (await k('crawl_pages as p').whereIn('p.id', pageIds.slice(i, i + SCAN_BATCH)).select(PAGE_COLUMNS)) as PageRow[]) pages.set(p.id, p);

      const authorised = await authorisedHosts(k, sub.user_id);
      const suspects: NewSuspect[] = [];
      const file = (page: PageRow, image: { id: string; url: string } | null, kind: MatchKind, evidence: MatchEvidence, pictureId: string | null) => {
        const website = siteHost(page.url) ?? '';
        suspects.push({
          subscriptionId: sub.id,
          userId: sub.user_id,
          ipciId: sub.ipci_id,
          state: authorised.has(website) ? 'authorised' : 'new',
          matchKind: kind,
          workTitle: sub.ip_name_zh,
          website,
          pageUrl: page.url,
          imageUrl: image?.url ?? '',
          pageId: page.id,
          imageId: image?.id ?? null,
          pictureId,
          evidence,
          snapshot: { key: page.snapshot_key, sha256: page.sha256, title: page.title, text: page.text_extract, fetchedAt: page.last_fetched_at },
          runId: input.runId,
        });
      };

      const withImage = new Set<string>();
      const seen = new Set<string>();
      for (const link of links) {
        const page = pages.get(link.page_id);
        const key = `${link.page_id}/${link.image_id}`;
        if (!page || seen.has(key)) continue;
        const hit = byImage.get(link.image_id);
        const itemId = marks.get(link.image_id);
        const keywords = byPage.get(link.page_id);
        if (!hit && !itemId) continue;
        seen.add(key);
        withImage.add(link.page_id);
        const m = hit?.match;
        // The watermark proves origin: with it the suspect is a watermark match, whatever else matched.
        const evidence: MatchEvidence = {
          kind: itemId ? 'watermark' : 'image',
          ...(m && { pictureId: m.originalId, method: m.method, distance: m.distance, inliers: m.inliers, transform: m.transform, overlap: m.overlap }),
          ...(itemId && { watermarkItemId: itemId }),
          ...(keywords && { keywords }),
        };
        file(page, { id: link.image_id, url: link.image_url }, evidence.kind, evidence, m?.originalId ?? null);
      }
      for (const [pageId, keywords] of byPage) {
        const page = pages.get(pageId);
        if (page && !withImage.has(pageId)) file(page, null, 'keyword', { kind: 'keyword', keywords }, null);
      }

      const suspectIds = await fileSuspects(k, suspects);
      return { newSuspects: suspectIds.length, suspectIds };
    },

    /**
     * One site message for a crawl's new suspects (none when there are none), linking to the
     * subscription's suspects. Its dedupe key holds the run and how many suspects the run has filed
     * for the subscription, so a retried send leaves one message while a second match of the same
     * crawl (the monitored content changed) that filed more is told too.
     */
    async sendSuspectDigest(input: { subscriptionId: string; runId: string; newSuspects: number }): Promise<void> {
      if (input.newSuspects <= 0) return;
      const sub = await subscription(k, input.subscriptionId);
      if (!sub) return;
      const [{ filed, sites }] = await k('suspects').where({ subscription_id: sub.id, run_id: input.runId }).select(k.raw('count(*)::int as filed'), k.raw('count(distinct website)::int as sites'));
      const names = ipNamesOf(sub);
      await insertMessage(k, {
        dedupeKey: `suspectDigest/${sub.id}/${input.runId}/${filed}`,
        userId: sub.user_id,
        titleKey: 'suspectDigest',
        bodyKey: 'suspectDigestBody',
        params: { name: names.zh, names, count: input.newSuspects, sites },
        actionLink: `usercenter/suspecttort?subscriptionId=${sub.id}`,
      });
    },
  };
}
