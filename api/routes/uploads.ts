import Router from '@koa/router';
import multer from '@koa/multer';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { isStaff } from '../../domain/roles';
import { CHECKED_IMAGE_KINDS, COLOUR_IMAGE_KINDS, formatBytes, UPLOAD_EXTENSIONS, UPLOAD_KINDS, UPLOAD_TYPES, type UploadKind } from '../../domain/uploads';
import { checkImage } from '../../domain/titleRegistration';
import { findUpload, insertUpload, toUploadJson } from '../../db/uploads';
import { uploadGranted } from '../../db/uploadGrants';
import type { ApiDeps } from '../deps';
import { badRequest, HttpError, notFound } from '../errors';
import { allow } from '../middleware/auth';
import { assertWellFormed } from '../middleware/wellFormed';
import { sniffFile } from '../lib/sniff';
import { measureImage } from '../lib/imageFacts';
import { sendObject } from '../lib/sendObject';
import type { Middleware } from 'koa';

/**
 * The picture rules (size, landscape, colour for IP pictures: domain checkImage) on the decoded
 * picture; a refusal is a 422 whose message names the broken rule, and the file is not kept.
 */
async function checkPicture(kind: UploadKind, path: string, mime: string, bytes: number): Promise<void> {
  let rule: string | null;
  try {
    rule = checkImage(await measureImage(path, mime, bytes), { colour: COLOUR_IMAGE_KINDS.includes(kind) });
  } catch {
    // Detected as a picture by its first bytes, but it does not decode.
    rule = 'title.image.format';
  }
  if (rule) throw new HttpError(422, 'imageRejected', rule, {}, { file: { key: rule } });
}

export function uploadRoutes({ db, uploadDir, maxUploadBytes, store, downloads }: ApiDeps): Router {
  const incoming = path.join(uploadDir, 'incoming');
  // Browsers send a file name as UTF-8 without naming the charset; busboy would read it as latin1.
  // (@types/koa__multer predates multer's defParamCharset.)
  const options: multer.Options & { defParamCharset: 'utf8' } = { dest: incoming, limits: { fileSize: maxUploadBytes, files: 1, fields: 5 }, defParamCharset: 'utf8' };
  const upload = multer(options);

  // Streams the body to disk; a body over the limit is cut off and answered 413.
  const receive: Middleware = async (ctx, next) => {
    await mkdir(incoming, { recursive: true });
    try {
      await upload.single('file')(ctx, async () => undefined);
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (code === 'LIMIT_FILE_SIZE') throw new HttpError(413, 'payloadTooLarge', 'http.payloadTooLarge', { max: formatBytes(maxUploadBytes) });
      if (code?.startsWith('LIMIT_')) throw badRequest({ file: { key: 'validation.invalid' } });
      // A disk error is ours; anything else multer or busboy raised (no boundary, a truncated or
      // malformed part) is about the body.
      if ((err as NodeJS.ErrnoException).syscall) throw err;
      throw new HttpError(400, 'badRequest', 'http.malformed', {}, { file: { key: 'http.malformed' } });
    }
    await next();
  };

  return new Router()
    // Staff upload too: the files they attach to a case (a protection case's progress) are theirs.
    .post('/api/uploads', allow('user', 'reviewer', 'admin'), receive, async (ctx) => {
      const file = ctx.file;
      const kind = (ctx.request.body as { kind?: string } | undefined)?.kind as UploadKind;
      try {
        assertWellFormed([ctx.request.body, file?.originalname]);
        if (!UPLOAD_KINDS.includes(kind)) throw badRequest({ kind: { key: 'validation.oneOf' } });
        if (!file) throw badRequest({ file: { key: 'validation.upload' } });
        const sniffed = await sniffFile(file.path);
        if (!sniffed || !UPLOAD_TYPES[kind].includes(sniffed.mime)) {
          throw new HttpError(415, 'unsupportedMediaType', 'http.unsupportedMediaType', { allowed: UPLOAD_EXTENSIONS[kind].join(', ') });
        }
        if (CHECKED_IMAGE_KINDS.includes(kind)) await checkPicture(kind, file.path, sniffed.mime, file.size);
        const storageKey = randomUUID();
        await rename(file.path, path.join(uploadDir, storageKey));
        const row = await insertUpload(db, {
          owner_id: ctx.state.user.id,
          kind,
          mime: sniffed.mime,
          ext: sniffed.ext,
          size: String(file.size),
          width: sniffed.width,
          height: sniffed.height,
          original_name: file.originalname.slice(0, 255),
          storage_key: storageKey,
        });
        ctx.status = 201;
        ctx.body = toUploadJson(row);
      } finally {
        if (file) await rm(file.path, { force: true });
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
