import sharp from 'sharp';
import { seeded } from '../watermark/random';

/**
 * Generated artwork for the demo marketplace: no image files ship with the repository, so the demo
 * IP pictures, the unrelated "other artists'" pictures beside them and the product shots are drawn
 * here as SVG and rendered with sharp. Same arguments, same picture (a seeded generator, no
 * Math.random). The drawings are busy on purpose — patterned robes, scattered petals, clouds, a
 * fretwork border and a paper grain — so that they carry the corners and texture a real illustration
 * has and a copy-detection matcher relies on; a flat cartoon would make the demo easier than the web.
 */

export interface Palette {
  sky: [string, string];
  robe: string;
  trim: string;
  hair: string;
  accent: string;
}

export type Accessory = 'wings' | 'horns' | 'lantern' | 'fins' | 'panda' | 'ribbons' | 'none';

export interface ArtSpec {
  palette: Palette;
  accessory: Accessory;
  /** Calligraphy-like title drawn in a seal box (the IP's Chinese name), or none. */
  title?: string;
  seed: number;
}

const r2 = (v: number) => Math.round(v * 10) / 10;
const escapeXml = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
const SERIF = 'Noto Serif CJK SC, Noto Sans CJK SC, serif';

function pick<T>(next: () => number, list: readonly T[]): T {
  return list[Math.floor(next() * list.length)];
}

/** Soft rolling mountains as a closed path across the width, seeded. */
function mountains(next: () => number, size: number, base: number, height: number, fill: string, opacity: number): string {
  const steps = 6 + Math.floor(next() * 5);
  let d = `M0 ${size} L0 ${r2(base)}`;
  for (let i = 1; i <= steps; i++) {
    const x = (size * i) / steps;
    const peak = base - height * (0.3 + next() * 0.7);
    d += ` Q${r2(x - size / steps / 2)} ${r2(peak)} ${r2(x)} ${r2(base - height * next() * 0.3)}`;
  }
  return `<path d="${d} L${size} ${size} Z" fill="${fill}" opacity="${opacity}"/>`;
}

/** An auspicious cloud (xiangyun): a cluster of circles with curled outlines. */
function cloud(next: () => number, x: number, y: number, s: number, fill: string): string {
  const c = (dx: number, dy: number, rr: number) => `<circle cx="${r2(x + dx * s)}" cy="${r2(y + dy * s)}" r="${r2(rr * s * (0.8 + next() * 0.4))}"/>`;
  return `<g fill="${fill}" stroke="#ffffff" stroke-opacity="0.7" stroke-width="${r2(s * 0.06)}">${c(0, 0, 0.5)}${c(0.45 + next() * 0.2, -0.15, 0.4)}${c(-0.45 - next() * 0.2, 0.05, 0.38)}${c(next() * 0.4, 0.3, 0.35)}</g>
    <path d="M${r2(x - 0.3 * s)} ${r2(y)} q${r2(0.2 * s)} ${r2(-0.25 * s)} ${r2(0.4 * s)} 0 t${r2(0.4 * s)} 0" fill="none" stroke="#ffffff" stroke-width="${r2(s * 0.05)}" opacity="0.8"/>`;
}

/** A fretwork (回纹) border: the square spirals of Chinese ornament around the picture. */
function fretBorder(size: number, colour: string): string {
  const unit = size / 24;
  const spiral = (x: number, y: number) =>
    `<path d="M${r2(x)} ${r2(y + unit)} h${r2(unit * 0.8)} v${r2(-unit * 0.8)} h${r2(-unit * 0.6)} v${r2(unit * 0.4)} h${r2(unit * 0.3)}" fill="none" stroke="${colour}" stroke-width="${r2(unit * 0.12)}"/>`;
  let out = '';
  for (let i = 0; i < 24; i++) {
    out += spiral(i * unit + unit * 0.1, unit * 0.05) + spiral(i * unit + unit * 0.1, size - unit * 1.05);
    if (i > 0 && i < 23) out += spiral(unit * 0.1, i * unit) + spiral(size - unit * 0.95, i * unit);
  }
  return out;
}

/** The character: a chibi figure in a patterned robe, its accessory telling the IPs apart. */
function figure(next: () => number, size: number, p: Palette, accessory: Accessory, skin: string): string {
  const cx = size * (0.4 + next() * 0.2);
  const headY = size * (0.36 + next() * 0.08), headR = size * (0.11 + next() * 0.04);
  const eyeStyle = pick(next, ['round', 'smile', 'almond'] as const);
  // Proportions differ per picture (not only position): pictures drawn from one template up to a
  // shift or scale would share a geometrically consistent outline a local matcher could pair.
  const bodyTop = headY + headR * 0.8, bodyBottom = size * (0.84 + next() * 0.1);
  const half = size * (0.16 + next() * 0.1);
  const sleeve = [1.15 + next() * 0.5, 0.08 + next() * 0.1, 0.2 + next() * 0.14];
  const sashY = 0.08 + next() * 0.1;
  const robe = `<path d="M${r2(cx - headR * 0.7)} ${r2(bodyTop)} L${r2(cx - half)} ${r2(bodyBottom)} Q${r2(cx)} ${r2(bodyBottom + size * 0.04)} ${r2(cx + half)} ${r2(bodyBottom)} L${r2(cx + headR * 0.7)} ${r2(bodyTop)} Z" fill="${p.robe}" stroke="${p.trim}" stroke-width="${r2(size * 0.008)}"/>`;
  // Robe pattern: rows of small flowers, seeded positions inside the robe's outline.
  let pattern = '';
  for (let i = 0; i < 26; i++) {
    const t = 0.1 + next() * 0.85;
    const y = bodyTop + (bodyBottom - bodyTop) * t;
    const w = headR * 0.7 + (half - headR * 0.7) * t;
    const x = cx + (next() * 2 - 1) * w * 0.85;
    const rr = size * (0.008 + next() * 0.012);
    pattern += `<g transform="translate(${r2(x)} ${r2(y)}) rotate(${Math.round(next() * 72)})" fill="${i % 3 ? p.trim : p.accent}">` +
      [0, 72, 144, 216, 288].map((a) => `<ellipse cx="0" cy="${r2(-rr)}" rx="${r2(rr * 0.5)}" ry="${r2(rr)}" transform="rotate(${a})"/>`).join('') +
      `<circle r="${r2(rr * 0.4)}" fill="#fff6d0"/></g>`;
  }
  const sash = `<path d="M${r2(cx - half * 0.55)} ${r2(bodyTop + size * sashY)} Q${r2(cx)} ${r2(bodyTop + size * (sashY + 0.04))} ${r2(cx + half * 0.55)} ${r2(bodyTop + size * sashY)} L${r2(cx + half * 0.6)} ${r2(bodyTop + size * (sashY + 0.04))} Q${r2(cx)} ${r2(bodyTop + size * (sashY + 0.08))} ${r2(cx - half * 0.6)} ${r2(bodyTop + size * (sashY + 0.04))} Z" fill="${p.accent}"/>`;
  const sleeves = [-1, 1].map((s) => `<path d="M${r2(cx + s * headR * 0.7)} ${r2(bodyTop + size * 0.02)} Q${r2(cx + s * half * (sleeve[0] + 0.3))} ${r2(bodyTop + size * sleeve[1])} ${r2(cx + s * half * sleeve[0])} ${r2(bodyTop + size * sleeve[2])} L${r2(cx + s * half * 0.75)} ${r2(bodyTop + size * (sleeve[2] - 0.06))} Z" fill="${p.robe}" stroke="${p.trim}" stroke-width="${r2(size * 0.006)}"/>`).join('');
  // The hair is the most template-like part (a dark outline against sky and skin): its shape, the
  // buns and the hairpin are drawn per picture so no two characters share a silhouette.
  const hairBack = `<ellipse cx="${r2(cx + headR * (next() - 0.5) * 0.3)}" cy="${r2(headY + headR * (0.05 + next() * 0.35))}" rx="${r2(headR * (1.05 + next() * 0.3))}" ry="${r2(headR * (1.1 + next() * 0.4))}" fill="${p.hair}"/>`;
  // The face's proportions are drawn per picture too (head shape, fringe, where eyes, cheeks and
  // mouth sit): one face template scaled between pictures is the local matcher's easiest false pair.
  const [aspect, fringeDip, fringeTop, eyeGap, eyeDrop, cheekX, cheekY, mouthY] = [0.88 + next() * 0.24, 0.2 + next() * 0.35, 0.6 + next() * 0.4, 0.26 + next() * 0.2, -0.02 + next() * 0.24, 0.45 + next() * 0.2, 0.32 + next() * 0.18, 0.42 + next() * 0.2];
  const face = `<ellipse cx="${r2(cx)}" cy="${r2(headY)}" rx="${r2(headR * aspect)}" ry="${r2(headR)}" fill="${skin}"/>`;
  const fringe = `<path d="M${r2(cx - headR)} ${r2(headY - headR * 0.1)} Q${r2(cx - headR * 0.5)} ${r2(headY - headR * fringeTop)} ${r2(cx)} ${r2(headY - headR * fringeDip)} Q${r2(cx + headR * 0.5)} ${r2(headY - headR * fringeTop)} ${r2(cx + headR)} ${r2(headY - headR * 0.1)} Q${r2(cx + headR)} ${r2(headY - headR * 1.2)} ${r2(cx)} ${r2(headY - headR * 1.1)} Q${r2(cx - headR)} ${r2(headY - headR * 1.2)} ${r2(cx - headR)} ${r2(headY - headR * 0.1)} Z" fill="${p.hair}"/>`;
  const bunAngle = (-150 + next() * 120) * (Math.PI / 180), bunR = headR * (0.28 + next() * 0.25);
  const buns = (next() < 0.35 ? [bunAngle, -Math.PI - bunAngle] : [bunAngle])
    .map((a) => `<circle cx="${r2(cx + Math.cos(a) * headR * 1.05)}" cy="${r2(headY + Math.sin(a) * headR * 1.05)}" r="${r2(bunR)}" fill="${p.hair}"/>`)
    .join('');
  const pinLength = headR * (0.8 + next() * 1.2);
  const bun = buns + `<rect x="${r2(cx - pinLength / 2)}" y="${r2(headY - headR * (0.95 + next() * 0.3))}" width="${r2(pinLength)}" height="${r2(headR * (0.05 + next() * 0.06))}" fill="${p.accent}" transform="rotate(${Math.round(next() * 70 - 35)} ${r2(cx)} ${r2(headY - headR)})"/>`;
  const eyeY = headY + headR * eyeDrop;
  const eye = (dx: number) =>
    eyeStyle === 'smile'
      ? `<path d="M${r2(cx + dx - headR * 0.15)} ${r2(eyeY)} Q${r2(cx + dx)} ${r2(eyeY - headR * 0.2)} ${r2(cx + dx + headR * 0.15)} ${r2(eyeY)}" fill="none" stroke="#2b1d16" stroke-width="${r2(headR * 0.07)}"/>`
      : eyeStyle === 'almond'
        ? `<path d="M${r2(cx + dx - headR * 0.17)} ${r2(eyeY)} Q${r2(cx + dx)} ${r2(eyeY - headR * 0.22)} ${r2(cx + dx + headR * 0.17)} ${r2(eyeY)} Q${r2(cx + dx)} ${r2(eyeY + headR * 0.12)} ${r2(cx + dx - headR * 0.17)} ${r2(eyeY)} Z" fill="#2b1d16"/><circle cx="${r2(cx + dx + headR * 0.05)}" cy="${r2(eyeY - headR * 0.04)}" r="${r2(headR * 0.035)}" fill="#ffffff"/>`
        : `<ellipse cx="${r2(cx + dx)}" cy="${r2(eyeY)}" rx="${r2(headR * 0.13)}" ry="${r2(headR * 0.19)}" fill="#2b1d16"/><circle cx="${r2(cx + dx + headR * 0.04)}" cy="${r2(eyeY - headR * 0.07)}" r="${r2(headR * 0.05)}" fill="#ffffff"/>`;
  const blush = [-1, 1].map((s) => `<ellipse cx="${r2(cx + s * headR * cheekX)}" cy="${r2(headY + headR * cheekY)}" rx="${r2(headR * 0.16)}" ry="${r2(headR * 0.08)}" fill="#ff8a8a" opacity="0.6"/>`).join('');
  const mouth = `<path d="M${r2(cx - headR * 0.12)} ${r2(headY + headR * mouthY)} Q${r2(cx)} ${r2(headY + headR * (mouthY + 0.12))} ${r2(cx + headR * 0.12)} ${r2(headY + headR * mouthY)}" fill="none" stroke="#b0413e" stroke-width="${r2(headR * 0.05)}"/>`;
  let behind = '', front = '';
  switch (accessory) {
    case 'wings':
      behind = [-1, 1].map((s) => `<path d="M${r2(cx)} ${r2(bodyTop + size * 0.05)} Q${r2(cx + s * size * 0.42)} ${r2(bodyTop - size * 0.25)} ${r2(cx + s * size * 0.4)} ${r2(bodyTop + size * 0.1)} Q${r2(cx + s * size * 0.3)} ${r2(bodyTop + size * 0.05)} ${r2(cx + s * size * 0.28)} ${r2(bodyTop + size * 0.2)} Q${r2(cx + s * size * 0.18)} ${r2(bodyTop + size * 0.1)} ${r2(cx)} ${r2(bodyTop + size * 0.15)} Z" fill="${p.accent}" stroke="${p.trim}" stroke-width="${r2(size * 0.005)}" opacity="0.9"/>`).join('');
      break;
    case 'horns':
      front = [-1, 1].map((s) => `<path d="M${r2(cx + s * headR * 0.5)} ${r2(headY - headR * 0.9)} q${r2(s * headR * 0.3)} ${r2(-headR * 0.7)} ${r2(s * headR * 0.7)} ${r2(-headR * 0.9)} q${r2(-s * headR * 0.2)} ${r2(headR * 0.5)} ${r2(-s * headR * 0.4)} ${r2(headR * 1.0)} Z" fill="${p.accent}" stroke="#222" stroke-width="${r2(size * 0.004)}"/>`).join('');
      break;
    case 'lantern': {
      const lx = cx + half * 1.35, ly = bodyTop + size * 0.3;
      front = `<line x1="${r2(lx)}" y1="${r2(ly - size * 0.12)}" x2="${r2(lx)}" y2="${r2(ly - size * 0.05)}" stroke="#3b2a10" stroke-width="${r2(size * 0.006)}"/><ellipse cx="${r2(lx)}" cy="${r2(ly)}" rx="${r2(size * 0.06)}" ry="${r2(size * 0.05)}" fill="#e8322b" stroke="#f6c343" stroke-width="${r2(size * 0.006)}"/><rect x="${r2(lx - size * 0.025)}" y="${r2(ly + size * 0.045)}" width="${r2(size * 0.05)}" height="${r2(size * 0.012)}" fill="#f6c343"/><line x1="${r2(lx)}" y1="${r2(ly + size * 0.057)}" x2="${r2(lx)}" y2="${r2(ly + size * 0.1)}" stroke="#f6c343" stroke-width="${r2(size * 0.004)}"/>`;
      break;
    }
    case 'fins':
      behind = `<path d="M${r2(cx + half * 0.6)} ${r2(bodyBottom - size * 0.1)} q${r2(size * 0.15)} ${r2(-size * 0.05)} ${r2(size * 0.22)} ${r2(-size * 0.2)} q${r2(-size * 0.02)} ${r2(size * 0.15)} ${r2(size * 0.06)} ${r2(size * 0.26)} Z" fill="${p.accent}" stroke="${p.trim}" stroke-width="${r2(size * 0.005)}"/>`;
      front = `<path d="M${r2(cx - headR * 0.2)} ${r2(headY - headR * 1.0)} q${r2(headR * 0.2)} ${r2(-headR * 0.6)} ${r2(headR * 0.6)} ${r2(-headR * 0.5)} q${r2(-headR * 0.1)} ${r2(headR * 0.3)} ${r2(-headR * 0.2)} ${r2(headR * 0.5)} Z" fill="${p.accent}"/>`;
      break;
    case 'panda':
      front = [-1, 1].map((s) => `<circle cx="${r2(cx + s * headR * 0.85)}" cy="${r2(headY - headR * 0.85)}" r="${r2(headR * 0.33)}" fill="#1b1b1b"/>`).join('') +
        [-1, 1].map((s) => `<ellipse cx="${r2(cx + s * headR * 0.32)}" cy="${r2(headY + headR * 0.12)}" rx="${r2(headR * 0.25)}" ry="${r2(headR * 0.3)}" fill="#1b1b1b" opacity="0.35"/>`).join('') +
        `<line x1="${r2(cx - half * 1.3)}" y1="${r2(bodyTop + size * 0.35)}" x2="${r2(cx + half * 1.4)}" y2="${r2(bodyTop - size * 0.05)}" stroke="#6a9e3a" stroke-width="${r2(size * 0.018)}"/>`;
      break;
    case 'ribbons':
      behind = [0, 1, 2].map((i) => `<path d="M${r2(cx - size * 0.4)} ${r2(bodyTop + size * (0.05 + i * 0.09))} C${r2(cx - size * 0.1)} ${r2(bodyTop - size * 0.15 + i * 0.05 * size)} ${r2(cx + size * 0.1)} ${r2(bodyTop + size * 0.25)} ${r2(cx + size * 0.45)} ${r2(bodyTop + size * (0.02 + i * 0.07))}" fill="none" stroke="${i === 1 ? p.trim : p.accent}" stroke-width="${r2(size * 0.014)}" opacity="0.85"/>`).join('');
      break;
    case 'none':
      break;
  }
  return behind + hairBack + robe + pattern + sash + sleeves + face + fringe + bun + eye(-headR * eyeGap) + eye(headR * eyeGap) + blush + mouth + front;
}

/** The artwork as an SVG string of size×size. `paper` adds the grain of printed paper. */
export function artworkSvg(spec: ArtSpec, size: number, { paper = true, transparent = false } = {}): string {
  const next = seeded(spec.seed);
  const p = spec.palette;
  const id = `a${spec.seed}`;
  let out = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
  <defs>
    <linearGradient id="${id}s" x1="0" y1="0" x2="${r2(next())}" y2="1"><stop offset="0" stop-color="${p.sky[0]}"/><stop offset="1" stop-color="${p.sky[1]}"/></linearGradient>
    <filter id="${id}g" x="0" y="0" width="100%" height="100%"><feTurbulence type="fractalNoise" baseFrequency="0.9" numOctaves="2" seed="${spec.seed % 997}"/><feColorMatrix type="saturate" values="0"/><feComponentTransfer><feFuncA type="linear" slope="0.22"/></feComponentTransfer></filter>
  </defs>`;
  if (!transparent) {
    out += `<rect width="${size}" height="${size}" fill="url(#${id}s)"/>`;
    const sunX = size * (0.15 + next() * 0.7), sunY = size * (0.12 + next() * 0.15);
    out += `<circle cx="${r2(sunX)}" cy="${r2(sunY)}" r="${r2(size * (0.07 + next() * 0.05))}" fill="${p.accent}" opacity="0.85"/>`;
    for (let i = 0; i < 40; i++) {
      const x = next() * size, y = next() * size * 0.6, rr = size * (0.002 + next() * 0.006);
      out += `<circle cx="${r2(x)}" cy="${r2(y)}" r="${r2(rr)}" fill="#ffffff" opacity="${r2(0.4 + next() * 0.5)}"/>`;
    }
    out += mountains(next, size, size * 0.62, size * 0.25, p.trim, 0.35) + mountains(next, size, size * 0.75, size * 0.2, p.robe, 0.45);
    for (let i = 0; i < 4; i++) out += cloud(next, next() * size, size * (0.15 + next() * 0.5), size * (0.06 + next() * 0.05), p.sky[0]);
    // Falling petals: many small oriented shapes over the whole picture.
    // Few and unlike one another: many identical small blobs give a local matcher chance pairs between unrelated pictures.
    for (let i = 0; i < 20; i++) {
      const x = next() * size, y = next() * size, rr = size * (0.006 + next() * 0.012);
      out += `<ellipse cx="${r2(x)}" cy="${r2(y)}" rx="${r2(rr)}" ry="${r2(rr * (0.3 + next() * 0.5))}" transform="rotate(${Math.round(next() * 180)} ${r2(x)} ${r2(y)})" fill="${pick(next, [p.accent, '#ffd6e0', '#ffffff', p.trim])}" opacity="0.85"/>`;
    }
  }
  out += figure(next, size, p, spec.accessory, pick(next, ['#ffe3cf', '#fcd9be', '#f8e0c8']));
  if (!transparent) {
    // Border and seal placement vary with the seed: a frame shared by every picture would give a
    // local matcher the same corners in unrelated pictures.
    const border = pick(next, ['fret', 'double', 'none'] as const);
    if (border === 'fret') out += `<g>${fretBorder(size, p.trim)}</g>`;
    if (border === 'double') out += `<rect x="${r2(size * 0.02)}" y="${r2(size * 0.02)}" width="${r2(size * 0.96)}" height="${r2(size * 0.96)}" fill="none" stroke="${p.trim}" stroke-width="${r2(size * 0.012)}"/><rect x="${r2(size * 0.04)}" y="${r2(size * 0.04)}" width="${r2(size * 0.92)}" height="${r2(size * 0.92)}" fill="none" stroke="${p.accent}" stroke-width="${r2(size * 0.004)}"/>`;
    if (spec.title) {
      const chars = [...spec.title];
      const fs = size * 0.055, boxH = fs * chars.length * 1.1 + fs * 0.6;
      const x = size * (next() < 0.5 ? 0.86 : 0.12), y = size * (0.08 + next() * 0.08);
      out += `<rect x="${r2(x - fs * 0.65)}" y="${r2(y)}" width="${r2(fs * 1.3)}" height="${r2(boxH)}" fill="#b3261e" rx="${r2(fs * 0.15)}"/>`;
      chars.forEach((c, i) => {
        out += `<text x="${r2(x)}" y="${r2(y + fs * 0.3 + fs * 1.1 * (i + 0.85))}" font-size="${r2(fs)}" font-family="${SERIF}" font-weight="bold" fill="#fff4d6" text-anchor="middle">${escapeXml(c)}</text>`;
      });
    }
    if (paper) out += `<rect width="${size}" height="${size}" filter="url(#${id}g)"/>`;
  }
  return out + '</svg>';
}

export async function renderArtwork(spec: ArtSpec, size: number, format: 'jpeg' | 'png', options: { paper?: boolean; transparent?: boolean } = {}): Promise<Buffer> {
  const s = sharp(Buffer.from(artworkSvg(spec, size, options)));
  return format === 'jpeg' ? s.flatten({ background: '#ffffff' }).jpeg({ quality: 90, chromaSubsampling: '4:4:4' }).toBuffer() : s.png({ compressionLevel: 9 }).toBuffer();
}

/** A random palette for pictures that are not demo IPs (the unrelated artists beside them). */
export function randomPalette(seed: number): Palette {
  const next = seeded(seed);
  const hue = () => Math.floor(next() * 360);
  const hsl = (h: number, s: number, l: number) => `hsl(${h},${s}%,${l}%)`;
  const h = hue();
  return {
    sky: [hsl(h, 60, 82), hsl((h + 40) % 360, 55, 60)],
    robe: hsl(hue(), 55, 45),
    trim: hsl(hue(), 45, 30),
    hair: hsl(hue(), 30, 18),
    accent: hsl(hue(), 75, 55),
  };
}

export type ShotKind = 'box' | 'figure' | 'tshirt' | 'bag' | 'mug' | 'frame' | 'cushion' | 'phone' | 'mousepad';

/** The inside of an artwork's SVG, to print it on a product at (x, y) with side `side`. */
function printed(spec: ArtSpec, x: number, y: number, side: number): string {
  const inner = artworkSvg(spec, 400, { paper: false }).replace(/^<svg[^>]*>/, '').replace(/<\/svg>$/, '');
  return `<g transform="translate(${r2(x)} ${r2(y)}) scale(${r2(side / 400)})">${inner}</g>`;
}

/**
 * A studio product shot: a soft backdrop, a shadow and the product in a seeded colour, some
 * printed with another (unrelated) artist's picture drawn by the same generator as the demo IPs —
 * near misses a matcher must not take for the demo pictures.
 */
export function productShotSvg(kind: ShotKind, seed: number, width: number, height = width): string {
  const next = seeded(seed);
  const s = Math.min(width, height);
  const ox = (width - s) / 2, oy = (height - s) / 2;
  const colour = `hsl(${Math.floor(next() * 360)},${40 + Math.floor(next() * 40)}%,${35 + Math.floor(next() * 35)}%)`;
  const backdrop = `hsl(${Math.floor(next() * 360)},20%,${86 + Math.floor(next() * 10)}%)`;
  const art: ArtSpec = { palette: randomPalette(seed * 3 + 1), accessory: pick(next, ['wings', 'horns', 'lantern', 'fins', 'panda', 'ribbons', 'none'] as const), seed: seed * 5 + 7 };
  const withArt = next() < 0.6;
  const X = (v: number) => r2(ox + v * s), Y = (v: number) => r2(oy + v * s), L = (v: number) => r2(v * s);
  let body = '';
  switch (kind) {
    case 'tshirt':
      body = `<path d="M${X(0.32)} ${Y(0.18)} L${X(0.14)} ${Y(0.3)} L${X(0.22)} ${Y(0.44)} L${X(0.3)} ${Y(0.4)} L${X(0.3)} ${Y(0.86)} L${X(0.7)} ${Y(0.86)} L${X(0.7)} ${Y(0.4)} L${X(0.78)} ${Y(0.44)} L${X(0.86)} ${Y(0.3)} L${X(0.68)} ${Y(0.18)} Q${X(0.5)} ${Y(0.28)} ${X(0.32)} ${Y(0.18)} Z" fill="${colour}"/>` +
        (withArt ? printed(art, ox + 0.38 * s, oy + 0.36 * s, 0.24 * s) : `<text x="${X(0.5)}" y="${Y(0.55)}" font-size="${L(0.06)}" font-family="sans-serif" font-weight="bold" fill="#ffffff" text-anchor="middle">BASIC</text>`);
      break;
    case 'bag':
      body = `<path d="M${X(0.36)} ${Y(0.3)} Q${X(0.36)} ${Y(0.12)} ${X(0.5)} ${Y(0.12)} Q${X(0.64)} ${Y(0.12)} ${X(0.64)} ${Y(0.3)}" fill="none" stroke="${colour}" stroke-width="${L(0.025)}"/><rect x="${X(0.24)}" y="${Y(0.3)}" width="${L(0.52)}" height="${L(0.56)}" rx="${L(0.02)}" fill="${colour}"/>` +
        (withArt ? printed(art, ox + 0.31 * s, oy + 0.4 * s, 0.38 * s) : '');
      break;
    case 'mug':
      body = `<path d="M${X(0.7)} ${Y(0.4)} q${L(0.16)} 0 ${L(0.16)} ${L(0.14)} q0 ${L(0.14)} ${L(-0.16)} ${L(0.14)}" fill="none" stroke="${colour}" stroke-width="${L(0.04)}"/><rect x="${X(0.26)}" y="${Y(0.28)}" width="${L(0.46)}" height="${L(0.52)}" rx="${L(0.04)}" fill="${colour}"/><ellipse cx="${X(0.49)}" cy="${Y(0.28)}" rx="${L(0.23)}" ry="${L(0.04)}" fill="#f4efe8"/>` +
        (withArt ? printed(art, ox + 0.33 * s, oy + 0.38 * s, 0.32 * s) : '');
      break;
    case 'frame':
      body = `<rect x="${X(0.18)}" y="${Y(0.14)}" width="${L(0.64)}" height="${L(0.72)}" fill="#5b4632"/><rect x="${X(0.22)}" y="${Y(0.18)}" width="${L(0.56)}" height="${L(0.64)}" fill="#fbfaf6"/>` +
        (withArt ? printed(art, ox + 0.25 * s, oy + 0.24 * s, 0.5 * s) : `<rect x="${X(0.26)}" y="${Y(0.3)}" width="${L(0.48)}" height="${L(0.3)}" fill="${colour}"/>`);
      break;
    case 'cushion':
      body = `<rect x="${X(0.18)}" y="${Y(0.22)}" width="${L(0.64)}" height="${L(0.58)}" rx="${L(0.12)}" fill="${colour}"/>` +
        Array.from({ length: 5 }, (_, i) => `<line x1="${X(0.22)}" y1="${Y(0.3 + i * 0.11)}" x2="${X(0.78)}" y2="${Y(0.3 + i * 0.11)}" stroke="#ffffff" stroke-opacity="0.35" stroke-width="${L(0.012)}"/>`).join('');
      break;
    case 'phone':
      body = `<rect x="${X(0.33)}" y="${Y(0.1)}" width="${L(0.34)}" height="${L(0.8)}" rx="${L(0.05)}" fill="${colour}"/><rect x="${X(0.37)}" y="${Y(0.14)}" width="${L(0.11)}" height="${L(0.11)}" rx="${L(0.025)}" fill="#222"/><circle cx="${X(0.4)}" cy="${Y(0.17)}" r="${L(0.02)}" fill="#4a6fa5"/>` +
        (withArt ? printed(art, ox + 0.35 * s, oy + 0.4 * s, 0.3 * s) : '');
      break;
    case 'mousepad':
      body = `<rect x="${X(0.06)}" y="${Y(0.3)}" width="${L(0.88)}" height="${L(0.42)}" rx="${L(0.02)}" fill="${colour}"/>` + (withArt ? printed(art, ox + 0.56 * s, oy + 0.32 * s, 0.38 * s) : '');
      break;
    case 'box':
      body = `<path d="M${X(0.5)} ${Y(0.14)} L${X(0.82)} ${Y(0.3)} L${X(0.5)} ${Y(0.46)} L${X(0.18)} ${Y(0.3)} Z" fill="${colour}" opacity="0.7"/><path d="M${X(0.18)} ${Y(0.3)} L${X(0.5)} ${Y(0.46)} L${X(0.5)} ${Y(0.86)} L${X(0.18)} ${Y(0.7)} Z" fill="${colour}"/><path d="M${X(0.82)} ${Y(0.3)} L${X(0.5)} ${Y(0.46)} L${X(0.5)} ${Y(0.86)} L${X(0.82)} ${Y(0.7)} Z" fill="${colour}" opacity="0.85"/><text x="${X(0.34)}" y="${Y(0.62)}" font-size="${L(0.07)}" font-family="sans-serif" font-weight="bold" fill="#ffffff" text-anchor="middle">?</text>` +
        (withArt ? `<g transform="rotate(-6 ${X(0.7)} ${Y(0.75)})"><rect x="${X(0.56)}" y="${Y(0.52)}" width="${L(0.3)}" height="${L(0.36)}" fill="#ffffff"/>${printed(art, ox + 0.58 * s, oy + 0.54 * s, 0.26 * s)}</g>` : '');
      break;
    case 'figure':
      body = `<ellipse cx="${X(0.5)}" cy="${Y(0.88)}" rx="${L(0.26)}" ry="${L(0.05)}" fill="#3a3a3a"/>` + printed({ ...art, seed: art.seed + 1 }, ox + 0.18 * s, oy + 0.1 * s, 0.64 * s);
      break;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="${width}" height="${height}" fill="${backdrop}"/><ellipse cx="${X(0.5)}" cy="${Y(0.9)}" rx="${L(0.34)}" ry="${L(0.035)}" fill="#000000" opacity="0.12"/>${body}</svg>`;
}
