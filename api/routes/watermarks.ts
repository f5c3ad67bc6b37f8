import Router from '@koa/router';
import type { Context } from 'koa';
import { formatCapacity } from '../../domain/capacity';
import { GALLERY_TYPES } from '../../domain/gallery';
import { isVideoMime, MAX_WATERMARK_PIXELS, MIN_WATERMARK_SIDE, VIDEO_COPY_FACTOR, watermarkBatchSchema, watermarkItemListSchema, type WatermarkBatchInput, type WatermarkMedia } from '../../domain/watermark';
import { capacityOf } from '../../db/capacity';
import { hadCapacity } from '../../db/gallery';
import { ownIpci } from '../../db/ipciList';
import {
  abandonWatermarkBatch,
  batchItems,
  createWatermarkBatch,
  findWatermarkBatch,
  findWatermarkItem,
  toWatermarkBatchJson,
  toWatermarkItemJson,
  watermarkItemsPage,
  type WatermarkItemRow,
} from '../../db/watermarks';
import { watermarkBatch } from '../../workflows/watermarkBatch';
import { CaseId, CaseKind, OwnerUserId } from '../../workflows/lib/searchAttributes';
import type { ApiDeps } from '../deps';
import { HttpError, notFound } from '../errors';
import { allow } from '../middleware/auth';
import { validate } from '../middleware/validate';
import { sendObject } from '../lib/sendObject';
import { requireFfmpeg } from '../lib/videoFiles';

/** The medium a gallery file's type makes it (null: nothing the service can mark). */
function mediaOf(mime: string): WatermarkMedia | null {
  if (isVideoMime(mime)) return 'video';
  return (GALLERY_TYPES as readonly string[]).includes(mime) ? 'image' : null;
}

interface PickedFile {
  id: string;
  kind: string;
  size: string;
  mime: string;
  width: number | null;
  height: number | null;
  original_name: string;
}

/** A refusal naming the file it is about, as a field message on fileIds too (the form shows it there). */
const fileRefused = (status: number, code: string, key: string, params: Record<string, unknown>) =>
  new HttpError(status, code, key, params, { fileIds: { key, params } });

/**
 * Everything that can refuse a batch, checked before anything is stored or started: the files are
 * the caller's gallery originals of one medium and a size the codec takes, the IPCI is theirs and
 * valid, a package is in force and what is left holds the copies (VIDEO_COPY_FACTOR × a video).
 */
async function checkBatch(db: ApiDeps['db'], userId: string, input: WatermarkBatchInput): Promise<{ media: WatermarkMedia; files: PickedFile[] }> {
  const rows: PickedFile[] = await db('gallery_files as f')
    .join('uploads as u', 'u.id', 'f.upload_id')
    .where('f.user_id', userId)
    .whereIn('f.id', input.fileIds)
    .select('f.id', 'f.kind', 'f.size', 'u.mime', 'u.width', 'u.height', 'u.original_name');
  if (rows.length !== input.fileIds.length) throw new HttpError(404, 'notFound', 'gallery.fileNotFound', {}, { fileIds: { key: 'gallery.fileNotFound' } });
  const byId = new Map(rows.map((r) => [r.id, r]));
  const files = input.fileIds.map((id) => byId.get(id)!);

  const media = new Set<WatermarkMedia>();
  for (const f of files) {
    const name = f.original_name;
    if (f.kind !== 'original') throw fileRefused(422, 'notOriginal', 'watermark.batch.notOriginal', { name });
    const m = mediaOf(f.mime);
    if (!m) throw fileRefused(422, 'unsupported', 'watermark.batch.unsupported', { name });
    media.add(m);
    // A video's frames carry the same tiles as a picture: the same bounds on their size.
    const { width, height } = f;
    if (!width || !height || Math.min(width, height) < MIN_WATERMARK_SIDE) throw fileRefused(422, 'imageTooSmall', 'watermark.batch.tooSmall', { name, min: MIN_WATERMARK_SIDE });
    if (width * height > MAX_WATERMARK_PIXELS) throw fileRefused(422, 'imageTooLarge', 'watermark.batch.tooManyPixels', { name, max: MAX_WATERMARK_PIXELS / 1_000_000 });
  }
  if (media.size > 1) throw new HttpError(422, 'mixedMedia', 'watermark.batch.mixedMedia', {}, { fileIds: { key: 'watermark.batch.mixedMedia' } });
  if (media.has('video')) await requireFfmpeg();

  if (input.ipciId) {
    const ipci = await ownIpci(db, userId, input.ipciId);
    if (!ipci) throw new HttpError(404, 'notFound', 'watermark.batch.ipciNotFound', {}, { ipciId: { key: 'watermark.batch.ipciNotFound' } });
    if (ipci.invalid_at) throw new HttpError(422, 'ipciInvalid', 'watermark.batch.ipciInvalid', {}, { ipciId: { key: 'watermark.batch.ipciInvalid' } });
  }

  const capacity = await capacityOf(db, userId);
  if (capacity.totalBytes === 0) {
    throw new HttpError(402, 'noCapacity', (await hadCapacity(db, userId)) ? 'gallery.capacityExpired' : 'gallery.noCapacity');
  }
  // A picture's copy is about its original's size (same pixels, same format); a video's is re-encoded larger.
  const factor = media.has('video') ? VIDEO_COPY_FACTOR : 1;
  const needed = factor * files.reduce((sum, f) => sum + Number(f.size), 0);
  if (needed > capacity.remainingBytes) {
    throw new HttpError(413, 'capacityExceeded', 'watermark.batch.capacityExceeded', { needed: formatCapacity(needed), remaining: formatCapacity(capacity.remainingBytes) });
  }
  return { media: [...media][0], files };
}

/**
 * The dark-watermark service for the user's own gallery (user centre `addwatermarkimage`, issue 14):
 * a batch of originals is marked by a watermarkBatch workflow (`watermarkBatch-<batch id>`), whose
 * progress the page polls; the copies land in the gallery and are downloaded here. Batches and items
 * are looked up with the caller's id, so another user's are a 404 like ones that do not exist.
 */
export function watermarkRoutes({ db, temporal, cfg, store, downloads }: ApiDeps): Router {
  const me = (ctx: Context): string => ctx.state.user.id;
  const itemJson = (ctx: Context) => (r: WatermarkItemRow) => ({ ...toWatermarkItemJson(r), errorMessage: r.error ? (ctx.state.t(r.error) as string) : null });

  const startBatch = (batchId: string, userId: string, media: WatermarkMedia, itemIds: string[]) =>
    temporal.workflow.start(watermarkBatch, {
      taskQueue: cfg.taskQueue,
      workflowId: `watermarkBatch-${batchId}`,
      args: [{ batchId, userId, itemIds }],
      typedSearchAttributes: [
        { key: CaseId, value: batchId },
        { key: CaseKind, value: 'watermarkBatch' },
        { key: OwnerUserId, value: userId },
      ],
      memo: { title: `Watermark batch of ${itemIds.length} ${media} file(s)` },
      staticSummary: 'Dark watermark batch',
      staticDetails: `Batch ${batchId} of user ${userId}: ${itemIds.length} ${media} file(s) from the gallery.`,
    });

  return new Router()
    .post('/api/watermarks/batches', allow('user'), validate(watermarkBatchSchema), async (ctx) => {
      const userId = me(ctx);
      const input = ctx.state.input as WatermarkBatchInput;
      const { media, files } = await checkBatch(db, userId, input);
      const { batchId, items } = await createWatermarkBatch(db, {
        userId,
        media,
        ipciId: input.ipciId || null,
        files: files.map((f) => ({ id: f.id, name: f.original_name })),
      });
      try {
        await startBatch(batchId, userId, media, items.map((i) => i.id));
      } catch (err) {
        await abandonWatermarkBatch(db, batchId);
        throw err;
      }
      ctx.status = 201;
      ctx.body = { batchId };
    })
    .get('/api/watermarks/batches/:id', allow('user'), async (ctx) => {
      const batch = await findWatermarkBatch(db, me(ctx), ctx.params.id);
      if (!batch) throw notFound();
      const rows = await batchItems(db, batch.id);
      ctx.body = { batch: { ...toWatermarkBatchJson(batch, rows), items: rows.map(itemJson(ctx)) } };
    })
    .get('/api/watermarks/items', allow('user'), validate(watermarkItemListSchema, 'query'), async (ctx) => {
      const { rows, next } = await watermarkItemsPage(db, me(ctx), ctx.state.input);
      ctx.body = { items: rows.map(itemJson(ctx)), next };
    })
    .get('/api/watermarks/items/:id/download', allow('user'), async (ctx) => {
      const item = await findWatermarkItem(db, me(ctx), ctx.params.id);
      if (!item) throw notFound();
      if (!item.storage_key || !item.mime) throw new HttpError(404, 'notFound', 'watermark.batch.noCopy');
      // The copy's gallery name: "<original>-watermarked.<ext>".
      await sendObject(ctx, { store, downloads }, item.storage_key, { mime: item.mime, fileName: item.copy_name ?? undefined, disposition: 'attachment' });
    });
}
