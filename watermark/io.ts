import sharp from 'sharp';
import { readLuma, watermarkDelta, type CodecOptions } from './codec';

/**
 * Image files in and out of the codec: sharp decodes (EXIF orientation applied, so the tile lies
 * the way the picture is seen), the codec works on BT.601 luma, and the luminance change is added
 * to R, G and B alike so colours keep their hue and the RGB PSNR equals the luma PSNR. Alpha is
 * carried through untouched. Undecodable input rejects (sharp's error); an image without a
 * watermark reads as null.
 */
export type Payload = Uint8Array | bigint;

/** 8 bytes, big-endian for a bigint (which must fit in 64 unsigned bits). */
export function payloadBytes(payload: Payload): Uint8Array {
  if (typeof payload !== 'bigint') {
    if (payload.length !== 8) throw new RangeError('a watermark payload is 8 bytes');
    return payload;
  }
  if (payload < 0n || payload >= 1n << 64n) throw new RangeError('a watermark payload fits in 64 unsigned bits');
  const out = new Uint8Array(8);
  new DataView(out.buffer).setBigUint64(0, payload);
  return out;
}

export const payloadBigInt = (bytes: Uint8Array) => new DataView(bytes.buffer, bytes.byteOffset, 8).getBigUint64(0);

type Pixels = { data: Buffer; width: number; height: number; channels: number };

async function decode(input: Buffer): Promise<Pixels> {
  const { data, info } = await sharp(input).rotate().toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels };
}

export function lumaOf({ data, width, height, channels }: Pixels): Float32Array {
  const luma = new Float32Array(width * height);
  for (let i = 0, p = 0; i < luma.length; i++, p += channels) luma[i] = 0.299 * data[p] + 0.587 * data[p + 1] + 0.114 * data[p + 2];
  return luma;
}

/** PSNR over the colour channels (alpha left out) of two same-sized pixel buffers. */
export function psnr(a: Pixels, b: Pixels): number {
  let sum = 0, n = 0;
  for (let p = 0; p < a.data.length; p += a.channels) {
    for (let c = 0; c < 3; c++) { const d = a.data[p + c] - b.data[p + c]; sum += d * d; n++; }
  }
  return sum === 0 ? Infinity : 10 * Math.log10((255 * 255) / (sum / n));
}

/**
 * `input` with `payload` embedded, in the input's format (PNG stays PNG, WebP stays WebP, the rest
 * becomes JPEG at quality 95 without chroma subsampling), and the PSNR of what is returned, as
 * decoded, against the decoded input.
 */
export async function embedWatermark(input: Buffer, payload: Payload, opts: CodecOptions = {}): Promise<{ image: Buffer; psnr: number }> {
  const bytes = payloadBytes(payload);
  const format = (await sharp(input).metadata()).format;
  const original = await decode(input);
  const { data, width, height, channels } = original;
  const delta = watermarkDelta(lumaOf(original), width, height, bytes, opts);
  const out = Buffer.from(data);
  for (let i = 0, p = 0; i < delta.length; i++, p += channels) {
    for (let c = 0; c < 3; c++) out[p + c] = Math.min(255, Math.max(0, Math.round(data[p + c] + delta[i])));
  }
  const raw = sharp(out, { raw: { width, height, channels: channels as 3 | 4 } });
  const image =
    format === 'png' ? await raw.png({ compressionLevel: 1 }).toBuffer()
    : format === 'webp' ? await raw.webp({ quality: 95 }).toBuffer()
    : await raw.jpeg({ quality: 95, chromaSubsampling: '4:4:4' }).toBuffer();
  const written = format === 'png' ? { data: out, width, height, channels } : await decode(image);
  return { image, psnr: psnr(original, written) };
}

/** The payload `input` carries, or null when it carries none the codec can be sure of. */
export async function readWatermark(input: Buffer, opts: CodecOptions = {}): Promise<{ payload: Uint8Array; confidence: number } | null> {
  const reading = readLuma(...lumaArgs(await decode(input)), opts);
  return reading && { payload: reading.payload, confidence: reading.confidence };
}

const lumaArgs = (p: Pixels) => [lumaOf(p), p.width, p.height] as const;
