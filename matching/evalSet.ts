import sharp from 'sharp';
import { seeded } from '../watermark/random';
import { facadeImage, syntheticImage } from '../watermark/synthetic';
import { transform, TRANSFORMS, type TransformName } from './transforms';

/**
 * The generated evaluation set of the image matcher (issue 15 "Measured, not claimed"): generated
 * on demand, never committed as images. Every item is a pure function of its index, so worker
 * threads can each make a slice and `npm run monitor:eval -- --generate <folder>` writes the same
 * pictures the test measures.
 *
 * - EVAL_ORIGINALS originals of four kinds (photographic, building fronts, posters, logos) in five
 *   shapes (1:1, 4:3, 3:4, 16:9, small 1:1).
 * - COPIES_PER_TRANSFORM labelled copies of every transformation of matching/transforms.ts per
 *   original (composites on photographic backgrounds that are no original).
 * - EVAL_DISTRACTORS unrelated pictures, most of them hard: the originals' generators with nearby
 *   seeds, posters with an original's very layout and other content, logos of the same shapes and
 *   palette family, recoloured siblings, and siblings put through the same transformations
 *   (crops, borders, captions, mock-ups) as the copies, so format and artefacts give nothing away.
 */
export const EVAL_ORIGINALS = 60;
export const COPIES_PER_TRANSFORM = 2;
export const EVAL_DISTRACTORS = 10_000;
export const EVAL_CANDIDATES = EVAL_ORIGINALS * TRANSFORMS.length * COPIES_PER_TRANSFORM;

export interface EvalItem {
  file: string;
  bytes: Buffer;
  /** The original's file name for a copy; null for a distractor. */
  original: string | null;
  /** The transformation (copies), or the distractor's kind. */
  transform: string;
}

const SHAPES: Array<[number, number]> = [[320, 320], [384, 288], [288, 384], [400, 225], [256, 256]];
const KINDS = ['photo', 'photo', 'facade', 'poster', 'photo', 'logo'] as const;
type Kind = (typeof KINDS)[number];

const originalKind = (i: number): Kind => KINDS[i % KINDS.length];
const originalShape = (i: number) => SHAPES[Math.floor(i / KINDS.length) % SHAPES.length];
/** Originals' seeds are 1000 apart so their "nearby seed" siblings (seed + 1…) never meet another original. */
const originalSeed = (i: number) => 1000 * (i + 1);

export const originalFile = (i: number) => `original-${String(i).padStart(3, '0')}.png`;

const rgbPng = (rgb: Uint8Array, width: number, height: number) =>
  sharp(Buffer.from(rgb.buffer, rgb.byteOffset, rgb.length), { raw: { width, height, channels: 3 } }).png({ compressionLevel: 3 }).toBuffer();

async function render(kind: Kind, width: number, height: number, seed: number, layoutSeed = seed): Promise<Buffer> {
  switch (kind) {
    case 'photo':
      return rgbPng(syntheticImage(width, height, seed), width, height);
    case 'facade':
      return rgbPng(facadeImage(width, height, seed), width, height);
    case 'poster':
      return poster(width, height, layoutSeed, seed);
    case 'logo':
      return logo(width, height, seed);
  }
}

/**
 * A product poster: a photographic background (the content) under a layout of flat panels, a
 * title bar and a badge. Two posters of one layoutSeed share every panel edge and differ in what
 * shows around them: the "same template, other product" case.
 */
async function poster(width: number, height: number, layoutSeed: number, contentSeed: number): Promise<Buffer> {
  const next = seeded(layoutSeed * 31 + 7);
  const colour = seeded(contentSeed * 17 + 3);
  const c = () => `rgb(${Math.round(colour() * 255)},${Math.round(colour() * 255)},${Math.round(colour() * 255)})`;
  const parts: string[] = [];
  const panels = 2 + Math.floor(next() * 3);
  for (let p = 0; p < panels; p++) {
    const w = width * (0.2 + next() * 0.3), h = height * (0.15 + next() * 0.25);
    parts.push(`<rect x="${(next() * (width - w)).toFixed(1)}" y="${(next() * (height - h)).toFixed(1)}" width="${w.toFixed(1)}" height="${h.toFixed(1)}" fill="${c()}" fill-opacity="0.85"/>`);
  }
  const bar = height * (0.08 + next() * 0.06), top = next() < 0.5 ? height * 0.05 : height * 0.85 - bar;
  parts.push(`<rect x="0" y="${top.toFixed(1)}" width="${width}" height="${bar.toFixed(1)}" fill="${c()}"/>`);
  const words = 3 + Math.floor(next() * 4);
  for (let k = 0; k < words; k++) {
    parts.push(`<rect x="${(width * (0.08 + k * 0.14)).toFixed(1)}" y="${(top + bar * 0.3).toFixed(1)}" width="${(width * (0.06 + colour() * 0.06)).toFixed(1)}" height="${(bar * 0.4).toFixed(1)}" fill="${c()}"/>`);
  }
  parts.push(`<circle cx="${(width * (0.15 + next() * 0.7)).toFixed(1)}" cy="${(height * (0.2 + next() * 0.6)).toFixed(1)}" r="${(Math.min(width, height) * (0.06 + next() * 0.08)).toFixed(1)}" fill="${c()}"/>`);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${parts.join('')}</svg>`;
  const bg = await rgbPng(syntheticImage(width, height, contentSeed), width, height);
  return sharp(bg).composite([{ input: Buffer.from(svg) }]).png({ compressionLevel: 3 }).toBuffer();
}

/** A logo on white: a few flat shapes (circle, square, triangle, star) and a wordmark of bars, in one palette family per seed. */
async function logo(width: number, height: number, seed: number): Promise<Buffer> {
  const next = seeded(seed * 13 + 5);
  const hue = next() * 360;
  const c = () => `hsl(${((hue + (next() - 0.5) * 60 + 360) % 360).toFixed(0)},${(50 + next() * 40).toFixed(0)}%,${(25 + next() * 40).toFixed(0)}%)`;
  const s = Math.min(width, height);
  const parts: string[] = [];
  const shapes = 2 + Math.floor(next() * 3);
  for (let k = 0; k < shapes; k++) {
    const cx = width * (0.25 + next() * 0.5), cy = height * (0.2 + next() * 0.45), r = s * (0.08 + next() * 0.17);
    const kind = Math.floor(next() * 4);
    if (kind === 0) parts.push(`<circle cx="${cx.toFixed(1)}" cy="${cy.toFixed(1)}" r="${r.toFixed(1)}" fill="${c()}"/>`);
    else if (kind === 1) parts.push(`<rect x="${(cx - r).toFixed(1)}" y="${(cy - r).toFixed(1)}" width="${(2 * r).toFixed(1)}" height="${(2 * r).toFixed(1)}" transform="rotate(${(next() * 45).toFixed(0)} ${cx.toFixed(1)} ${cy.toFixed(1)})" fill="${c()}"/>`);
    else {
      const n = kind === 2 ? 3 : 5 + Math.floor(next() * 3), turn = next() * Math.PI;
      const pts = Array.from({ length: kind === 2 ? n : 2 * n }, (_, v) => {
        const rr = kind === 2 || v % 2 === 0 ? r : r * 0.45, a = turn + (v * Math.PI * 2) / (kind === 2 ? n : 2 * n);
        return `${(cx + rr * Math.cos(a)).toFixed(1)},${(cy + rr * Math.sin(a)).toFixed(1)}`;
      });
      parts.push(`<polygon points="${pts.join(' ')}" fill="${c()}"/>`);
    }
  }
  const letters = 4 + Math.floor(next() * 6), lw = (width * 0.7) / letters;
  for (let k = 0; k < letters; k++) {
    const h = height * (0.06 + next() * 0.06);
    parts.push(`<rect x="${(width * 0.15 + k * lw).toFixed(1)}" y="${(height * 0.8 - h).toFixed(1)}" width="${(lw * (0.4 + next() * 0.4)).toFixed(1)}" height="${h.toFixed(1)}" fill="${c()}"/>`);
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#fff"/>${parts.join('')}</svg>`;
  return sharp(Buffer.from(svg)).png({ compressionLevel: 3 }).toBuffer();
}

/** Mock-up backgrounds: photographic pictures from a seed range no original or distractor uses. */
const background = async (width: number, height: number, seed: number) => rgbPng(syntheticImage(width, height, 5_000_000 + seed), width, height);

/** Originals are made once per process: each is the source of COPIES_PER_TRANSFORM × 9 copies. */
const originals = new Map<number, Promise<Buffer>>();

export function evalOriginal(i: number): Promise<Buffer> {
  let made = originals.get(i);
  if (!made) {
    const [w, h] = originalShape(i);
    made = render(originalKind(i), w, h, originalSeed(i));
    originals.set(i, made);
  }
  return made;
}

const extension = (bytes: Buffer) => (bytes[0] === 0xff && bytes[1] === 0xd8 ? 'jpg' : 'png');

/** Candidate j: transformation j / (EVAL_ORIGINALS·COPIES_PER_TRANSFORM), of original j mod EVAL_ORIGINALS. */
export async function evalCandidate(j: number): Promise<EvalItem> {
  const perTransform = EVAL_ORIGINALS * COPIES_PER_TRANSFORM;
  const name: TransformName = TRANSFORMS[Math.floor(j / perTransform)];
  const i = j % EVAL_ORIGINALS;
  const bytes = await transform(name, await evalOriginal(i), 10_000 + j, background);
  return { file: `copy-${String(j).padStart(4, '0')}-${name}.${extension(bytes)}`, bytes, original: originalFile(i), transform: name };
}

/** The distractors' kinds, in turn. */
const DISTRACTOR_KINDS = ['unrelated', 'sibling', 'sibling', 'sameLayout', 'recoloured', 'transformedSibling', 'transformedSibling', 'unrelatedTransformed'] as const;
const DISTRACTOR_SHAPES: Array<[number, number]> = [[256, 256], [288, 216], [216, 288], [320, 180]];

export async function evalDistractor(d: number): Promise<EvalItem> {
  const next = seeded(7_000_000 + d);
  const kind = DISTRACTOR_KINDS[d % DISTRACTOR_KINDS.length];
  const [w, h] = DISTRACTOR_SHAPES[Math.floor(next() * DISTRACTOR_SHAPES.length)];
  // A sibling: the generator of an original (picked by d) with a seed next to that original's.
  const of = Math.floor(next() * EVAL_ORIGINALS);
  const near = originalSeed(of) + 1 + Math.floor(next() * 999);
  const sibling = () => render(originalKind(of), w, h, near, originalSeed(of));
  let bytes: Buffer;
  switch (kind) {
    case 'unrelated':
      bytes = await render(KINDS[Math.floor(next() * KINDS.length)], w, h, 2_000_000 + d);
      break;
    case 'sibling':
      bytes = await sibling();
      break;
    case 'sameLayout': {
      // A poster with an original poster's layout (its own shape) and other content.
      const posters = Array.from({ length: EVAL_ORIGINALS }, (_, k) => k).filter((k) => originalKind(k) === 'poster');
      const p = posters[d % posters.length];
      const [pw, ph] = originalShape(p);
      bytes = await poster(pw, ph, originalSeed(p), 3_000_000 + d);
      break;
    }
    case 'recoloured':
      bytes = await transform('colourShift', await sibling(), d);
      break;
    case 'transformedSibling':
      bytes = await transform(TRANSFORMS[1 + Math.floor(next() * (TRANSFORMS.length - 1))], await sibling(), d, background);
      break;
    case 'unrelatedTransformed':
      bytes = await transform(TRANSFORMS[1 + Math.floor(next() * (TRANSFORMS.length - 1))], await render(KINDS[d % KINDS.length], w, h, 4_000_000 + d), d, background);
      break;
  }
  // Most pictures on shopping sites are JPEG; the set's distractors mostly are too.
  if (extension(bytes) === 'png' && next() < 0.7) bytes = await sharp(bytes).jpeg({ quality: Math.round(60 + next() * 35) }).toBuffer();
  return { file: `other-${String(d).padStart(5, '0')}-${kind}.${extension(bytes)}`, bytes, original: null, transform: kind };
}
