import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { markFromDb, markToDb, type WatermarkMedia, type WatermarkState } from '../domain/watermark';
import { capacityOf } from './capacity';
import { insertGalleryFile, lockCapacity } from './gallery';
import { keysetPage, newestFirst } from './keyset';
import type { UploadRow } from './uploads';

/**
 * The watermark service's rows (migration 026): a batch (one request of addwatermarkimage, run by
 * the watermarkBatch workflow) and its items, each with the random 64-bit mark its copy carries.
 * Everything a user reaches by id is looked up with their id too, so another user's batch or item is
 * not found, like one that does not exist.
 */

export interface WatermarkBatchRow {
  id: string;
  user_id: string;
  media: WatermarkMedia;
  ipci_id: string | null;
  state: string;
  total: number;
  done: number;
  failed: number;
  created_at: Date;
  finished_at: Date | null;
  ipci_code: string | null;
  ip_name_zh: string | null;
  ip_name_en: string | null;
  ip_name_ja: string | null;
}

export interface WatermarkItemRow {
  id: string;
  batch_id: string;
  user_id: string;
  media: WatermarkMedia;
  source_file_id: string | null;
  source_name: string;
  copy_file_id: string | null;
  ipci_id: string | null;
  mark: string;
  state: WatermarkState;
  error: string | null;
  file_size: string | null;
  psnr: number | null;
  credentials: boolean;
  created_at: Date;
  finished_at: Date | null;
  ipci_code: string | null;
  ip_name_zh: string | null;
  ip_name_en: string | null;
  ip_name_ja: string | null;
}

const ITEM_COLUMNS = [
  'w.id', 'w.batch_id', 'w.user_id', 'w.media', 'w.source_file_id', 'w.source_name', 'w.copy_file_id', 'w.ipci_id', 'w.mark', 'w.state', 'w.error',
  'w.file_size', 'w.psnr', 'w.credentials', 'w.created_at', 'w.finished_at', 'i.code as ipci_code', 'i.ip_name_zh', 'i.ip_name_en', 'i.ip_name_ja',
];

const items = (k: Knex) => k('watermark_items as w').leftJoin('ipcis as i', 'i.id', 'w.ipci_id');

const ipciJson = (r: Pick<WatermarkItemRow, 'ipci_id' | 'ipci_code' | 'ip_name_zh' | 'ip_name_en' | 'ip_name_ja'>) =>
  r.ipci_id ? { id: r.ipci_id, code: r.ipci_code, names: { zh: r.ip_name_zh, en: r.ip_name_en, ja: r.ip_name_ja } } : null;

/** What the owner sees of an item (the mark itself stays on the server: it is what identifies). */
export function toWatermarkItemJson(r: WatermarkItemRow) {
  return {
    id: r.id,
    batchId: r.batch_id,
    media: r.media,
    sourceFileId: r.source_file_id,
    name: r.source_name,
    copyFileId: r.copy_file_id,
    state: r.state,
    error: r.error,
    fileSize: r.file_size === null ? null : Number(r.file_size),
    psnr: r.psnr,
    credentials: r.credentials,
    ipci: ipciJson(r),
    createdAt: r.created_at,
    finishedAt: r.finished_at,
  };
}

export function toWatermarkBatchJson(b: WatermarkBatchRow, rows: WatermarkItemRow[]) {
  return {
    id: b.id,
    media: b.media,
    state: b.state,
    total: b.total,
    done: b.done,
    failed: b.failed,
    ipci: ipciJson(b),
    createdAt: b.created_at,
    finishedAt: b.finished_at,
    items: rows.map(toWatermarkItemJson),
  };
}

const newMark = () => randomBytes(8).readBigUInt64BE(0);

/**
 * A batch and one pending item per file, each with a fresh random mark. Two marks drawn alike (one
 * in 2^64 per pair) meet the unique index: that item is drawn again rather than the batch failing.
 */
export async function createWatermarkBatch(
  k: Knex,
  b: { userId: string; media: WatermarkMedia; ipciId: string | null; files: Array<{ id: string; name: string }> },
): Promise<{ batchId: string; items: Array<{ id: string; mark: bigint }> }> {
  return k.transaction(async (trx) => {
    const [batch] = await trx('watermark_batches').insert({ user_id: b.userId, media: b.media, ipci_id: b.ipciId, total: b.files.length }).returning('id');
    const made: Array<{ id: string; mark: bigint }> = [];
    for (const f of b.files) {
      for (;;) {
        const mark = newMark();
        const [row] = await trx('watermark_items')
          // clock_timestamp, not the transaction's now(): the items keep the order the files were picked in.
          .insert({ batch_id: batch.id, user_id: b.userId, media: b.media, source_file_id: f.id, source_name: f.name, ipci_id: b.ipciId, mark: markToDb(mark), created_at: trx.raw('clock_timestamp()') })
          .onConflict('mark')
          .ignore()
          .returning('id');
        if (row) {
          made.push({ id: row.id, mark });
          break;
        }
      }
    }
    await trx('gallery_files').whereIn('id', b.files.map((f) => f.id)).update({ watermark_state: 'pending' });
    return { batchId: batch.id, items: made };
  });
}

/** The user's batch (undefined for another user's). */
export function findWatermarkBatch(k: Knex, userId: string, id: string): Promise<WatermarkBatchRow | undefined> {
  return k('watermark_batches as w')
    .leftJoin('ipcis as i', 'i.id', 'w.ipci_id')
    .where({ 'w.id': id, 'w.user_id': userId })
    .first('w.*', 'i.code as ipci_code', 'i.ip_name_zh', 'i.ip_name_en', 'i.ip_name_ja');
}

/** A batch's items in the order they were picked. */
export function batchItems(k: Knex, batchId: string): Promise<WatermarkItemRow[]> {
  return items(k).where('w.batch_id', batchId).orderBy([{ column: 'w.created_at' }, { column: 'w.id' }]).select(ITEM_COLUMNS);
}

/** The user's items newest first (index watermark_items_user), of one medium or both. */
export function watermarkItemsPage(k: Knex, userId: string, q: { media?: string; limit: number; after?: string }): Promise<{ rows: WatermarkItemRow[]; next: string | null }> {
  const query = items(k).where('w.user_id', userId).select(ITEM_COLUMNS);
  if (q.media) query.where('w.media', q.media);
  return keysetPage<WatermarkItemRow>(query, newestFirst('w.created_at', 'w.id'), q);
}

/** The user's item with its copy's stored object, for the download (undefined for another user's). */
export function findWatermarkItem(k: Knex, userId: string, id: string): Promise<(WatermarkItemRow & { storage_key: string | null; mime: string | null; copy_name: string | null }) | undefined> {
  return items(k)
    .leftJoin('gallery_files as f', 'f.id', 'w.copy_file_id')
    .leftJoin('uploads as u', 'u.id', 'f.upload_id')
    .where({ 'w.id': id, 'w.user_id': userId })
    .first([...ITEM_COLUMNS, 'u.storage_key', 'u.mime', 'u.original_name as copy_name']);
}

/**
 * What the worker needs to embed an item: the item, its batch's IPCI and owner, and the original's
 * stored object (null fields when the original was deleted meanwhile).
 */
export function itemToEmbed(k: Knex, id: string) {
  return items(k)
    .leftJoin('gallery_files as f', 'f.id', 'w.source_file_id')
    .leftJoin('uploads as u', 'u.id', 'f.upload_id')
    .leftJoin('users as o', 'o.id', 'w.user_id')
    .where('w.id', id)
    .first<(WatermarkItemRow & { storage_key: string | null; mime: string | null; width: number | null; height: number | null; folder_id: string | null; owner_name: string }) | undefined>([
      ...ITEM_COLUMNS,
      'u.storage_key',
      'u.mime',
      'u.width',
      'u.height',
      'f.folder_id',
      'o.username as owner_name',
    ]);
}

/**
 * An item's state, mirrored on its original's gallery row (part 2 §3 watermarkState there too). An
 * item already finished (done or failed) stays as it is: a retried activity cannot undo it.
 */
export async function setItemState(k: Knex, id: string, state: WatermarkState, error: string | null = null): Promise<boolean> {
  return k.transaction(async (trx) => {
    const finished = state === 'done' || state === 'failed';
    const [row] = await trx('watermark_items')
      .where({ id })
      .whereNotIn('state', ['done', 'failed'])
      .update({ state, error, ...(finished ? { finished_at: trx.fn.now() } : {}) })
      .returning('source_file_id');
    if (row?.source_file_id) await trx('gallery_files').where({ id: row.source_file_id }).update({ watermark_state: state });
    return Boolean(row);
  });
}

export type StoredCopy = { state: 'done'; fileId: string } | { state: 'capacity'; needed: number; remaining: number } | { state: 'finished' };

/**
 * The copy into the gallery, in one transaction under the user's capacity lock: refused (nothing
 * written) when what is left is less than the copy; else its upload and gallery rows (kind
 * watermarked, beside its original) and the item done. 'finished' when the item was finished by an
 * earlier run of the same activity.
 */
export async function storeWatermarkedCopy(
  k: Knex,
  c: { itemId: string; fileId: string; folderId: string | null; psnr: number; credentials: boolean; upload: Omit<UploadRow, 'id'> },
): Promise<StoredCopy> {
  return k.transaction(async (trx) => {
    const item = await trx('watermark_items').where({ id: c.itemId }).forUpdate().first('user_id', 'state', 'source_file_id', 'ipci_id');
    if (!item || item.state === 'done' || item.state === 'failed') return { state: 'finished' };
    await lockCapacity(trx, item.user_id);
    const left = (await capacityOf(trx, item.user_id)).remainingBytes;
    const size = Number(c.upload.size);
    if (size > left) return { state: 'capacity', needed: size, remaining: left };
    // The original may have gone meanwhile: the copy then lands in no folder and names no source.
    const source = item.source_file_id ? await trx('gallery_files').where({ id: item.source_file_id }).forShare().first('id') : undefined;
    await insertGalleryFile(trx, {
      id: c.fileId,
      userId: item.user_id,
      folderId: source && c.folderId ? c.folderId : null,
      upload: c.upload,
      copyOf: { sourceId: source ? item.source_file_id : null, ipciId: item.ipci_id },
    });
    await trx('watermark_items')
      .where({ id: c.itemId })
      .update({ state: 'done', error: null, copy_file_id: c.fileId, file_size: size, psnr: Number.isFinite(c.psnr) ? c.psnr : null, credentials: c.credentials, finished_at: trx.fn.now() });
    if (source) await trx('gallery_files').where({ id: source.id }).update({ watermark_state: 'done' });
    return { state: 'done', fileId: c.fileId };
  });
}

/** The batch's counters from its items, and finished: what the closing message reports. */
export async function finishWatermarkBatch(k: Knex, batchId: string): Promise<{ userId: string; total: number; done: number; failed: number }> {
  const counts = await k('watermark_items')
    .where({ batch_id: batchId })
    .first(k.raw("(count(*) filter (where state = 'done'))::int as done"), k.raw("(count(*) filter (where state = 'failed'))::int as failed"));
  const [batch] = await k('watermark_batches')
    .where({ id: batchId })
    .update({ done: counts.done, failed: counts.failed, state: 'finished', finished_at: k.raw('coalesce(finished_at, now())') })
    .returning(['user_id', 'total']);
  return { userId: batch.user_id, total: batch.total, done: counts.done, failed: counts.failed };
}

/**
 * A batch whose workflow could not be started (Temporal unreachable): nothing was marked, so its
 * items fail and it finishes, rather than showing as waiting for ever.
 */
export async function abandonWatermarkBatch(k: Knex, batchId: string): Promise<void> {
  for (const id of await k('watermark_items').where({ batch_id: batchId }).pluck('id')) await setItemState(k, id, 'failed', 'watermark.batch.itemFailed');
  await finishWatermarkBatch(k, batchId);
}

/** Counters while the batch runs (the page's progress), from the items as they finish. */
export async function countBatch(k: Knex, batchId: string): Promise<void> {
  await k('watermark_batches')
    .where({ id: batchId })
    .update({
      done: k('watermark_items').where({ batch_id: batchId, state: 'done' }).count('*'),
      failed: k('watermark_items').where({ batch_id: batchId, state: 'failed' }).count('*'),
    });
}

/**
 * The item a mark read back from a suspect file names, with its owner and IPCI (identification:
 * the public antifake page and the owner's watermarkdetect). Undefined when no item carries it.
 */
export async function findItemByMark(k: Knex, mark: bigint): Promise<{ item: WatermarkItemRow; ownerId: string; ipciId: string | null } | undefined> {
  const item: WatermarkItemRow | undefined = await items(k).where('w.mark', markToDb(mark)).first(ITEM_COLUMNS);
  return item && { item, ownerId: item.user_id, ipciId: item.ipci_id };
}

/** An item's mark as the codec's payload. */
export const itemMark = (item: Pick<WatermarkItemRow, 'mark'>): bigint => markFromDb(item.mark);

/**
 * The account purge's part (db/retention purgeAccount, same transaction, before the gallery): the
 * user's batches and with them their items; checks that found one of the items keep their log line
 * (item_id set null by the foreign key) but no longer name the user as owner or checker (the user
 * row stays as a tombstone, so its foreign keys would not do that by themselves).
 */
export async function purgeWatermarks(trx: Knex.Transaction, userId: string): Promise<void> {
  await trx('watermark_checks').where({ owner_id: userId }).update({ owner_id: null });
  await trx('watermark_checks').where({ checker_id: userId }).update({ checker_id: null });
  await trx('watermark_items').where({ user_id: userId }).delete();
  await trx('watermark_batches').where({ user_id: userId }).delete();
}
