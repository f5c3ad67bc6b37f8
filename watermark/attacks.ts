import sharp from 'sharp';
import { seeded } from './random';

/**
 * The attacks issue 14 measures the codec against, on encoded images, as sharp performs them.
 * The crop removes 10 % of the width and of the height at an offset drawn from `seed`; the
 * screenshot round trip gains an alpha channel, goes through PNG, loses the alpha again and takes a
 * mild linear (gamma-neutral) colour adjustment, as a display profile and a screen grab would.
 */
export type Attack = { name: string; apply: (image: Buffer, seed: number) => Promise<Buffer> };

const size = async (image: Buffer) => {
  const m = await sharp(image).metadata();
  return { width: m.width!, height: m.height! };
};

export const SINGLE_ATTACKS: Attack[] = [
  { name: 'jpeg q50', apply: (image) => sharp(image).jpeg({ quality: 50 }).toBuffer() },
  {
    name: 'downscale 50%',
    apply: async (image) => {
      const { width, height } = await size(image);
      return sharp(image).resize(Math.round(width / 2), Math.round(height / 2)).png().toBuffer();
    },
  },
  {
    name: 'crop 10%',
    apply: async (image, seed) => {
      const { width, height } = await size(image);
      const next = seeded(seed);
      const w = Math.round(width * 0.9), h = Math.round(height * 0.9);
      return sharp(image).extract({ left: Math.floor(next() * (width - w)), top: Math.floor(next() * (height - h)), width: w, height: h }).png().toBuffer();
    },
  },
  {
    name: 'screenshot png',
    apply: async (image) => {
      const withAlpha = await sharp(image).ensureAlpha().png().toBuffer();
      return sharp(withAlpha).removeAlpha().linear(0.96, 4).png().toBuffer();
    },
  },
];

/** Every single attack, then every pair (the first applied first). */
export const ATTACKS: Attack[] = [
  ...SINGLE_ATTACKS,
  ...SINGLE_ATTACKS.flatMap((a, i) =>
    SINGLE_ATTACKS.slice(i + 1).map((b) => ({ name: `${a.name} + ${b.name}`, apply: async (image: Buffer, seed: number) => b.apply(await a.apply(image, seed), seed + 1) })),
  ),
];
