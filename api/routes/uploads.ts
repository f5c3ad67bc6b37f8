import Router from '@koa/router';
import { isStaff } from '../../domain/roles';
import { MONITOR_UPLOAD_KIND } from '../../domain/monitoring';
import { checkImage } from '../../domain/titleRegistration';
import { CHECKED_IMAGE_KINDS, checkMonitorPicture, COLOUR_IMAGE_KINDS, formatBytes, UPLOAD_EXTENSIONS, UPLOAD_KINDS, UPLOAD_TYPES, type UploadKind } from '../../domain/uploads';
import { findUpload, insertUpload, toUploadJson } from '../../db/uploads';
import { uploadGranted } from '../../db/uploadGrants';
import type { ApiDeps } from '../deps';
import { badRequest, HttpError, notFound } from '../errors';
import { allow } from '../middleware/auth';
import { sendObject } from '../lib/sendObject';
import { acceptUpload, receiveUpload, type UploadPolicy } from '../lib/receiveUpload';
import type { Middleware } from 'koa';

/** The picture rules of a kind that has any: IP and showcase pictures (domain checkImage), comparison pictures (checkMonitorPicture). */
function pictureRules(kind: UploadKind): UploadPolicy['picture'] {
  if (kind === MONITOR_UPLOAD_KIND) return { check: checkMonitorPicture, undecodable: 'monitoring.picture.format' };
  if (!CHECKED_IMAGE_KINDS.includes(kind)) return undefined;
  const colour = COLOUR_IMAGE_KINDS.includes(kind);
  return { check: (img) => checkImage(img, { colour }), undecodable: 'title.image.format' };
}

/** The kind the form names, with its types and picture rules (400 for a kind there is none of). */
function policyOf(fields: Record<string, unknown>): UploadPolicy {
  const kind = fields.kind as UploadKind;
  if (!UPLOAD_KINDS.includes(kind)) throw badRequest({ kind: { key: 'validation.oneOf' } });
  return { kind, types: UPLOAD_TYPES[kind], extensions: UPLOAD_EXTENSIONS[kind], picture: pictureRules(kind) };
}

export function uploadRoutes({ db, maxUploadBytes, store, downloads }: ApiDeps): Router {
  // Streams the body into the store; a body over the limit is cut off and answered 413.
  const receive: Middleware = async (ctx, next) => {
    await receiveUpload(ctx, store, maxUploadBytes, () => new HttpError(413, 'payloadTooLarge', 'http.payloadTooLarge', { max: formatBytes(maxUploadBytes) }));
    await next();
  };

  return new Router()
    // Staff upload too: the files they attach to a case (a protection case's progress) are theirs.
    .post('/api/uploads', allow('user', 'reviewer', 'admin'), receive, async (ctx) => {
      const row = await acceptUpload(ctx, store, policyOf, (row) => insertUpload(db, row));
      ctx.status = 201;
      ctx.body = toUploadJson(row);
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
