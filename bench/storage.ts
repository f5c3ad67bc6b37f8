import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { pipeline } from 'node:stream/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { runTs, stopChild } from '../scripts/lib/children';
import { openStore, type ObjectStore } from '../storage';
import { startS3Server } from '../storage/s3Server';
import { ROOT } from '../temporal/config';
import { ApiClient } from './lib/http';
import { watchRss } from './lib/rss';
import { BENCH, runBench, waitForHealth, type Stack } from './lib/stack';
import { ms, percentile, summarize, table, timed } from './lib/stats';

/**
 * `npm run bench:storage`: what files cost (issue 13), against the disk store and a real
 * S3-compatible server (versitygw, storage/s3Server.ts) in the same run.
 * 1. Straight through the ObjectStore (storage/): put and get (read to the end) of 100 KB, 5 MB and
 *    200 MB objects, several times each — throughput in MB/s and latency per object.
 * 2. Through the API of a platform of its own (bench/lib/stack.ts): a 200 MB pdf uploaded with
 *    POST /api/uploads and downloaded with GET /api/uploads/:id while the API's resident memory
 *    (VmRSS) is sampled every 50 ms; its peak above idle must stay under 100 MB, as streaming
 *    without holding the file allows. Once with the disk store, once with an API beside it whose
 *    STORAGE_URL names the S3 server.
 * Every body is generated as it streams, never whole in memory. MB are 10^6 bytes. Linux only (/proc).
 * Repetitions: BENCH_STORAGE_REPS, one per size ("30,10,3").
 */
const MB = 1e6;
const REPS = (process.env.BENCH_STORAGE_REPS ?? '30,10,3').split(',').map(Number);
const SIZES = [
  { label: '100 KB', bytes: 100_000 },
  { label: '5 MB', bytes: 5 * MB },
  { label: '200 MB', bytes: 200 * MB },
].map((s, i) => ({ ...s, reps: REPS[i] }));
const API_FILE_BYTES = 200 * MB;
const API_TARGET_BYTES = 100 * MB;
const USER = { login: 'person', password: 'Person#2026' };

const DISK_DIR = path.join(ROOT, '.data', 'bench-storage');
const S3 = { port: BENCH.s3Port, dir: path.join(ROOT, '.data', 'bench-s3'), bucket: 'ipci-bench', accessKey: 'ipci-bench', secretKey: 'ipci-bench-secret' };

const log = (line: string) => console.log(`[bench] ${line}`);
const mb = (bytes: number) => (bytes / MB).toFixed(1);
/** Throughput of `count` objects of `bytes` each taking `samples` milliseconds in all. */
const mbPerSecond = (bytes: number, samples: number[]) => ((bytes * samples.length) / MB / (samples.reduce((a, b) => a + b, 0) / 1000)).toFixed(1);

/** `head`, `size` bytes of a repeating pattern, then `tail`, made chunk by chunk as they are read. */
function generated(size: number, head = Buffer.alloc(0), tail = Buffer.alloc(0)): Readable {
  const block = Buffer.alloc(1 << 16, 'ipci bench storage ');
  function* chunks() {
    if (head.length) yield head;
    for (let left = size; left > 0; left -= block.length) yield left >= block.length ? block : block.subarray(0, left);
    if (tail.length) yield tail;
  }
  return Readable.from(chunks(), { objectMode: false });
}

async function countBytes(body: Readable): Promise<number> {
  let n = 0;
  for await (const chunk of body) n += (chunk as Buffer).length;
  return n;
}

interface SizeRun {
  label: string;
  bytes: number;
  put: number[];
  get: number[];
}

/** Puts then gets `reps` objects of each size, one at a time, and deletes them. */
async function measureStore(store: ObjectStore): Promise<SizeRun[]> {
  const put = (key: string, bytes: number) => store.put(key, generated(bytes), { contentType: 'application/octet-stream', maxBytes: bytes });
  const get = async (key: string, bytes: number) => {
    const object = await store.get(key);
    const read = object ? await countBytes(object.body) : 0;
    if (read !== bytes) throw new Error(`${store.kind}: read ${read} bytes of ${key}, not ${bytes}`);
  };
  // The first calls pay for the JIT and, on S3, the connection: not counted.
  const warm = `bench/warm-up-${randomUUID()}`;
  await put(warm, 1000);
  await get(warm, 1000);
  await store.delete(warm);

  const runs: SizeRun[] = [];
  for (const size of SIZES) {
    const keys = Array.from({ length: size.reps }, () => `bench/${randomUUID()}`);
    const run: SizeRun = { label: size.label, bytes: size.bytes, put: [], get: [] };
    try {
      for (const key of keys) run.put.push((await timed(() => put(key, size.bytes))).ms);
      for (const key of keys) run.get.push((await timed(() => get(key, size.bytes))).ms);
    } finally {
      for (const key of keys) await store.delete(key);
    }
    log(`${store.kind}: ${size.reps} × ${size.label} done`);
    runs.push(run);
  }
  return runs;
}

/** Answers the response once its headers arrive; a body is streamed in as the server reads it. */
function request(url: string, o: { method: string; headers: http.OutgoingHttpHeaders; body?: Readable }): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: o.method, headers: o.headers }, resolve);
    req.on('error', reject);
    if (o.body) pipeline(o.body, req).catch(reject);
    else req.end();
  });
}

const PDF_HEADER = Buffer.from('%PDF-1.4\n');

/** Uploads a pdf of PDF_HEADER and `bytes` more as an attachment, streamed as multipart form data; answers its id. */
async function upload(client: ApiClient, bytes: number): Promise<string> {
  const boundary = `ipci-bench-${randomUUID()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="kind"\r\n\r\nattachment\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const body = generated(bytes, Buffer.concat([head, PDF_HEADER]), tail);
  const res = await request(`${client.base}/api/uploads`, {
    method: 'POST',
    headers: { cookie: client.cookieHeader, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': head.length + PDF_HEADER.length + bytes + tail.length },
    body,
  });
  const answer = await text(res);
  if (res.statusCode !== 201) throw new Error(`upload: ${res.statusCode} ${answer}`);
  return (JSON.parse(answer) as { id: string }).id;
}

async function download(client: ApiClient, id: string, bytes: number): Promise<void> {
  const res = await request(`${client.base}/api/uploads/${id}`, { method: 'GET', headers: { cookie: client.cookieHeader } });
  if (res.statusCode !== 200) throw new Error(`download: ${res.statusCode} ${await text(res)}`);
  const read = await countBytes(res);
  if (read !== PDF_HEADER.length + bytes) throw new Error(`download: ${read} bytes, not ${PDF_HEADER.length + bytes}`);
}

/** One transfer through the API: how long it took and the API's highest resident memory meanwhile. */
interface Phase {
  ms: number;
  peak: number;
}

interface ApiRun {
  backend: string;
  idle: number;
  upload?: Phase;
  download?: Phase;
  error?: string;
}

async function watched<T>(pid: number, fn: () => Promise<T>): Promise<Phase & { value: T }> {
  const watch = watchRss(pid);
  try {
    const { ms, value } = await timed(fn);
    return { ms, value, peak: Math.max(...watch.stop()) };
  } catch (err) {
    watch.stop();
    throw err;
  }
}

/** The API's resident memory at rest, then at its peak while the 200 MB file goes in and out. */
async function apiMemory(backend: string, base: string, pid: number): Promise<ApiRun> {
  const client = new ApiClient(base);
  await client.login(USER.login, USER.password);
  // The first upload and download load multer, file-type and the store's client: not streaming memory.
  // A download that fails here fails again on the measured file, where it is reported.
  await download(client, await upload(client, 100_000), 100_000).catch(() => undefined);
  await sleep(1000);
  const idleSamples = watchRss(pid);
  await sleep(2000);
  const idle = percentile(idleSamples.stop().sort((a, b) => a - b), 50);
  const run: ApiRun = { backend, idle };
  try {
    const up = await watched(pid, () => upload(client, API_FILE_BYTES));
    run.upload = up;
    run.download = await watched(pid, () => download(client, up.value, API_FILE_BYTES));
  } catch (err) {
    run.error = (err as Error).message.slice(0, 300);
  }
  log(`API with ${backend}: idle ${mb(idle)} MB, peak ${mb(Math.max(idle, run.upload?.peak ?? 0, run.download?.peak ?? 0))} MB`);
  return run;
}

/** An API beside the stack's, on the same database and Temporal, with `env` added (its storage). */
async function startApiBeside(stack: Stack, env: NodeJS.ProcessEnv): Promise<{ base: string; pid: number; stop(): Promise<void> }> {
  const base = `http://127.0.0.1:${BENCH.secondApiPort}`;
  const child = runTs('api-s3', 'api/main.ts', { ...stack.env, ...env, PORT: String(BENCH.secondApiPort) });
  const exited = new Promise<never>((_, reject) => child.once('exit', (code) => reject(new Error(`the second API exited (${code})`))));
  exited.catch(() => undefined);
  try {
    await Promise.race([waitForHealth(base), exited]);
  } catch (err) {
    await stopChild(child);
    throw err;
  }
  return { base, pid: child.pid!, stop: () => stopChild(child) };
}

interface Results {
  stores: { name: string; runs: SizeRun[] }[];
  api: ApiRun[];
}

async function run(stack: Stack): Promise<Results> {
  const clean = () => Promise.all([DISK_DIR, S3.dir].map((dir) => rm(dir, { recursive: true, force: true })));
  await clean();
  log(`starting versitygw on 127.0.0.1:${S3.port} …`);
  const server = await startS3Server(S3);
  try {
    const options = { diskRoot: DISK_DIR, publicBase: stack.apiBase, signingSecret: 'bench' };
    const stores: Results['stores'] = [];
    for (const [name, store] of [
      ['disk', openStore(options)],
      ['S3 (versitygw)', openStore({ ...options, storageUrl: server.storageUrl })],
    ] as const) {
      stores.push({ name, runs: await measureStore(store) });
    }
    const api = [await apiMemory('disk', stack.apiBase, stack.apiPid)];
    const beside = await startApiBeside(stack, { STORAGE_URL: server.storageUrl });
    try {
      api.push(await apiMemory('S3 (versitygw)', beside.base, beside.pid));
    } finally {
      await beside.stop();
    }
    return { stores, api };
  } finally {
    await server.stop();
    await clean();
  }
}

function report({ stores, api }: Results) {
  console.log(`\n${os.cpus().length} CPU cores, Node ${process.version}, load average ${os.loadavg()[0].toFixed(1)}`);
  for (const { name, runs } of stores) {
    console.log(`\n${name} store: put, and get read to the end, one object at a time\n`);
    console.log(
      table(
        ['size', 'n', 'put MB/s', 'put p50 ms', 'put p95 ms', 'get MB/s', 'get p50 ms', 'get p95 ms'],
        runs.map((r) => {
          const put = summarize(r.put);
          const get = summarize(r.get);
          return [r.label, String(put.n), mbPerSecond(r.bytes, r.put), ms(put.p50), ms(put.p95), mbPerSecond(r.bytes, r.get), ms(get.p50), ms(get.p95)];
        }),
      ),
    );
  }
  console.log(`\nthe API's resident memory while a ${mb(API_FILE_BYTES)} MB pdf is uploaded and downloaded (sampled every 50 ms)\n`);
  const rate = (p?: Phase) => (p ? mbPerSecond(API_FILE_BYTES, [p.ms]) : '—');
  const above = (r: ApiRun, p?: Phase) => (p ? mb(p.peak - r.idle) : '—');
  console.log(
    table(
      ['API storage', 'idle MB', 'upload: peak above idle MB', 'MB/s', 'download: peak above idle MB', 'MB/s', 'target'],
      api.map((r) => [r.backend, mb(r.idle), above(r, r.upload), rate(r.upload), above(r, r.download), rate(r.download), `< ${mb(API_TARGET_BYTES)}`]),
    ),
  );
  let ok = true;
  for (const r of api) {
    const met = !r.error && Math.max(r.upload!.peak, r.download!.peak) - r.idle < API_TARGET_BYTES;
    ok &&= met;
    console.log(`${met ? 'met' : 'MISSED'}: ${r.backend}${r.error ? ` — ${r.error}` : ''}`);
  }
  if (!ok) process.exitCode = 1;
}

void runBench(run, report, { UPLOAD_MAX_BYTES: String(API_FILE_BYTES + MB) });
