import Router from '@koa/router';
import multer from '@koa/multer';
import { isStaff } from '../../domain/roles';
import { CHECKED_IMAGE_KINDS, COLOUR_IMAGE_KINDS, formatBytes, UPLOAD_EXTENSIONS, UPLOAD_KINDS, UPLOAD_TYPES, type UploadKind } from '../../domain/uploads';
import { checkImage } from '../../domain/titleRegistration';
import { findUpload, insertUpload, toUploadJson } from '../../db/uploads';
import { uploadGranted } from '../../db/uploadGrants';
import { ObjectTooLarge } from '../../storage';
import type { ApiDeps } from '../deps';
import { badRequest, HttpError, notFound } from '../errors';
import { allow } from '../middleware/auth';
import { assertWellFormed } from '../middleware/wellFormed';
import { headType, sniffFile } from '../lib/sniff';
import { measureImage } from '../lib/imageFacts';
import { sendObject } from '../lib/sendObject';
import { storedBytes, type StoredBytes } from '../lib/storedBytes';
import { storeEngine, StoreFailed, type StoredUpload } from '../lib/storeEngine';
import type { Middleware } from 'koa';

/**
 * The first bytes of each upload, kept in memory while it streams into the store: its type and a
 * picture's header are read from them without asking the store again.
 */
const HEAD_BYTES = 256 * 1024;

/**
 * The picture rules (size, landscape, colour for IP pictures: domain checkImage) on the decoded
 * picture; a refusal is a 422 whose message names the broken rule, and the file is not kept.
 */
async function checkPicture(kind: UploadKind, file: StoredBytes, mime: string): Promise<void> {
  let rule: string | null;
  try {
    rule = checkImage(await measureImage(file, mime), { colour: COLOUR_IMAGE_KINDS.includes(kind) });
  } catch {
    // Detected as a picture by its first bytes, but it does not decode.
    rule = 'title.image.format';
  }
  if (rule) throw new HttpError(422, 'imageRejected', rule, {}, { file: { key: rule } });
}

export function uploadRoutes({ db, maxUploadBytes, store, downloads }: ApiDeps): Router {
  // Browsers send a file name as UTF-8 without naming the charset; busboy would read it as latin1.
  // (@types/koa__multer predates multer's defParamCharset.)
  const options: multer.Options & { defParamCharset: 'utf8' } = {
    storage: storeEngine({ store, maxBytes: maxUploadBytes, headBytes: HEAD_BYTES, contentType: headType }),
    limits: { fileSize: maxUploadBytes, files: 1, fields: 5 },
    defParamCharset: 'utf8',
  };
  const upload = multer(options);

  // Streams the body into the store; a body over the limit is cut off and answered 413.
  const receive: Middleware = async (ctx, next) => {
    try {
      await upload.single('file')(ctx, async () => undefined);
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (code === 'LIMIT_FILE_SIZE' || err instanceof ObjectTooLarge) throw new HttpError(413, 'payloadTooLarge', 'http.payloadTooLarge', { max: formatBytes(maxUploadBytes) });
      if (code?.startsWith('LIMIT_')) throw badRequest({ file: { key: 'validation.invalid' } });
      // A store failure is ours; anything else multer or busboy raised (no boundary, a truncated or
      // malformed part) is about the body.
      if (err instanceof StoreFailed) throw err;
      throw new HttpError(400, 'badRequest', 'http.malformed', {}, { file: { key: 'http.malformed' } });
    }
    await next();
  };

  return new Router()
    // Staff upload too: the files they attach to a case (a protection case's progress) are theirs.
    .post('/api/uploads', allow('user', 'reviewer', 'admin'), receive, async (ctx) => {
      const file = ctx.file as (multer.File & StoredUpload) | undefined;
      const kind = (ctx.request.body as { kind?: string } | undefined)?.kind as UploadKind;
      let kept = false;
      try {
        assertWellFormed([ctx.request.body, file?.originalname]);
        if (!UPLOAD_KINDS.includes(kind)) throw badRequest({ kind: { key: 'validation.oneOf' } });
        if (!file) throw badRequest({ file: { key: 'validation.upload' } });
        const bytes = storedBytes(store, file.key, file.size, file.head);
        const sniffed = await sniffFile(bytes);
        if (!sniffed || !UPLOAD_TYPES[kind].includes(sniffed.mime)) {
          throw new HttpError(415, 'unsupportedMediaType', 'http.unsupportedMediaType', { allowed: UPLOAD_EXTENSIONS[kind].join(', ') });
        }
        if (CHECKED_IMAGE_KINDS.includes(kind)) await checkPicture(kind, bytes, sniffed.mime);
        const row = await insertUpload(db, {
          owner_id: ctx.state.user.id,
          kind,
          mime: sniffed.mime,
          ext: sniffed.ext,
          size: String(file.size),
          width: sniffed.width,
          height: sniffed.height,
          original_name: file.originalname.slice(0, 255),
          storage_key: file.key,
        });
        kept = true;
        ctx.status = 201;
        ctx.body = toUploadJson(row);
      } finally {
        // A refused file (or one whose row could not be written) leaves nothing in the store.
        if (file && !kept) await store.delete(file.key);
      }
    })
    .get('/api/uploads/:id', allow('user', 'reviewer', 'admin'), async (ctx) => {
      const row = await findUpload(db, ctx.params.id);
      const me: string = ctx.state.user.id;
      // Its owner, staff, or the counterpart of a case that references it (db/uploadGrants); anyone
      // else learns nothing, not even that it exists.
      if (!row || (row.owner_id !== me && !isStaff(ctx.state.user.roles) && !(await uploadGranted(db, row.id, me)))) throw notFound();
      await sendObject(ctx, { store, downloads }, row.storage_key, { mime: row.mime, fileName: row.original_name });
    });
}
