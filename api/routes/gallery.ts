import Router from '@koa/router';
import { randomUUID } from 'node:crypto';
import { formatCapacity, type CapacitySummary } from '../../domain/capacity';
import { formatBytes } from '../../domain/uploads';
import {
  galleryDeleteSchema,
  galleryFolderSchema,
  galleryListSchema,
  galleryMoveSchema,
  galleryUploadSchema,
  GALLERY_EXTENSIONS,
  GALLERY_TYPES,
  GALLERY_UPLOAD_KIND,
  MAX_GALLERY_FOLDERS,
} from '../../domain/gallery';
import { checkInput } from '../../domain/validation/rules';
import { capacityOf } from '../../db/capacity';
import {
  createGalleryFolder,
  deleteGalleryFiles,
  deleteGalleryFolder,
  findGalleryFile,
  findGalleryFolder,
  galleryFolders,
  galleryPage,
  hadCapacity,
  insertGalleryFile,
  lockCapacity,
  moveGalleryFiles,
  renameGalleryFolder,
  thumbnailKey,
  toGalleryFileJson,
  type GalleryFileRow,
} from '../../db/gallery';
import { deleteRecorded } from '../../db/storageDeletions';
import type { ApiDeps } from '../deps';
import { conflict, HttpError, notFound } from '../errors';
import { allow } from '../middleware/auth';
import { validate } from '../middleware/validate';
import { acceptUpload, receiveUpload } from '../lib/receiveUpload';
import { sendObject } from '../lib/sendObject';
import { putThumbnail, putVideoThumbnail, Undecodable } from '../lib/thumbnail';
import { checkVideo, requireFfmpeg } from '../lib/videoFiles';
import { withLocalCopy } from '../../storage/localCopy';
import { isVideoMime, MAX_VIDEO_SECONDS } from '../../domain/watermark';
import { safeError } from '../lib/safeError';

const capacityJson = (c: CapacitySummary) => ({ total: c.totalBytes, used: c.usedBytes, remaining: c.remainingBytes });

const exceeded = (needed: number, remaining: number) =>
  new HttpError(413, 'capacityExceeded', 'gallery.capacityExceeded', { needed: formatCapacity(needed), remaining: formatCapacity(remaining) });

/**
 * User centre `gallerymanagement` (issue 14): a user's pictures kept against their paid capacity, in
 * folders. Everything is looked up with the caller's id, so another user's folder, file or thumbnail
 * is a 404 like one that does not exist.
 */
export function galleryRoutes({ db, store, downloads, maxUploadBytes }: ApiDeps): Router {
  const me = (ctx: { state: { user: { id: string } } }) => ctx.state.user.id;
  const files = { store, downloads };

  /** Objects of rows just deleted: now, or (if the store fails) by the next retention run, which deletes every recorded key. */
  const deleteObjects = async (keys: string[]) => {
    try {
      await deleteRecorded(db, store, keys);
    } catch (err) {
      console.error(`[gallery] objects left for the retention run: ${safeError(err)}`);
    }
  };

  return new Router()
    .get('/api/gallery/folders', allow('user'), async (ctx) => {
      const [folders, capacity] = await Promise.all([galleryFolders(db, me(ctx)), capacityOf(db, me(ctx))]);
      ctx.body = { ...folders, capacity: capacityJson(capacity) };
    })
    .post('/api/gallery/folders', allow('user'), validate(galleryFolderSchema), async (ctx) => {
      const made = await createGalleryFolder(db, me(ctx), ctx.state.input.name);
      if (made === 'exists') throw conflict('gallery.folderExists');
      if (made === 'tooMany') throw conflict('gallery.tooManyFolders', { max: MAX_GALLERY_FOLDERS });
      ctx.status = 201;
      ctx.body = made;
    })
    .put('/api/gallery/folders/:id', allow('user'), validate(galleryFolderSchema), async (ctx) => {
      const outcome = await renameGalleryFolder(db, me(ctx), ctx.params.id, ctx.state.input.name);
      if (outcome === 'missing') throw notFound();
      if (outcome === 'exists') throw conflict('gallery.folderExists');
      ctx.body = { id: ctx.params.id, name: ctx.state.input.name };
    })
    .delete('/api/gallery/folders/:id', allow('user'), async (ctx) => {
      if (!(await deleteGalleryFolder(db, me(ctx), ctx.params.id))) throw notFound();
      ctx.status = 204;
    })
    .get('/api/gallery/files', allow('user'), validate(galleryListSchema, 'query'), async (ctx) => {
      const { rows, next } = await galleryPage(db, me(ctx), ctx.state.input);
      ctx.body = { items: rows.map(toGalleryFileJson), next };
    })
    /**
     * An upload: `?size=` (the browser's File.size) and the folder come in the query so the capacity
     * is checked before the body is read — a file past what is left is refused with both numbers and
     * nothing is stored. The store's limit is then what is left, so a client that declared less is cut
     * off there; the final check and the insert run under the user's capacity lock, so two uploads
     * at once cannot both take the last of it (the loser's object is deleted).
     */
    .post('/api/gallery/files', allow('user'), async (ctx) => {
      const query = await checkInput(galleryUploadSchema, ctx.query);
      const userId = me(ctx);
      const folderId = query.folderId || null;
      if (folderId && !(await findGalleryFolder(db, userId, folderId))) throw new HttpError(404, 'notFound', 'gallery.folderNotFound');
      const before = await capacityOf(db, userId);
      if (before.totalBytes === 0) {
        throw new HttpError(402, 'noCapacity', (await hadCapacity(db, userId)) ? 'gallery.capacityExpired' : 'gallery.noCapacity');
      }
      if (query.size > before.remainingBytes) throw exceeded(query.size, before.remainingBytes);
      await receiveUpload(ctx, store, Math.min(before.remainingBytes, maxUploadBytes), () =>
        before.remainingBytes < maxUploadBytes
          ? new HttpError(413, 'capacityExceeded', 'gallery.capacityCutOff', { remaining: formatCapacity(before.remainingBytes) })
          : new HttpError(413, 'payloadTooLarge', 'http.payloadTooLarge', { max: formatBytes(maxUploadBytes) }),
      );
      const policy = { kind: GALLERY_UPLOAD_KIND, types: GALLERY_TYPES, extensions: GALLERY_EXTENSIONS };
      const row = await acceptUpload(ctx, store, () => policy, async (checked, file) => {
        const id = randomUUID();
        let upload = checked;
        try {
          if (isVideoMime(upload.mime)) {
            await requireFfmpeg();
            // ffmpeg seeks in the file: it is read from a temporary copy, which also makes the thumbnail.
            const facts = await withLocalCopy(store, file.key, async (local) => {
              const facts = await checkVideo(local, { maxSeconds: MAX_VIDEO_SECONDS });
              await putVideoThumbnail(store, local, thumbnailKey(id), facts);
              return facts;
            });
            upload = { ...upload, width: facts.width, height: facts.height };
          } else await putThumbnail(store, file.key, thumbnailKey(id), upload.mime);
        } catch (err) {
          if (err instanceof Undecodable) {
            const key = isVideoMime(upload.mime) ? 'video.unreadable' : 'gallery.undecodable';
            throw new HttpError(422, 'imageRejected', key, {}, { file: { key } });
          }
          throw err;
        }
        try {
          return await db.transaction(async (trx) => {
            await lockCapacity(trx, userId);
            const now = await capacityOf(trx, userId);
            if (file.size > now.remainingBytes) throw exceeded(file.size, now.remainingBytes);
            // The folder may have been deleted while the body streamed: the file then lands in none.
            const folder = folderId && (await trx('gallery_folders').where({ id: folderId, user_id: userId }).forShare().first('id')) ? folderId : null;
            return insertGalleryFile(trx, { id, userId, folderId: folder, upload });
          });
        } catch (err) {
          await store.delete(thumbnailKey(id));
          throw err;
        }
      });
      ctx.status = 201;
      ctx.body = { file: toGalleryFileJson(row), capacity: capacityJson(await capacityOf(db, userId)) };
    })
    .get('/api/gallery/files/:id', allow('user'), async (ctx) => {
      const file = await findGalleryFile(db, me(ctx), ctx.params.id);
      if (!file) throw notFound();
      await sendObject(ctx, files, file.storage_key, { mime: file.mime, fileName: file.original_name });
    })
    .get('/api/gallery/files/:id/thumbnail', allow('user'), async (ctx) => {
      const file: GalleryFileRow | undefined = await findGalleryFile(db, me(ctx), ctx.params.id);
      if (!file) throw notFound();
      const key = thumbnailKey(file.id);
      // A file that came in another way (a watermarked copy) gets its thumbnail on first sight.
      if (!(await store.head(key))) {
        if (isVideoMime(file.mime)) await requireFfmpeg();
        try {
          await putThumbnail(store, file.storage_key, key, file.mime);
        } catch (err) {
          if (err instanceof Undecodable) throw notFound();
          throw err;
        }
      }
      await sendObject(ctx, files, key, { mime: 'image/webp' });
    })
    .post('/api/gallery/files/move', allow('user'), validate(galleryMoveSchema), async (ctx) => {
      const { ids, folderId } = ctx.state.input as { ids: string[]; folderId?: string | null };
      const outcome = await moveGalleryFiles(db, me(ctx), ids, folderId || null);
      if (outcome !== 'moved') throw new HttpError(404, 'notFound', outcome === 'noFolder' ? 'gallery.folderNotFound' : 'gallery.fileNotFound');
      ctx.status = 204;
    })
    .post('/api/gallery/files/delete', allow('user'), validate(galleryDeleteSchema), async (ctx) => {
      const keys = await deleteGalleryFiles(db, me(ctx), ctx.state.input.ids);
      if (!keys) throw new HttpError(404, 'notFound', 'gallery.fileNotFound');
      await deleteObjects(keys);
      ctx.body = { capacity: capacityJson(await capacityOf(db, me(ctx))) };
    });
}
