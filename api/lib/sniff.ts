import sharp from 'sharp';
import { isImageMime } from '../../domain/uploads';
import { bitmapSize } from './imageFacts';

export interface Sniffed {
  mime: string;
  ext: string;
  width: number | null;
  height: number | null;
}

/**
 * What a file really is, by its bytes (magic numbers), never its name. Images must also decode,
 * so a renamed or truncated file is refused.
 */
export async function sniffFile(path: string): Promise<Sniffed | undefined> {
  // file-type is ESM-only; Node loads it from this CommonJS module through import().
  const { fileTypeFromFile } = await import('file-type');
  const type = await fileTypeFromFile(path);
  if (!type) return undefined;
  if (!isImageMime(type.mime) || type.mime === 'image/x-icon') return { mime: type.mime, ext: type.ext, width: null, height: null };
  // sharp has no BMP decoder: the header gives the size, and a header that does not parse is refused.
  if (type.mime === 'image/bmp') {
    const size = await bitmapSize(path);
    return size && { mime: type.mime, ext: type.ext, ...size };
  }
  try {
    const meta = await sharp(path).metadata();
    return { mime: type.mime, ext: type.ext, width: meta.width ?? null, height: meta.height ?? null };
  } catch {
    return undefined;
  }
}
