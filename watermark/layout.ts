import { codedLength } from './ecc';
import { permutation, seeded } from './random';

/**
 * The watermark tile: TILE×TILE pixels at the embedding resolution, made of CHIP×CHIP-pixel chips
 * (32×32 = 1024 of them) that each add ±amplitude to luminance. A quarter of the chips (SYNC_CHIPS,
 * placed at fixed pseudo-random positions with fixed signs) are the synchronisation template the
 * reader correlates with to find where the tile starts; the rest carry the coded message, each
 * coded bit on 2–3 chips spread over the tile (an interleaver, so a damaged region costs a few
 * chips of many bits rather than whole bits) and XORed with a pseudo-random sign so that any
 * payload, all zeros included, looks like noise. Chips of 8 pixels keep the pattern below the
 * frequencies that JPEG quality 50 and a 50 % downscale remove.
 */
export const TILE = 256;
export const CHIP = 8;
export const CHIPS_PER_SIDE = TILE / CHIP;
export const CHIP_COUNT = CHIPS_PER_SIDE * CHIPS_PER_SIDE;
export const SYNC_CHIPS = 256;
/** Fixes the layout: changing it orphans every watermark already issued. */
const LAYOUT_SEED = 0x1c14_2026;

export type Layout = {
  /** ±1 for a sync chip, 0 for a data chip. */
  sync: Int8Array;
  /** The coded bit a data chip carries, -1 for a sync chip. */
  bit: Int16Array;
  /** The sign a data chip's bit is multiplied by. */
  pn: Int8Array;
  codedBits: number;
};

const layouts = new Map<number, Layout>();

/** The layout for a message of `codedBits` bits (the ECC on or off changes how many). */
export function layout(codedBits: number): Layout {
  let l = layouts.get(codedBits);
  if (l) return l;
  const next = seeded(LAYOUT_SEED);
  const order = permutation(CHIP_COUNT, next);
  const sync = new Int8Array(CHIP_COUNT);
  const bit = new Int16Array(CHIP_COUNT).fill(-1);
  const pn = new Int8Array(CHIP_COUNT);
  for (let i = 0; i < CHIP_COUNT; i++) {
    const chip = order[i];
    const sign = next() < 0.5 ? -1 : 1;
    if (i < SYNC_CHIPS) sync[chip] = sign;
    else { bit[chip] = (i - SYNC_CHIPS) % codedBits; pn[chip] = sign; }
  }
  l = { sync, bit, pn, codedBits };
  layouts.set(codedBits, l);
  return l;
}

export const MESSAGE_BITS = 96;
export const codedBitsFor = (ecc: boolean) => (ecc ? codedLength(MESSAGE_BITS) : MESSAGE_BITS);

/**
 * Chip values (±1, 0 where unused) drawn as a TILE×TILE pixel tile and softened by a cyclic
 * binomial blur: the hard chip edges would only add visible, fragile high frequencies.
 */
export function renderTile(chips: Float32Array | Int8Array): Float32Array {
  const tile = new Float32Array(TILE * TILE);
  for (let y = 0; y < TILE; y++) {
    for (let x = 0; x < TILE; x++) tile[y * TILE + x] = chips[((y / CHIP) | 0) * CHIPS_PER_SIDE + ((x / CHIP) | 0)];
  }
  const k = [1, 4, 6, 4, 1];
  const tmp = new Float32Array(tile.length);
  const m = TILE - 1;
  for (let y = 0; y < TILE; y++) {
    for (let x = 0; x < TILE; x++) {
      let s = 0;
      for (let i = -2; i <= 2; i++) s += k[i + 2] * tile[y * TILE + ((x + i) & m)];
      tmp[y * TILE + x] = s / 16;
    }
  }
  for (let y = 0; y < TILE; y++) {
    for (let x = 0; x < TILE; x++) {
      let s = 0;
      for (let i = -2; i <= 2; i++) s += k[i + 2] * tmp[((y + i) & m) * TILE + x];
      tile[y * TILE + x] = s / 16;
    }
  }
  return tile;
}
