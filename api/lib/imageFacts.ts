import sharp from 'sharp';
import type { ImageFacts } from '../../domain/titleRegistration';
import type { StoredBytes } from './storedBytes';

/*
 * What the IP picture rules of spec part 1 §5 need to know about an uploaded picture (decoded size
 * and whether it is in colour), measured on the file's content. sharp decodes jpeg, png and gif;
 * it has no BMP or ICO decoder, so those two are read here (headers, and pixels sampled by position
 * from the stored object, never the whole file — a picture may be 1 GiB).
 */

/** A pixel counts as coloured when its channels differ by more than this (of 255): JPEG noise on a grey picture stays below it. */
const CHROMA_THRESHOLD = 16;
/** A picture is in colour when at least this share of the sampled pixels is coloured (a grey photo with a speck of colour is not). */
const COLOURED_SHARE = 0.01;
/** Pixels sampled per side: enough to see colour anywhere in the picture, cheap for any size. */
const SAMPLES = 64;

type Rgb = [number, number, number];

function isColourful(pixels: Rgb[]): boolean {
  if (!pixels.length) return false;
  const coloured = pixels.filter(([r, g, b]) => Math.max(r, g, b) - Math.min(r, g, b) > CHROMA_THRESHOLD).length;
  return coloured / pixels.length >= COLOURED_SHARE;
}

/** jpeg, png, gif (first frame), also a PNG held inside an icon. */
async function sharpFacts(input: Buffer, mime: string, bytes: number): Promise<ImageFacts> {
  const meta = await sharp(input, { pages: 1 }).metadata();
  const width = meta.width ?? 0;
  const height = meta.pageHeight ?? meta.height ?? 0;
  // A single-channel or black-and-white file is grey whatever its pixels; otherwise look at them.
  if ((meta.channels ?? 0) < 3 || meta.space === 'b-w') return { width, height, mime, bytes, channels: meta.channels, isColour: false };
  // Nearest-neighbour picks real pixels: averaging would turn fine colour detail grey.
  const raw = await sharp(input, { pages: 1 }).resize(SAMPLES, SAMPLES, { fit: 'inside', kernel: 'nearest', fastShrinkOnLoad: false }).removeAlpha().toColourspace('srgb').raw().toBuffer();
  const pixels: Rgb[] = [];
  for (let i = 0; i + 2 < raw.length; i += 3) pixels.push([raw[i], raw[i + 1], raw[i + 2]]);
  return { width, height, mime, bytes, channels: meta.channels, isColour: isColourful(pixels) };
}

/**
 * A device-independent bitmap (the body of a .bmp after its 14-byte file header, and of most icons):
 * size from the header, colour from pixels sampled row by row. `icon` halves the height (an icon's
 * DIB counts its transparency mask too).
 */
async function dibFacts(file: StoredBytes, dibAt: number, pixelsAt: number | null, mime: string, bytes: number, icon = false): Promise<ImageFacts> {
  const h = await file.readAt(dibAt, 56);
  if (h.length < 16) throw new Error('truncated bitmap header');
  const headerSize = h.readUInt32LE(0);
  let width: number;
  let rawHeight: number;
  let bpp: number;
  let compression = 0;
  let paletteCount = 0;
  if (headerSize === 12) {
    width = h.readUInt16LE(4);
    rawHeight = h.readInt16LE(6);
    bpp = h.readUInt16LE(10);
  } else {
    if (h.length < 36) throw new Error('truncated bitmap header');
    width = h.readInt32LE(4);
    rawHeight = h.readInt32LE(8);
    bpp = h.readUInt16LE(14);
    compression = h.readUInt32LE(16);
    paletteCount = h.readUInt32LE(32);
  }
  const topDown = rawHeight < 0;
  const height = Math.abs(rawHeight) / (icon ? 2 : 1);
  if (width <= 0 || height <= 0) throw new Error('empty bitmap');
  // BI_BITFIELDS masks follow a 40-byte header; they are inside larger headers.
  const masksAfter = headerSize === 40 && compression === 3 ? 12 : 0;
  const entrySize = headerSize === 12 ? 3 : 4;
  if (bpp <= 8 && !paletteCount) paletteCount = 1 << bpp;
  const paletteAt = dibAt + headerSize + masksAfter;
  const palette: Rgb[] = [];
  if (bpp <= 8) {
    const p = await file.readAt(paletteAt, paletteCount * entrySize);
    for (let i = 0; i + 2 < p.length; i += entrySize) palette.push([p[i + 2], p[i + 1], p[i]]);
  }
  const base = { width, height, mime, bytes, channels: bpp <= 8 ? undefined : 3 };
  // Run-length compressed rows cannot be sampled by position: judge by the colours the palette offers.
  if (compression === 1 || compression === 2) return { ...base, isColour: isColourful(palette) };
  if (![1, 4, 8, 16, 24, 32].includes(bpp)) throw new Error(`unsupported bitmap depth ${bpp}`);
  // The green mask (at byte 44 both after a 40-byte header and inside larger ones) tells 5-6-5 from 5-5-5.
  const green565 = compression === 3 && bpp === 16 && h.length >= 48 && h.readUInt32LE(44) === 0x7e0;
  const rowBytes = Math.ceil((width * bpp) / 32) * 4;
  const start = pixelsAt ?? paletteAt + palette.length * entrySize;
  const pixels: Rgb[] = [];
  const rows = Math.min(SAMPLES, height);
  for (let s = 0; s < rows; s++) {
    const y = Math.floor((s * height) / rows);
    const fileRow = topDown ? y : height - 1 - y;
    const row = await file.readAt(start + fileRow * rowBytes, rowBytes);
    const cols = Math.min(SAMPLES, width);
    for (let c = 0; c < cols; c++) {
      const x = Math.floor((c * width) / cols);
      const bit = x * bpp;
      if (bit / 8 >= row.length) break;
      if (bpp >= 24) {
        const o = (bit / 8) | 0;
        if (o + 2 < row.length) pixels.push([row[o + 2], row[o + 1], row[o]]);
      } else if (bpp === 16) {
        const v = row.readUInt16LE(bit / 8);
        pixels.push(green565 ? [((v >> 11) & 31) * 8, ((v >> 5) & 63) * 4, (v & 31) * 8] : [((v >> 10) & 31) * 8, ((v >> 5) & 31) * 8, (v & 31) * 8]);
      } else {
        const byte = row[bit >> 3];
        const index = (byte >> (8 - bpp - (bit & 7))) & ((1 << bpp) - 1);
        if (palette[index]) pixels.push(palette[index]);
      }
    }
  }
  return { ...base, isColour: isColourful(pixels) };
}

async function bmpFacts(file: StoredBytes, mime: string): Promise<ImageFacts> {
  const head = await file.readAt(0, 14);
  if (head.length < 14 || head.toString('latin1', 0, 2) !== 'BM') throw new Error('not a bitmap');
  return dibFacts(file, 14, head.readUInt32LE(10), mime, file.size);
}

/** An icon is judged by its largest picture (a PNG inside, or a bitmap). */
async function icoFacts(file: StoredBytes, mime: string): Promise<ImageFacts> {
  const head = await file.readAt(0, 6);
  const count = head.length === 6 ? head.readUInt16LE(4) : 0;
  if (!count) throw new Error('empty icon');
  const dir = await file.readAt(6, count * 16);
  let best: { area: number; size: number; offset: number } | null = null;
  for (let i = 0; i + 16 <= dir.length; i += 16) {
    const w = dir[i] || 256;
    const hgt = dir[i + 1] || 256;
    const entry = { area: w * hgt, size: dir.readUInt32LE(i + 8), offset: dir.readUInt32LE(i + 12) };
    if (!best || entry.area > best.area) best = entry;
  }
  if (!best) throw new Error('empty icon');
  const magic = await file.readAt(best.offset, 8);
  if (magic.toString('latin1', 1, 4) === 'PNG') return sharpFacts(await file.readAt(best.offset, best.size), mime, file.size);
  return dibFacts(file, best.offset, null, mime, file.size, true);
}

/** Decoded size and colour of a picture whose type was already detected by content; throws when it does not decode. */
export async function measureImage(file: StoredBytes, mime: string): Promise<ImageFacts> {
  if (mime === 'image/bmp') return bmpFacts(file, mime);
  if (mime === 'image/x-icon' || mime === 'image/vnd.microsoft.icon') return icoFacts(file, mime);
  // sharp decodes from memory or a path only: the picture is read whole (a stream into sharp is buffered as well).
  return sharpFacts(await file.readAll(), mime, file.size);
}

/** Width and height from a bitmap's header (sharp cannot read BMP), for the upload sniff. */
export async function bitmapSize(file: StoredBytes): Promise<{ width: number; height: number } | undefined> {
  try {
    const f = await bmpFacts(file, 'image/bmp');
    return { width: f.width, height: f.height };
  } catch {
    return undefined;
  }
}
