import type { Knex } from 'knex';
import type { WatermarkMedia } from '../domain/watermark';
import { keysetPage, newestFirst, type KeysetRequest } from './keyset';
import { recordStorageDeletions } from './storageDeletions';

/**
 * Identifications of suspect files (migration 026 watermark_checks): one row per check, found or
 * not, from the public protect/antifake page (origin `public`) or an owner's watermarkdetect
 * (origin `owner`). The suspect itself is never kept; a check that found a mark keeps a small WebP
 * of it (checkThumbnailKey) as its owner's evidence of where the picture turned up.
 */
export const CHECK_ORIGINS = ['public', 'owner'] as const;
export type CheckOrigin = (typeof CHECK_ORIGINS)[number];

/** The evidence thumbnail's key, derived from the check's id so a row and its object name each other. */
export const checkThumbnailKey = (checkId: string) => `watermark-checks/${checkId}.webp`;

export interface NewWatermarkCheck {
  id: string;
  origin: CheckOrigin;
  checkerId: string | null;
  media: WatermarkMedia;
  itemId: string | null;
  ownerId: string | null;
  credentials: unknown;
  fileName: string;
  fileSize: number;
  sha256: string;
  thumbnailKey: string | null;
}

export async function insertWatermarkCheck(k: Knex, c: NewWatermarkCheck): Promise<void> {
  await k('watermark_checks').insert({
    id: c.id,
    origin: c.origin,
    checker_id: c.checkerId,
    media: c.media,
    found: c.itemId !== null,
    item_id: c.itemId,
    owner_id: c.ownerId,
    credentials: c.credentials == null ? null : JSON.stringify(c.credentials),
    file_name: c.fileName.slice(0, 255),
    file_size: c.fileSize,
    sha256: c.sha256,
    thumbnail_key: c.thumbnailKey,
  });
}

export interface DetectedCheckRow {
  id: string;
  checked_at: Date;
  origin: CheckOrigin;
  media: WatermarkMedia;
  file_name: string;
  file_size: string;
  thumbnail_key: string | null;
  credentials: unknown;
  item_id: string | null;
  item_name: string | null;
  copy_file_id: string | null;
  ipci_code: string | null;
}

export function toDetectedCheckJson(r: DetectedCheckRow) {
  return {
    id: r.id,
    checkedAt: r.checked_at,
    origin: r.origin,
    media: r.media,
    fileName: r.file_name,
    fileSize: Number(r.file_size),
    thumbnail: r.thumbnail_key !== null,
    credentials: r.credentials ?? null,
    // The copy the mark names; null once the user deleted that watermark record.
    item: r.item_id ? { id: r.item_id, name: r.item_name, copyFileId: r.copy_file_id, ipciCode: r.ipci_code } : null,
  };
}

export interface CheckListQuery extends KeysetRequest {
  media?: string;
  found?: boolean;
}

const checkColumns = [
  'c.id',
  'c.checked_at',
  'c.origin',
  'c.media',
  'c.file_name',
  'c.file_size',
  'c.thumbnail_key',
  'c.credentials',
  'c.item_id',
  'i.source_name as item_name',
  'i.copy_file_id',
  'p.code as ipci_code',
];

const checks = (k: Knex) => k('watermark_checks as c').leftJoin('watermark_items as i', 'i.id', 'c.item_id').leftJoin('ipcis as p', 'p.id', 'i.ipci_id').select(checkColumns);

/** The owner's `detected watermark` list: every check, by anyone, that found one of their marks (index watermark_checks_owner). */
export function detectedChecksPage(k: Knex, ownerId: string, q: CheckListQuery) {
  const query = checks(k).where('c.owner_id', ownerId);
  if (q.media) query.where('c.media', q.media);
  return keysetPage<DetectedCheckRow>(query, newestFirst('c.checked_at', 'c.id'), q);
}

/** The checks a signed-in user made themselves (watermarkdetect's history; index watermark_checks_checker). */
export function ownChecksPage(k: Knex, checkerId: string, q: CheckListQuery) {
  const query = checks(k).where('c.checker_id', checkerId).select('c.found', 'c.owner_id');
  if (q.media) query.where('c.media', q.media);
  if (q.found !== undefined) query.where('c.found', q.found);
  return keysetPage<DetectedCheckRow & { found: boolean; owner_id: string | null }>(query, newestFirst('c.checked_at', 'c.id'), q);
}

/** The evidence thumbnail of one of the owner's detected checks; undefined for anyone else's or none. */
export async function detectedThumbnailKey(k: Knex, ownerId: string, checkId: string): Promise<string | undefined> {
  const row = await k('watermark_checks').where({ id: checkId, owner_id: ownerId }).whereNotNull('thumbnail_key').first('thumbnail_key');
  return row?.thumbnail_key;
}

/**
 * The account purge's part for checks (db/retention purgeAccount, same transaction, before
 * db/watermarks purgeWatermarks takes the owner off them): the evidence thumbnails of checks that
 * found the user's pictures are recorded for deletion and unlinked; the rows stay for the statistics.
 */
export async function purgeCheckThumbnails(trx: Knex.Transaction, ownerId: string): Promise<void> {
  const keys: string[] = await trx('watermark_checks').where({ owner_id: ownerId }).whereNotNull('thumbnail_key').pluck('thumbnail_key');
  if (!keys.length) return;
  await trx('watermark_checks').where({ owner_id: ownerId }).whereNotNull('thumbnail_key').update({ thumbnail_key: null });
  await recordStorageDeletions(trx, keys);
}
