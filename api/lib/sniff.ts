import sharp from 'sharp';
import { isImageMime } from '../../domain/uploads';
import { bitmapSize } from './imageFacts';
import type { StoredBytes } from './storedBytes';

export interface Sniffed {
  mime: string;
  ext: string;
  width: number | null;
  height: number | null;
}

/**
 * How far into a file its type is looked for: magic numbers are at the start, but an Office file is a
 * zip whose telling entry ([Content_Types].xml) may come after others, in whatever order its writer chose. The
 * entries' headers are read by position, skipping their data, so a large archive costs a few reads;
 * the bound is file-type's own for a stream.
 */
const TYPE_SCAN_BYTES = 16 * 1024 * 1024;

/** file-type reads a Blob slice by slice; this one's slices are read where they lie in the stored object. */
function asBlob(file: StoredBytes): Blob {
  const slice = (start = 0, end = file.size) => ({
    async arrayBuffer() {
      const b = await file.readAt(start, end - start);
      return b.buffer.slice(b.byteOffset, b.byteOffset + b.length);
    },
  });
  return { size: Math.min(file.size, TYPE_SCAN_BYTES), type: '', slice } as unknown as Blob;
}

async function fileType(input: Buffer | StoredBytes) {
  // file-type is ESM-only; Node loads it from this CommonJS module through import().
  const { FileTypeParser } = await import('file-type');
  const parser = new FileTypeParser();
  try {
    return await (Buffer.isBuffer(input) ? parser.fromBuffer(input) : parser.fromBlob(asBlob(input)));
  } catch {
    // A parser that trips over malformed content leaves the type unknown: refused, like any unknown type.
    return undefined;
  }
}

/** The type the first bytes show, stored as the object's content type while the rest streams in (the checks come after). */
export async function headType(head: Buffer): Promise<string> {
  return (await fileType(head))?.mime ?? 'application/octet-stream';
}

/**
 * What a stored file really is, by its bytes (magic numbers), never its name. Images must also decode,
 * so a renamed or truncated file is refused.
 */
export async function sniffFile(file: StoredBytes): Promise<Sniffed | undefined> {
  const type = await fileType(file);
  if (!type) return undefined;
  if (!isImageMime(type.mime) || type.mime === 'image/x-icon') return { mime: type.mime, ext: type.ext, width: null, height: null };
  // sharp has no BMP decoder: the header gives the size, and a header that does not parse is refused.
  if (type.mime === 'image/bmp') {
    const size = await bitmapSize(file);
    return size && { mime: type.mime, ext: type.ext, ...size };
  }
  try {
    const meta = await imageHeader(file);
    return { mime: type.mime, ext: type.ext, width: meta.width ?? null, height: meta.height ?? null };
  } catch {
    return undefined;
  }
}

/** The size is in a picture's header, nearly always within the head; the whole file only when it is not. */
async function imageHeader(file: StoredBytes): Promise<sharp.Metadata> {
  try {
    return await sharp(file.head).metadata();
  } catch (err) {
    if (file.head.length >= file.size) throw err;
    return sharp(await file.readAll()).metadata();
  }
}
