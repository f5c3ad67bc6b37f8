import { randomUUID } from 'node:crypto';
import { MAX_LOOKUP_RADIUS, nearImages, nearImagesQuery } from '../../db/imageHashes';
import { hammingDistance } from '../../matching/pdq';
import { seeded } from '../../watermark/random';
import { closeTestDb, testDb } from '../support/http';

/**
 * The multi-index-hashing look-up (db/imageHashes.ts, migration 030) finds exactly what a scan of
 * every hash finds. Other tests write crawl_images too, so this one compares on its own rows (urls
 * under its own prefix) and asks for more results than it has rows.
 */
const PREFIX = `https://hash-index.test/${randomUUID()}/`;
const next = seeded(2026);
const randomHash = () => Buffer.from(Array.from({ length: 32 }, () => Math.floor(next() * 256)));

/** `hash` with bit b of each listed chunk flipped, `perChunk[i]` bits in chunk i (distinct bits). */
function flipped(hash: Buffer, perChunk: number[]): Buffer {
  const out = Buffer.from(hash);
  perChunk.forEach((n, chunk) => {
    for (let b = 0; b < n; b++) out[2 * chunk + (b % 2)] ^= 1 << Math.floor(b / 2);
  });
  return out;
}
const spread = (total: number, lowChunks: number[] = []) => {
  // Distances laid out to sit on the pigeonhole's edges: every chunk as far off as the total allows.
  const per = Array.from({ length: 16 }, () => 0);
  let left = total;
  for (const [i, n] of lowChunks.entries()) {
    per[i] = n;
    left -= n;
  }
  for (let i = lowChunks.length; left > 0; i = i + 1 >= 16 ? lowChunks.length : i + 1) {
    per[i]++;
    left--;
  }
  return per;
};

const bases = Array.from({ length: 30 }, randomHash);
const mine = new Map<string, Buffer>();

beforeAll(async () => {
  const k = testDb();
  const rows: Array<{ url: string; pdq: Buffer }> = [];
  // 3,000 unrelated hashes, and near copies of every base at the edge distances: 15 as 1 bit in each
  // of 15 chunks (only an exact chunk matches), 31 as 2 bits in 15 chunks and 1 in one, 32 as 2 bits
  // in every chunk (no chunk within 1: out of reach of radius 31's probes, and not within 31 anyway),
  // 47 as 3 bits in 15 chunks and 2 in one; plus plain ones at 0, 1, 16, 48 and random.
  for (let i = 0; i < 3000; i++) rows.push({ url: `${PREFIX}random/${i}`, pdq: randomHash() });
  bases.forEach((base, b) => {
    const copies: Record<string, Buffer> = {
      d0: Buffer.from(base),
      d1: flipped(base, spread(1)),
      d15: flipped(base, spread(15, [0])),
      d16: flipped(base, spread(16)),
      d31: flipped(base, spread(31, [1])),
      d32: flipped(base, spread(32)),
      d47: flipped(base, spread(47, [2])),
      d48: flipped(base, spread(48)),
    };
    for (const [name, pdq] of Object.entries(copies)) rows.push({ url: `${PREFIX}${b}/${name}`, pdq });
  });
  for (let i = 0; i < rows.length; i += 500) {
    const inserted: Array<{ id: string; pdq: Buffer }> = await k('crawl_images').insert(rows.slice(i, i + 500)).returning(['id', 'pdq']);
    for (const r of inserted) mine.set(r.id, r.pdq);
  }
});
afterAll(async () => {
  await testDb()('crawl_images').where('url', 'like', `${PREFIX}%`).delete();
  await closeTestDb();
});

/** Our rows within `radius` of `pdq`, by reading every one. */
function bruteForce(pdq: Buffer, radius: number) {
  return [...mine]
    .map(([id, h]) => ({ id, distance: hammingDistance(pdq, h) }))
    .filter((r) => r.distance <= radius)
    .sort((a, b) => a.distance - b.distance || (a.id < b.id ? -1 : 1));
}
const ours = async (pdq: Buffer, radius: number) => (await nearImages(testDb(), pdq, radius, 100_000)).filter((r) => mine.has(r.id));

test('the copies laid out on every edge distance are what a full scan finds, at every radius', async () => {
  expect(flipped(bases[0], spread(31, [1])).length).toBe(32);
  for (const [d, per] of [[15, spread(15, [0])], [31, spread(31, [1])], [32, spread(32)], [47, spread(47, [2])]] as const) {
    expect(hammingDistance(bases[0], flipped(bases[0], per))).toBe(d);
  }
  for (const base of bases.slice(0, 10))
    for (const radius of [0, 1, 14, 15, 16, 30, 31, 32, 46, 47]) {
      const expected = bruteForce(base, radius);
      expect(await ours(base, radius)).toEqual(expected);
    }
  // Radius 31 finds the copy at 31 (one chunk within 1 bit) and not the one at 32 (none within 1).
  const at31 = (await ours(bases[0], 31)).map((r) => r.distance);
  expect(at31).toEqual([0, 1, 15, 16, 31]);
  expect((await ours(bases[0], 47)).map((r) => r.distance)).toEqual([0, 1, 15, 16, 31, 32, 47]);
});

test('random queries find exactly the random rows near them', async () => {
  for (let i = 0; i < 20; i++) {
    const [, some] = [...mine][Math.floor(next() * mine.size)];
    const query = flipped(some, spread(Math.floor(next() * 20)));
    expect(await ours(query, 31)).toEqual(bruteForce(query, 31));
  }
});

test('nearest first, then by id, at most `limit`', async () => {
  const all = await ours(bases[1], 47);
  const page = await nearImages(testDb(), bases[1], 47, 3);
  expect(page).toEqual(all.slice(0, 3));
  expect(page.map((r) => r.distance)).toEqual([0, 1, 15]);
});

test('a pdq written by a plain UPDATE is found, changed or cleared is not', async () => {
  const k = testDb();
  const [{ id }] = await k('crawl_images').insert({ url: `${PREFIX}late` }).returning('id');
  const hash = randomHash();
  expect(await nearImages(k, hash, 0)).toEqual([]);
  await k('crawl_images').where({ id }).update({ pdq: hash });
  expect(await nearImages(k, hash, 0)).toEqual([{ id, distance: 0 }]);
  const other = flipped(hash, spread(40));
  await k('crawl_images').where({ id }).update({ pdq: other });
  expect(await nearImages(k, hash, 31)).toEqual([]);
  expect(await nearImages(k, hash, 47)).toEqual([{ id, distance: 40 }]);
  await k('crawl_images').where({ id }).update({ pdq: null });
  expect(await nearImages(k, other, 0)).toEqual([]);
});

test('the look-up reads the chunk indexes, not the table', async () => {
  const plan = await testDb().transaction(async (trx) => {
    await trx.raw('set local enable_seqscan = off');
    const { rows } = await trx.raw(`explain ${nearImagesQuery(trx, bases[0], 31, 50).toString()}`);
    return (rows as Array<{ 'QUERY PLAN': string }>).map((r) => r['QUERY PLAN']).join('\n');
  });
  for (let i = 0; i < 16; i++) expect(plan).toContain(`Bitmap Index Scan on crawl_images_pdq_c${i}`);
  expect(plan).not.toContain('Seq Scan');
});

test('refuses hashes that are not 32 bytes and radii it cannot look up', async () => {
  const k = testDb();
  await expect(nearImages(k, Buffer.alloc(31), 10)).rejects.toThrow(RangeError);
  for (const radius of [-1, 1.5, MAX_LOOKUP_RADIUS + 1, Number.NaN]) await expect(nearImages(k, bases[0], radius)).rejects.toThrow(RangeError);
  await expect(nearImages(k, bases[0], 10, 0)).rejects.toThrow(RangeError);
  await expect(k('crawl_images').insert({ url: `${PREFIX}short`, pdq: Buffer.alloc(31) })).rejects.toThrow(/crawl_images_pdq_length/);
});
