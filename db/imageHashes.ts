import type { Knex } from 'knex';

/**
 * Crawled images near a PDQ hash, by multi-index hashing over crawl_images' 16 chunk columns
 * (migration 030): a hash within `radius` of the query has some 16-bit chunk within ⌊radius/16⌋ bits
 * of the query's same chunk, so each chunk's index is probed for every value that close (1 value per
 * chunk for radius ≤ 15, 17 for ≤ 31, 137 for ≤ 47) and only those candidates' exact distances are
 * computed. With random hashes a radius-31 look-up over 1,000,000 images checks ~4,150 candidates
 * (16 · 17 / 65,536 of them): the 16 index scans take ~1.5 ms, the rest is reading those candidates'
 * heap pages, so the look-up is as fast as the table's pages are at hand (bench/monitoring.ts: p50
 * 60 ms at radius 31, 10 ms at 15, 315 ms at 47, a full scan ~1 s, on 2 cores shared with other
 * work at load 21). Fewer, longer chunks (11 of 23 bits) would check ~320 candidates at radius 31
 * but need ~125,000 probes at 47, which the matcher asks for (matching/matcher.ts).
 *
 * Radii above 47 are refused: they would need 3-bit chunk neighbourhoods (697 probes a chunk,
 * ~170,000 candidates a million rows), no faster than reading every hash — and PDQ matches lie well
 * below (Meta suggests ≤ 31; random pairs sit near 128).
 */
export const MAX_LOOKUP_RADIUS = 47;
const CHUNKS = 16;

/** Every 16-bit value within `bits` bit flips of `value`. */
function neighbours(value: number, bits: number): number[] {
  const out = [value];
  if (bits >= 1) for (let i = 0; i < 16; i++) out.push(value ^ (1 << i));
  if (bits >= 2) for (let i = 0; i < 16; i++) for (let j = i + 1; j < 16; j++) out.push(value ^ (1 << i) ^ (1 << j));
  return out;
}

/**
 * Up to `limit` crawled images whose PDQ hash is within Hamming `radius` (0..47) of `pdq`, nearest
 * first (then by id, so a page is stable).
 */
export async function nearImages(k: Knex, pdq: Buffer, radius: number, limit = 50): Promise<Array<{ id: string; distance: number }>> {
  return nearImagesQuery(k, pdq, radius, limit);
}

/** nearImages' query, for a benchmark or test to look at its plan. */
export function nearImagesQuery(k: Knex, pdq: Buffer, radius: number, limit: number): Knex.QueryBuilder<Record<string, unknown>, Array<{ id: string; distance: number }>> {
  if (pdq.length !== 32) throw new RangeError('a PDQ hash is 32 bytes');
  if (!Number.isInteger(radius) || radius < 0 || radius > MAX_LOOKUP_RADIUS) throw new RangeError(`radius must be an integer 0..${MAX_LOOKUP_RADIUS}`);
  if (!Number.isInteger(limit) || limit < 1) throw new RangeError('limit must be a positive integer');
  const bits = Math.floor(radius / CHUNKS);
  const probes = Array.from({ length: CHUNKS }, (_, i) => neighbours(pdq.readUInt16BE(2 * i), bits));
  // The OR of 16 `chunk = any(…)` becomes a BitmapOr of the 16 partial indexes; the distance is that
  // of the hashes as 256-bit strings (bytea has no xor), computed for the candidates only.
  return k
    .select('id', 'distance')
    .from(
      k.raw(
        `(select id, bit_count(('x' || encode(pdq, 'hex'))::bit(256) # ?::bit(256))::int as distance
            from crawl_images
           where ${probes.map((_, i) => `pdq_c${i} = any(?::int[])`).join(' or ')}) as candidates`,
        [`x${pdq.toString('hex')}`, ...probes.map((values) => `{${values.join(',')}}`)],
      ),
    )
    .where('distance', '<=', radius)
    .orderBy([{ column: 'distance' }, { column: 'id' }])
    .limit(limit);
}
