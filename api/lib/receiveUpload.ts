import multer from '@koa/multer';
import type { Context } from 'koa';
import type { ImageFacts } from '../../domain/titleRegistration';
import type { UploadRow } from '../../db/uploads';
import { ObjectTooLarge, type ObjectStore } from '../../storage';
import { badRequest, HttpError } from '../errors';
import { assertWellFormed } from '../middleware/wellFormed';
import { measureImage } from './imageFacts';
import { headType, sniffFile, type Sniffed } from './sniff';
import { storedBytes, type StoredBytes } from './storedBytes';
import { storeEngine, StoreFailed, type StoredUpload } from './storeEngine';

/**
 * The first bytes of each upload, kept in memory while it streams into the store: its type and a
 * picture's header are read from them without asking the store again.
 */
const HEAD_BYTES = 256 * 1024;

/**
 * Streams the request's one `file` part into the store, cut off past `maxBytes` (then `tooLarge()` is
 * thrown: each route names its own limit). Every route that takes a file goes through here, so the
 * engine, the limits and the answers to a broken body are the same everywhere.
 */
export async function receiveUpload(ctx: Context, store: ObjectStore, maxBytes: number, tooLarge: () => HttpError): Promise<void> {
  // Browsers send a file name as UTF-8 without naming the charset; busboy would read it as latin1.
  // (@types/koa__multer predates multer's defParamCharset.)
  const options: multer.Options & { defParamCharset: 'utf8' } = {
    storage: storeEngine({ store, maxBytes, headBytes: HEAD_BYTES, contentType: headType }),
    limits: { fileSize: maxBytes, files: 1, fields: 5 },
    defParamCharset: 'utf8',
  };
  try {
    await multer(options).single('file')(ctx, async () => undefined);
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'LIMIT_FILE_SIZE' || err instanceof ObjectTooLarge) throw tooLarge();
    if (code?.startsWith('LIMIT_')) throw badRequest({ file: { key: 'validation.invalid' } });
    // A store failure is ours; anything else multer or busboy raised (no boundary, a truncated or
    // malformed part) is about the body.
    if (err instanceof StoreFailed) throw err;
    throw new HttpError(400, 'badRequest', 'http.malformed', {}, { file: { key: 'http.malformed' } });
  }
}

/** What a route accepts: the kind the row is filed under, the types by content, and the picture rules if any. */
export interface UploadPolicy {
  kind: string;
  types: readonly string[];
  /** Named to the user when the type is refused. */
  extensions: readonly string[];
  /**
   * The kind's picture rules on the decoded picture (e.g. domain checkImage): the `errors` key of
   * the rule broken, or null; `undecodable` is the key when it does not decode. None when the kind has none.
   */
  picture?: { check: (img: ImageFacts) => string | null; undecodable: string };
}

export type NewUpload = Omit<UploadRow, 'id'>;

/**
 * The kind's picture rules (e.g. size, landscape, colour for IP pictures: domain checkImage) on the
 * decoded picture; a refusal is a 422 whose message names the broken rule, and the file is not kept.
 */
async function checkPicture(file: StoredBytes, mime: string, rules: NonNullable<UploadPolicy['picture']>): Promise<void> {
  let rule: string | null;
  try {
    rule = rules.check(await measureImage(file, mime));
  } catch {
    // Detected as a picture by its first bytes, but it does not decode.
    rule = rules.undecodable;
  }
  if (rule) throw new HttpError(422, 'imageRejected', rule, {}, { file: { key: rule } });
}

/**
 * Checks the file receiveUpload stored against the policy `policyOf` gives for the request's fields
 * (it throws for fields it refuses), then lets `keep` write its rows. Anything refused or thrown on
 * the way — by the checks or by `keep` — deletes the object, so a refused upload leaves nothing.
 */
export async function acceptUpload<T>(
  ctx: Context,
  store: ObjectStore,
  policyOf: (fields: Record<string, unknown>) => UploadPolicy,
  keep: (row: NewUpload, file: StoredUpload & { sniffed: Sniffed }) => Promise<T>,
): Promise<T> {
  const file = ctx.file as (multer.File & StoredUpload) | undefined;
  let kept = false;
  try {
    assertWellFormed([ctx.request.body, file?.originalname]);
    const policy = policyOf((ctx.request.body ?? {}) as Record<string, unknown>);
    if (!file) throw badRequest({ file: { key: 'validation.upload' } });
    const bytes = storedBytes(store, file.key, file.size, file.head);
    const sniffed = await sniffFile(bytes);
    if (!sniffed || !policy.types.includes(sniffed.mime)) {
      throw new HttpError(415, 'unsupportedMediaType', 'http.unsupportedMediaType', { allowed: policy.extensions.join(', ') });
    }
    if (policy.picture) await checkPicture(bytes, sniffed.mime, policy.picture);
    const row: NewUpload = {
      owner_id: ctx.state.user.id,
      kind: policy.kind,
      mime: sniffed.mime,
      ext: sniffed.ext,
      size: String(file.size),
      width: sniffed.width,
      height: sniffed.height,
      original_name: file.originalname.slice(0, 255),
      storage_key: file.key,
    };
    const result = await keep(row, { key: file.key, size: file.size, head: file.head, sniffed });
    kept = true;
    return result;
  } finally {
    // A refused file (or one whose rows could not be written) leaves nothing in the store.
    if (file && !kept) await store.delete(file.key);
  }
}
