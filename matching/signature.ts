import sharp from 'sharp';
import { extractFeatures, packFeatures, WORK_SIZE } from './local';
import { lumaFromPixels, PDQ_DECODE_MAX_SIDE, pdqHashLuma } from './pdq';

/**
 * What matching keeps of a picture, computed once when it is crawled or uploaded as a comparison
 * picture: its size, the PDQ hash for the global stage and the packed local features (about 5 KB,
 * matching/local.ts) for the local stage. The picture is decoded once: oriented as a viewer sees it,
 * transparency on white (a logo without background), shrunk to PDQ's 512 px; the features are taken
 * from that luma brought to WORK_SIZE.
 */
export interface ImageSignature {
  width: number;
  height: number;
  pdq: Buffer;
  pdqQuality: number;
  features: Buffer;
}

export async function imageSignature(bytes: Buffer): Promise<ImageSignature> {
  const input = sharp(bytes, { failOn: 'error' });
  const meta = await input.metadata();
  const { data, info } = await input
    .rotate()
    .flatten({ background: '#ffffff' })
    .resize(PDQ_DECODE_MAX_SIDE, PDQ_DECODE_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
  const luma = lumaFromPixels(data, info.width, info.height, info.channels);
  const pdq = pdqHashLuma(luma, info.width, info.height);
  const scale = WORK_SIZE / Math.max(info.width, info.height);
  const ww = Math.max(1, Math.round(info.width * scale)), wh = Math.max(1, Math.round(info.height * scale));
  const grey = Uint8Array.from(luma, (v) => (v > 255 ? 255 : v + 0.5) | 0);
  const work = await sharp(grey, { raw: { width: info.width, height: info.height, channels: 1 } }).resize(ww, wh, { fit: 'fill' }).extractChannel(0).raw().toBuffer();
  // EXIF orientations 5–8 turn the picture a quarter: its size as seen is the stored one swapped.
  const turned = (meta.orientation ?? 1) >= 5;
  return {
    width: (turned ? meta.height : meta.width) ?? info.width,
    height: (turned ? meta.width : meta.height) ?? info.height,
    pdq: pdq.hash,
    pdqQuality: pdq.quality,
    features: packFeatures(extractFeatures(new Uint8Array(work.buffer, work.byteOffset, work.length), ww, wh)),
  };
}
