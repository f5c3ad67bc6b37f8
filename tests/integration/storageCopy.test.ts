import { execFile } from 'node:child_process';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createDb } from '../../db/connection';
import { openStore, type ObjectStore } from '../../storage';
import { copyObjects, copyStores, describeFromDatabase, type CopyResult } from '../../storage/copy';
import { startS3Server, type S3Server } from '../../storage/s3Server';
import { ROOT } from '../../temporal/config';
import { TEST_DATA_SUFFIX, TEST_PORTS } from '../support/limits';

/**
 * Moving an installation's files from disk to S3 (storage/copy, `npm run storage:copy`) against a
 * real S3 server (versitygw): files with and without the store's metadata, their type and name from
 * the database when only the row knows them, a 20 MB file, reruns, and a target object that differs.
 */
const diskRoot = path.join(ROOT, '.data', `test-copy-disk${TEST_DATA_SUFFIX}`);
const s3Dir = path.join(ROOT, '.data', `test-copy-s3${TEST_DATA_SUFFIX}`);
const k = createDb(process.env.DATABASE_URL, { min: 0, max: 2 });
const opened = { publicBase: 'http://localhost:3000', signingSecret: 'test-copy-secret' };
let server: S3Server;
let source: ObjectStore;
let target: ObjectStore;

interface Expected {
  sha256: string;
  contentType: string;
  originalName: string | null;
}
const expected = new Map<string, Expected>();
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** A file as the upload code wrote it before the store existed: bytes only, no metadata. */
async function legacyFile(key: string, bytes: Buffer): Promise<string> {
  await mkdir(path.dirname(path.join(diskRoot, key)), { recursive: true });
  await writeFile(path.join(diskRoot, key), bytes);
  return sha256(bytes);
}

/** A legacy upload whose row in the database holds its type and (UTF-8) name. */
async function legacyUpload(bytes: Buffer, mime: string, name: string): Promise<string> {
  const key = randomUUID();
  const owner = await k('users').first('id');
  await k('uploads').insert({ owner_id: owner.id, kind: 'evidence', mime, ext: 'bin', size: bytes.length, original_name: name, storage_key: key });
  expected.set(key, { sha256: await legacyFile(key, bytes), contentType: mime, originalName: name });
  return key;
}

async function digest(store: ObjectStore, key: string): Promise<string | null> {
  const found = await store.get(key);
  if (!found) return null;
  const hash = createHash('sha256');
  for await (const chunk of found.body) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

async function keys(store: ObjectStore, prefix = ''): Promise<string[]> {
  const listed = [];
  for await (const o of store.list(prefix)) listed.push(o.key);
  return listed;
}

const copy = (replace = false) => {
  const results: CopyResult[] = [];
  return copyObjects({ source, target, describe: describeFromDatabase(k), replace, onObject: (r) => results.push(r) }).then((summary) => ({ summary, results }));
};

/** `npm run storage:copy` as an operator runs it. */
function command(env: NodeJS.ProcessEnv, args: string[] = []): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['--import', 'tsx', 'scripts/storageCopy.ts', ...args], { cwd: ROOT, env: { ...process.env, UPLOAD_DIR: diskRoot, ...env } }, (err, stdout, stderr) => {
      resolve({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, out: stdout + stderr });
    });
  });
}

beforeAll(async () => {
  await Promise.all([rm(diskRoot, { recursive: true, force: true }), rm(s3Dir, { recursive: true, force: true })]);
  server = await startS3Server({ port: TEST_PORTS.s3 + 4, dir: s3Dir, bucket: 'ipci-copy', accessKey: 'ipci-copy-key', secretKey: 'ipci/copy+secret' });
  source = openStore({ diskRoot, ...opened });
  target = openStore({ storageUrl: server.storageUrl, diskRoot, ...opened });

  await legacyUpload(randomBytes(3000), 'image/png', '山海图 证明.png');
  // Stored through the disk store: its metadata says the type and name, and there is no row.
  const video = Buffer.from('a nested object with metadata');
  await source.put('gallery/v1/original', Readable.from([video]), { contentType: 'video/mp4', originalName: 'café «nuit».mp4', maxBytes: 1000 });
  expected.set('gallery/v1/original', { sha256: sha256(video), contentType: 'video/mp4', originalName: 'café «nuit».mp4' });
  const ipci = `certificates/${randomUUID()}.pdf`;
  expected.set(ipci, { sha256: await legacyFile(ipci, Buffer.from('%PDF-1.7 certificate')), contentType: 'application/pdf', originalName: null });
  // A file nothing describes (its row is long gone) still moves, as bytes.
  const orphan = randomUUID();
  expected.set(orphan, { sha256: await legacyFile(orphan, randomBytes(500)), contentType: 'application/octet-stream', originalName: null });
  await legacyUpload(Buffer.alloc(0), 'text/plain', 'empty.txt');

  // 20 MB, written and hashed chunk by chunk.
  const large = await legacyUpload(Buffer.alloc(0), 'application/pdf', 'большой.pdf');
  const hash = createHash('sha256');
  const chunks = (function* () {
    for (let i = 0; i < 20; i += 1) {
      const chunk = randomBytes(1 << 20);
      hash.update(chunk);
      yield chunk;
    }
  })();
  await pipeline(Readable.from(chunks), createWriteStream(path.join(diskRoot, large)));
  expected.set(large, { ...expected.get(large)!, sha256: hash.digest('hex') });
  await k('uploads').where({ storage_key: large }).update({ size: 20 << 20 });

  // Not objects: the old upload code's spool, the store's own folders, a name no key can have.
  await legacyFile('incoming/0f3c2a9d1e', Buffer.from('half an upload'));
  await legacyFile('.tmp/stray', Buffer.from('x'));
  await legacyFile('name with space', Buffer.from('x'));
}, 240_000);

afterAll(async () => {
  await k('uploads').whereIn('storage_key', [...expected.keys()]).delete();
  await k.destroy();
  await server?.stop();
});

test('the disk store lists its objects in key order while walking, skipping .meta, .tmp and names that are not keys', async () => {
  for (const name of ['order/x', 'order-x', 'order.x', 'order/a/b']) await legacyFile(`walk/${name}`, Buffer.from(name));
  expect(await keys(source, 'walk/')).toEqual(['walk/order-x', 'walk/order.x', 'walk/order/a/b', 'walk/order/x']);
  expect(await keys(source, 'walk/order/')).toEqual(['walk/order/a/b', 'walk/order/x']);
  await rm(path.join(diskRoot, 'walk'), { recursive: true });

  const all = await keys(source);
  expect(all).toEqual([...all].sort());
  expect(all).toEqual(expect.arrayContaining([...expected.keys(), 'incoming/0f3c2a9d1e']));
  expect(all.filter((key) => key.startsWith('.') || key.includes(' '))).toEqual([]);
});

test('every object arrives in S3 with the same bytes, type and name; the spool stays behind; a rerun finds all already there', async () => {
  const first = await copy();
  expect(first.summary).toMatchObject({ copied: expected.size, alreadyThere: 0, differs: 0, failed: 0 });
  expect(first.summary.bytes).toBeGreaterThan(20 << 20);
  expect((await keys(target)).sort()).toEqual([...expected.keys()].sort());
  for (const [key, want] of expected) {
    expect(await target.head(key)).toMatchObject({ contentType: want.contentType, originalName: want.originalName });
    expect(await digest(target, key)).toBe(want.sha256);
  }

  const again = await copy();
  expect(again.summary).toMatchObject({ copied: 0, alreadyThere: expected.size, differs: 0, failed: 0, bytes: 0 });
  expect(again.results.every((r) => r.outcome === 'already there')).toBe(true);
}, 120_000);

test('a target object with other bytes is reported and kept (the command exits non-zero) until --replace overwrites it with a verified copy', async () => {
  const [key, want] = [...expected].find(([, e]) => e.contentType === 'application/octet-stream')!;
  const wrong = randomBytes(500);
  await target.put(key, Readable.from([wrong]), { contentType: 'application/octet-stream', maxBytes: 1000 });
  // Written to the disk after the first pass: the second one catches it.
  const late = await legacyUpload(Buffer.from('uploaded during the copy'), 'text/plain', '迟到.txt');

  const found = await copy();
  expect(found.summary).toMatchObject({ copied: 1, alreadyThere: expected.size - 2, differs: 1, failed: 0 });
  expect(found.results.find((r) => r.key === key)).toMatchObject({ outcome: 'differs', reason: expect.stringContaining('SHA-256') });
  expect(found.results.find((r) => r.key === late)).toMatchObject({ outcome: 'copied' });
  expect(await digest(target, key)).toBe(sha256(wrong));

  const run = await command({ STORAGE_URL: server.storageUrl });
  expect(run.code).toBe(1);
  expect(run.out).toContain(`${key}: differs`);
  expect(run.out).toMatch(/0 copied, \d+ already there, 1 differ, 0 failed/);

  const replaced = await command({ STORAGE_URL: server.storageUrl }, ['--replace']);
  expect(replaced.code).toBe(0);
  expect(replaced.out).toContain(`${key}: replaced`);
  expect(replaced.out).toMatch(/1 copied \(1 replaced\), \d+ already there, 0 differ, 0 failed — [\d.]+ MB in [\d.]+ s, [\d.]+ MB\/s/);
  expect(await digest(target, key)).toBe(want.sha256);

  const settled = await command({ STORAGE_URL: server.storageUrl });
  expect(settled.code).toBe(0);
  expect(settled.out).toContain(`0 copied, ${expected.size} already there, 0 differ, 0 failed`);
}, 120_000);

test('the command needs STORAGE_URL, and another store than the disk it copies from', async () => {
  const unset = await command({ STORAGE_URL: '' });
  expect(unset.code).toBe(1);
  expect(unset.out).toContain('STORAGE_URL is not set');
  for (const url of [`file://${diskRoot}`, `file://${path.join(diskRoot, 'inside')}`]) {
    expect(() => copyStores({ UPLOAD_DIR: diskRoot, STORAGE_URL: url })).toThrow(/overlaps/);
  }
  expect(copyStores({ UPLOAD_DIR: diskRoot, STORAGE_URL: `file://${path.join(ROOT, '.data', 'elsewhere')}` }).target.kind).toBe('disk');
  const refused = await command({ STORAGE_URL: server.storageUrl.replace('ipci-copy-key', 'nobody') });
  expect(refused.code).toBe(1);
}, 60_000);
