import type { Knex } from 'knex';
import { MAX_GALLERY_FOLDERS, type GalleryListQuery } from '../domain/gallery';
import { keysetPage, newestFirst } from './keyset';
import { recordStorageDeletions } from './storageDeletions';
import type { UploadRow } from './uploads';

/**
 * The gallery's rows (migration 023): a user's folders and their files, each file one upload (the
 * stored object) counted against the user's capacity by its size.
 *
 * Thumbnails are the platform's own small WebP copies, kept as objects beside the originals under a
 * key derived from the file's id (thumbnailKey), so no row names them; they are NOT counted against
 * capacity — the user pays for what they stored, and a capacity that shrank by more than the file
 * they chose would make the "needs … but only … left" message wrong.
 */
export const thumbnailKey = (fileId: string) => `gallery-thumbnails/${fileId}.webp`;

export interface GalleryFolderRow {
  id: string;
  name: string;
  files: number;
}

export interface GalleryFileRow {
  id: string;
  folder_id: string | null;
  kind: string;
  source_id: string | null;
  size: string;
  watermark_state: string | null;
  created_at: Date;
  mime: string;
  width: number | null;
  height: number | null;
  original_name: string;
  storage_key: string;
}

export function toGalleryFileJson(r: GalleryFileRow) {
  return {
    id: r.id,
    folderId: r.folder_id,
    kind: r.kind,
    sourceId: r.source_id,
    name: r.original_name,
    mime: r.mime,
    size: Number(r.size),
    width: r.width,
    height: r.height,
    watermarkState: r.watermark_state,
    createdAt: r.created_at,
  };
}

const FILE_COLUMNS = ['f.id', 'f.folder_id', 'f.kind', 'f.source_id', 'f.size', 'f.watermark_state', 'f.created_at', 'u.mime', 'u.width', 'u.height', 'u.original_name', 'u.storage_key'];

const files = (k: Knex, userId: string) => k('gallery_files as f').join('uploads as u', 'u.id', 'f.upload_id').where('f.user_id', userId);

/**
 * Serialises whatever consumes one user's capacity (a gallery upload here, a watermarked copy
 * elsewhere) from its check to its insert: two uploads at once cannot both fit in what is left for
 * one. A transaction-scoped advisory lock, so it is released by the commit or rollback.
 */
export async function lockCapacity(trx: Knex.Transaction, userId: string): Promise<void> {
  await trx.raw("select pg_advisory_xact_lock(hashtextextended('capacity/' || ?::text, 0))", [userId]);
}

/** Whether the user ever had capacity (a package, expired now when their capacity is nothing): which refusal they are given. */
export async function hadCapacity(k: Knex, userId: string): Promise<boolean> {
  return Boolean(await k('capacity_grants').where({ user_id: userId }).first('id'));
}

/** The user's folders by name with how many files each holds, and how many are in none. */
export async function galleryFolders(k: Knex, userId: string): Promise<{ folders: GalleryFolderRow[]; unfiled: number; total: number }> {
  const [folders, counts] = await Promise.all([
    k('gallery_folders as g')
      .leftJoin('gallery_files as f', 'f.folder_id', 'g.id')
      .where('g.user_id', userId)
      .groupBy('g.id')
      .orderByRaw('lower(g.name), g.id')
      .select('g.id', 'g.name', k.raw('count(f.id)::int as files')),
    k('gallery_files').where({ user_id: userId }).first(k.raw('count(*)::int as total'), k.raw('(count(*) filter (where folder_id is null))::int as unfiled')),
  ]);
  return { folders, unfiled: counts.unfiled, total: counts.total };
}

export function findGalleryFolder(k: Knex, userId: string, id: string): Promise<{ id: string } | undefined> {
  return k('gallery_folders').where({ id, user_id: userId }).first('id');
}

/** null when the name is taken (names are unique per user, case-insensitively) or the user has MAX_GALLERY_FOLDERS already. */
export async function createGalleryFolder(k: Knex, userId: string, name: string): Promise<{ id: string; name: string } | 'exists' | 'tooMany'> {
  return k.transaction(async (trx) => {
    // Counted under the same lock as uploads: two creations at once cannot both pass the bound.
    await lockCapacity(trx, userId);
    const { n } = await trx('gallery_folders').where({ user_id: userId }).first(trx.raw('count(*)::int as n'));
    if (n >= MAX_GALLERY_FOLDERS) return 'tooMany';
    const [row] = await trx('gallery_folders').insert({ user_id: userId, name }).onConflict(trx.raw('(user_id, lower(name))')).ignore().returning(['id', 'name']);
    return row ?? 'exists';
  });
}

/** 'missing' for a folder that is not the user's. */
export async function renameGalleryFolder(k: Knex, userId: string, id: string, name: string): Promise<'renamed' | 'missing' | 'exists'> {
  const clash = await k('gallery_folders').where({ user_id: userId }).whereNot({ id }).whereRaw('lower(name) = lower(?)', [name]).first('id');
  if (clash) return 'exists';
  try {
    const n = await k('gallery_folders').where({ id, user_id: userId }).update({ name });
    return n ? 'renamed' : 'missing';
  } catch (err) {
    // Another rename took the name between the look and the update.
    if ((err as { code?: string }).code === '23505') return 'exists';
    throw err;
  }
}

/** Its files stay, in no folder (the foreign key sets them null). */
export async function deleteGalleryFolder(k: Knex, userId: string, id: string): Promise<boolean> {
  return (await k('gallery_folders').where({ id, user_id: userId }).delete()) > 0;
}

/** One page of the user's files, newest first: all of them, one folder's, or those in none. */
export function galleryPage(k: Knex, userId: string, q: GalleryListQuery): Promise<{ rows: GalleryFileRow[]; next: string | null }> {
  const query = files(k, userId).select(FILE_COLUMNS);
  if (q.folder === 'none') query.whereNull('f.folder_id');
  else if (q.folder) query.where('f.folder_id', q.folder);
  return keysetPage<GalleryFileRow>(query, newestFirst('f.created_at', 'f.id'), q);
}

export function findGalleryFile(k: Knex, userId: string, id: string): Promise<GalleryFileRow | undefined> {
  return files(k, userId).where('f.id', id).first(FILE_COLUMNS);
}

/**
 * Inside the caller's transaction, after lockCapacity and the capacity check. `copyOf` makes it a
 * watermarked copy (db/watermarks storeWatermarkedCopy): its original and the IPCI its mark names.
 */
export async function insertGalleryFile(
  trx: Knex.Transaction,
  f: { id: string; userId: string; folderId: string | null; upload: Omit<UploadRow, 'id'>; copyOf?: { sourceId: string | null; ipciId: string | null } },
): Promise<GalleryFileRow> {
  const [upload] = await trx('uploads').insert(f.upload).returning('id');
  const copy = f.copyOf ? { kind: 'watermarked', source_id: f.copyOf.sourceId, ipci_id: f.copyOf.ipciId, watermark_state: 'done' } : { kind: 'original' };
  await trx('gallery_files').insert({ id: f.id, user_id: f.userId, folder_id: f.folderId, upload_id: upload.id, size: f.upload.size, ...copy });
  return (await findGalleryFile(trx, f.userId, f.id))!;
}

/** Nothing moves unless every file and the folder are the user's: which of the two was not. */
export async function moveGalleryFiles(k: Knex, userId: string, ids: string[], folderId: string | null): Promise<'moved' | 'noFolder' | 'noFile'> {
  return k.transaction(async (trx) => {
    if (folderId && !(await trx('gallery_folders').where({ id: folderId, user_id: userId }).forShare().first('id'))) return 'noFolder';
    const owned = await trx('gallery_files').where({ user_id: userId }).whereIn('id', ids).forUpdate().pluck('id');
    if (owned.length !== ids.length) return 'noFile';
    await trx('gallery_files').whereIn('id', ids).update({ folder_id: folderId });
    return 'moved';
  });
}

/**
 * Deletes the files (all of them the user's, or none: false) and their uploads, and records their
 * objects and thumbnails for deletion in the same transaction (db/storageDeletions); the caller
 * deletes those once this has committed. A watermarked copy of a deleted original stays: it is a
 * file of its own, paid for by capacity, and only loses the link to where it came from.
 */
export async function deleteGalleryFiles(k: Knex, userId: string, ids: string[]): Promise<string[] | null> {
  return k.transaction(async (trx) => {
    const rows: Array<{ id: string; upload_id: string }> = await trx('gallery_files').where({ user_id: userId }).whereIn('id', ids).forUpdate().select('id', 'upload_id');
    if (rows.length !== ids.length) return null;
    return deleteFileRows(trx, rows);
  });
}

/** Inside a transaction: the rows, their uploads, and the keys of both kinds of object recorded for deletion. */
async function deleteFileRows(trx: Knex.Transaction, rows: Array<{ id: string; upload_id: string }>): Promise<string[]> {
  const ids = rows.map((r) => r.id);
  await trx('gallery_files').whereIn('source_id', ids).whereNotIn('id', ids).update({ source_id: null });
  await trx('gallery_files').whereIn('id', ids).delete();
  const uploads: Array<{ storage_key: string }> = await trx('uploads').whereIn('id', rows.map((r) => r.upload_id)).delete().returning('storage_key');
  const keys = [...uploads.map((u) => u.storage_key), ...ids.map(thumbnailKey)];
  await recordStorageDeletions(trx, keys);
  return keys;
}

/**
 * The account purge's part (db/retention purgeAccount, same transaction): every gallery file and
 * folder of the user, before the purge deletes the uploads (gallery_files references them), with
 * the objects and thumbnails recorded for deletion like any other delete's.
 */
export async function purgeGallery(trx: Knex.Transaction, userId: string): Promise<void> {
  const rows: Array<{ id: string; upload_id: string }> = await trx('gallery_files').where({ user_id: userId }).select('id', 'upload_id');
  if (rows.length) await deleteFileRows(trx, rows);
  await trx('gallery_folders').where({ user_id: userId }).delete();
}
