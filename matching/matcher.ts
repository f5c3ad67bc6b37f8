import type { MatchTransform } from '../domain/monitoring';
import { fitSimilarity, overlapCorrelation, overlapShare, rotationDegOf, scaleOf, type Correspondence, type Thumb } from './geometry';
import { descriptorDistance, levelScale, THUMB_SIZE, unpackFeatures, type Features } from './local';
import { hammingDistance } from './pdq';
import type { ImageSignature } from './signature';

/**
 * The image matcher (issue 15 "Matching"): is a crawled picture a copy of one of a subscription's
 * comparison pictures? Two stages, one score, one threshold:
 *
 * - global: the PDQ hashes of the two pictures within GLOBAL_LOOKUP_RADIUS bits. Recompressed,
 *   resized and colour-shifted copies keep the hash within a few dozen bits; the closer, the higher
 *   the score.
 * - local: the copy's corners looked up among the originals' corners by their binary descriptors
 *   (multi-index hashing: each 256-bit descriptor is sixteen 16-bit chunks, a true match has at
 *   least one chunk equal or one bit off), the matches per original verified by a RANSAC similarity
 *   fit (matching/geometry.ts). The score is the number of original corners the fit explains; the
 *   fit gives the transform and the share of the original the copy shows, which the suspect keeps as
 *   evidence.
 *
 * MATCH_THRESHOLD is set on the generated evaluation set (matching/evalSet.ts) as the lowest score
 * whose precision is at least 0.999; `npm run monitor:eval` measures it on any labelled folder.
 */

/** The PDQ distance the global stage accepts; beyond it a pair can only match locally. */
export const GLOBAL_LOOKUP_RADIUS = 48;
/** Global scores run from GLOBAL_SCORE_AT_ZERO (identical hashes) down by one per GLOBAL_BITS_PER_POINT bits. */
const GLOBAL_SCORE_AT_ZERO = 40;
const GLOBAL_BITS_PER_POINT = 1.5;
/** Below this PDQ quality a hash says little (flat pictures); such pairs are left to the local stage. */
const MIN_PDQ_QUALITY = 30;
/** The decision threshold on the score (precision ≥ 0.999 on the evaluation set). */
export const MATCH_THRESHOLD = 16;
/** Descriptors further apart than this are not the same corner (BRIEF-256: unrelated corners sit near 128). */
const MAX_DESCRIPTOR_DISTANCE = 50;
/** A copy corner is paired with this many nearest original corners (a repeated texture has near twins; the true one may be second). */
const NEAREST_PER_CORNER = 3;
/** Originals (those with most descriptor matches) whose geometry is checked for one copy. */
const RANSAC_ORIGINALS = 6;
/**
 * The local score is the inlier count weighed by the look of the overlap: nothing at a thumbnail
 * correlation of SIMILARITY_NONE or less (two pictures sharing a layout, not a content), all of it
 * from SIMILARITY_FULL (a copy, even recoloured or captioned).
 */
const SIMILARITY_NONE = 0.3;
const SIMILARITY_FULL = 0.7;
/** Fewer geometrically agreeing corners than this are not even reported to the curve. */
const MIN_INLIERS = 4;

export interface ImageMatch {
  originalId: string;
  method: 'global' | 'local';
  /** PDQ distance, when within GLOBAL_LOOKUP_RADIUS. */
  distance?: number;
  /** Local stage: corners explained by the fitted transform, the transform (original pixels → copy pixels) and the original's share shown. */
  inliers?: number;
  transform?: MatchTransform;
  overlap: number;
  /** Local stage: correlation (−1…1) of the two pictures' thumbnails where the transform lays them over each other. */
  similarity?: number;
  score: number;
}

type OriginalSignature = Pick<ImageSignature, 'pdq' | 'features' | 'width' | 'height'>;

interface Original {
  id: string;
  pdq: Buffer;
  width: number;
  height: number;
  features: Features;
  /** Index of its first feature in the index's global numbering. */
  first: number;
}

const CHUNKS = 16;

export class OriginalsIndex {
  private readonly originals: Original[] = [];
  /** Global feature number → its original's position in `originals`. */
  private readonly owner: number[] = [];
  /** (chunk << 16 | chunk value) → global feature numbers. */
  private readonly table = new Map<number, number[]>();

  get size() {
    return this.originals.length;
  }

  add(id: string, sig: OriginalSignature): void {
    const features = unpackFeatures(sig.features);
    const o: Original = { id, pdq: sig.pdq, width: sig.width, height: sig.height, features, first: this.owner.length };
    const at = this.originals.length;
    this.originals.push(o);
    for (let i = 0; i < features.count; i++) {
      const g = o.first + i;
      this.owner.push(at);
      for (let c = 0; c < CHUNKS; c++) {
        const key = (c << 16) | chunk(features.descriptors, i, c);
        const list = this.table.get(key);
        if (list) list.push(g);
        else this.table.set(key, [g]);
      }
    }
  }

  /** Originals the picture is a copy of (score ≥ MATCH_THRESHOLD), best first. */
  match(sig: ImageSignature): ImageMatch[] {
    return this.score(sig).filter((m) => m.score >= MATCH_THRESHOLD);
  }

  /** Every original with any evidence, scored, best first: the evaluation's threshold curve needs the ones below the threshold too. */
  score(sig: ImageSignature): ImageMatch[] {
    const out = new Map<number, ImageMatch>();
    if (sig.pdqQuality >= MIN_PDQ_QUALITY) {
      this.originals.forEach((o, i) => {
        const distance = hammingDistance(sig.pdq, o.pdq);
        if (distance <= GLOBAL_LOOKUP_RADIUS) {
          out.set(i, { originalId: o.id, method: 'global', distance, overlap: 1, score: GLOBAL_SCORE_AT_ZERO - distance / GLOBAL_BITS_PER_POINT });
        }
      });
    }
    const copy = unpackFeatures(sig.features);
    // RANSAC only where the descriptors point: the originals with most matched corners.
    const candidates = [...this.correspondences(copy)].filter(([, ms]) => ms.length >= MIN_INLIERS).sort((a, b) => b[1].length - a[1].length).slice(0, RANSAC_ORIGINALS);
    candidates.forEach(([i, ms]) => {
      const fit = fitSimilarity(ms, MIN_INLIERS);
      if (!fit) return;
      const o = this.originals[i];
      // Working pixels → real pixels on both sides: copy = rc·(A·(ro·original) + t).
      const ro = o.features.width / o.width, rc = sig.width / copy.width;
      const t = fit.transform;
      const transform: MatchTransform = {
        scale: round(scaleOf(t) * ro * rc, 4),
        rotationDeg: round(rotationDegOf(t), 2),
        dx: round(t.dx * rc, 1),
        dy: round(t.dy * rc, 1),
      };
      const similarity = overlapCorrelation(t, thumb(o.features), thumb(copy)) ?? 0;
      const score = round(fit.inliers * Math.min(1, Math.max(0, (similarity - SIMILARITY_NONE) / (SIMILARITY_FULL - SIMILARITY_NONE))), 2);
      const local = {
        inliers: fit.inliers,
        transform,
        overlap: round(overlapShare(t, o.features.width, o.features.height, copy.width, copy.height), 3),
        similarity: round(similarity, 3),
      };
      const global = out.get(i);
      if (global && global.score >= score) out.set(i, { ...global, ...local });
      else out.set(i, { originalId: o.id, method: 'local', ...(global ? { distance: global.distance } : {}), ...local, score });
    });
    return [...out.values()].sort((a, b) => b.score - a.score);
  }

  /**
   * For each original, the copy's corners matched to its corners: each copy corner to its
   * NEAREST_PER_CORNER nearest corners among all originals (a corner of a real copy finds its
   * original's corner first; pairing it with every original's nearest would hand RANSAC dozens of
   * chance pairs per original, from which chance agreements arise).
   */
  private correspondences(copy: Features): Map<number, Correspondence[]> {
    const byOriginal = new Map<number, Correspondence[]>();
    const seen = new Int32Array(this.owner.length).fill(-1);
    const near = new Int32Array(NEAREST_PER_CORNER), nearD = new Int32Array(NEAREST_PER_CORNER);
    for (let q = 0; q < copy.count; q++) {
      nearD.fill(MAX_DESCRIPTOR_DISTANCE + 1);
      for (let c = 0; c < CHUNKS; c++) {
        const v = chunk(copy.descriptors, q, c);
        for (let flip = -1; flip < 16; flip++) {
          const list = this.table.get((c << 16) | (flip < 0 ? v : v ^ (1 << flip)));
          if (!list) continue;
          for (const g of list) {
            if (seen[g] === q) continue;
            seen[g] = q;
            const o = this.originals[this.owner[g]];
            const d = descriptorDistance(copy.descriptors, q, o.features.descriptors, g - o.first);
            if (d >= nearD[NEAREST_PER_CORNER - 1]) continue;
            let k = NEAREST_PER_CORNER - 1;
            for (; k > 0 && nearD[k - 1] > d; k--) {
              nearD[k] = nearD[k - 1];
              near[k] = near[k - 1];
            }
            nearD[k] = d;
            near[k] = g;
          }
        }
      }
      for (let k = 0; k < NEAREST_PER_CORNER && nearD[k] <= MAX_DESCRIPTOR_DISTANCE; k++) {
        const g = near[k], at = this.owner[g], o = this.originals[at], f = g - o.first;
        const m: Correspondence = {
          ox: o.features.x[f],
          oy: o.features.y[f],
          cx: copy.x[q],
          cy: copy.y[q],
          originalFeature: f,
          logScaleRatio: Math.log(levelScale(copy.level[q]) / levelScale(o.features.level[f])),
        };
        const list = byOriginal.get(at);
        if (list) list.push(m);
        else byOriginal.set(at, [m]);
      }
    }
    return byOriginal;
  }
}

const thumb = (f: Features): Thumb => ({ cells: f.thumbnail, size: THUMB_SIZE, width: f.width, height: f.height });

/** 16-bit chunk c of descriptor i. */
function chunk(descriptors: Uint32Array, i: number, c: number): number {
  const word = descriptors[i * 8 + (c >> 1)];
  return c & 1 ? word >>> 16 : word & 0xffff;
}

const round = (v: number, digits: number) => Number(v.toFixed(digits));
