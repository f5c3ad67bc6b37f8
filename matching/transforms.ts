import sharp from 'sharp';
import { seeded } from '../watermark/random';

/**
 * How infringing copies of a picture are made, as issue 15 names them: the generated evaluation set
 * (`npm run monitor:eval`) and the demo marketplace draw their copies from these, so the figures we
 * publish are measured on the copies a user sees monitoring find. Each takes an encoded image and a
 * seed (same seed, same copy) and gives an encoded image.
 *
 * - exact: the same bytes
 * - recompress: JPEG at quality 30–85
 * - resize: 30–90 % or 150 % of the size
 * - colourShift: hue turned by 15–40°, saturation and brightness changed, or a tint
 * - text: a caption banner (Chinese and Latin) over a part of the picture
 * - crop: 5–20 % of the width and of the height removed, at a random offset
 * - pad: a border adding 20 % to each dimension (10 % a side), plain or noisy
 * - rotate: turned 1–5° either way, the corners filled
 * - composite: the picture shrunk to 35–70 % and placed on an unrelated background (a mock-up)
 */
export const TRANSFORMS = ['exact', 'recompress', 'resize', 'colourShift', 'text', 'crop', 'pad', 'rotate', 'composite'] as const;
export type TransformName = (typeof TRANSFORMS)[number];

/** Transformations a whole-image hash is expected to survive; the others need the local stage. */
export const GLOBAL_TRANSFORMS: readonly TransformName[] = ['exact', 'recompress', 'resize', 'colourShift'];

const size = async (image: Buffer) => {
  const m = await sharp(image).metadata();
  return { width: m.width!, height: m.height! };
};
const between = (next: () => number, lo: number, hi: number) => lo + next() * (hi - lo);
const png = (s: sharp.Sharp) => s.png({ compressionLevel: 6 }).toBuffer();
const escapeXml = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

const CAPTIONS = ['正版授权 官方旗舰店', '限时特价 包邮', 'NEW ARRIVAL', 'HOT SALE 50% OFF', '新品上市', '数量有限 先到先得'];

/** Any `background` image (e.g. another picture) of the given size, used by composite. */
export type Background = (width: number, height: number, seed: number) => Promise<Buffer>;

const plainBackground: Background = (width, height, seed) => {
  const next = seeded(seed);
  const c = () => Math.round(between(next, 180, 250));
  return sharp({ create: { width, height, channels: 3, background: { r: c(), g: c(), b: c() } } })
    .png()
    .toBuffer();
};

export async function transform(name: TransformName, image: Buffer, seed: number, background: Background = plainBackground): Promise<Buffer> {
  const next = seeded(seed * 7919 + TRANSFORMS.indexOf(name));
  switch (name) {
    case 'exact':
      return image;
    case 'recompress':
      return sharp(image).jpeg({ quality: Math.round(between(next, 30, 85)) }).toBuffer();
    case 'resize': {
      const { width, height } = await size(image);
      const f = next() < 0.15 ? 1.5 : between(next, 0.3, 0.9);
      return sharp(image).resize(Math.max(8, Math.round(width * f)), Math.max(8, Math.round(height * f))).jpeg({ quality: 88 }).toBuffer();
    }
    case 'colourShift': {
      const s = sharp(image);
      if (next() < 0.3) return png(s.tint({ r: Math.round(between(next, 120, 255)), g: Math.round(between(next, 120, 255)), b: Math.round(between(next, 120, 255)) }));
      const sign = next() < 0.5 ? -1 : 1;
      return png(s.modulate({ hue: Math.round(sign * between(next, 15, 40)), saturation: between(next, 0.6, 1.5), brightness: between(next, 0.8, 1.2) }));
    }
    case 'text': {
      const { width, height } = await size(image);
      const caption = CAPTIONS[Math.floor(next() * CAPTIONS.length)];
      const band = Math.round(height * between(next, 0.1, 0.18));
      const top = next() < 0.5 ? Math.round(height * between(next, 0, 0.15)) : Math.round(height - band - height * between(next, 0, 0.15));
      const fontSize = Math.round(band * 0.6);
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
        <rect x="0" y="${top}" width="${width}" height="${band}" fill="rgba(200,20,30,0.78)"/>
        <text x="${Math.round(width / 2)}" y="${top + Math.round(band * 0.72)}" font-size="${fontSize}" font-family="Noto Sans CJK SC, sans-serif" font-weight="bold" fill="#fff" text-anchor="middle">${escapeXml(caption)}</text>
      </svg>`;
      return png(sharp(image).composite([{ input: Buffer.from(svg), top: 0, left: 0 }]));
    }
    case 'crop': {
      const { width, height } = await size(image);
      const cut = between(next, 0.05, 0.2);
      const w = Math.round(width * (1 - cut)), h = Math.round(height * (1 - cut));
      return png(sharp(image).extract({ left: Math.floor(next() * (width - w + 1)), top: Math.floor(next() * (height - h + 1)), width: w, height: h }));
    }
    case 'pad': {
      const { width, height } = await size(image);
      const x = Math.round(width * 0.1), y = Math.round(height * 0.1);
      const c = () => Math.round(between(next, 0, 255));
      return png(sharp(image).extend({ top: y, bottom: y, left: x, right: x, background: { r: c(), g: c(), b: c(), alpha: 1 } }));
    }
    case 'rotate': {
      const deg = (next() < 0.5 ? -1 : 1) * between(next, 1, 5);
      return png(sharp(image).rotate(deg, { background: { r: 255, g: 255, b: 255, alpha: 1 } }));
    }
    case 'composite': {
      const { width, height } = await size(image);
      const W = Math.round(width * between(next, 1.2, 1.6)), H = Math.round(height * between(next, 1.2, 1.6));
      const f = between(next, 0.35, 0.7);
      const w = Math.max(8, Math.round(W * f)), h = Math.max(8, Math.round((height / width) * w));
      const fitted = await sharp(image).resize(w, Math.min(h, H)).png().toBuffer();
      const bg = await sharp(await background(W, H, seed + 1)).resize(W, H).png().toBuffer();
      return png(sharp(bg).composite([{ input: fitted, left: Math.floor(next() * (W - w + 1)), top: Math.floor(next() * Math.max(1, H - Math.min(h, H) + 1)) }]));
    }
  }
}
