import { hash } from '@node-rs/argon2';
import http from 'node:http';
import os from 'node:os';
import type { Knex } from 'knex';
import { createDb } from '../db/connection';
import { ARGON2_OPTIONS } from '../domain/password';
import { runBench, type Stack } from './lib/stack';
import { ms, summarize, table } from './lib/stats';

/**
 * `npm run bench:login`: log-in throughput and latency at the target load — 20 clients
 * logging in at once, each again as soon as its answer arrives — against a platform of its own
 * (bench/lib/stack.ts). Every log-in verifies an argon2id hash of the cost in domain/password.ts,
 * printed beside the figures. Target p95 < 150 ms. Sizes: BENCH_LOGINS (3000: about 20 s of steady load), BENCH_CONCURRENCY (20).
 * Each client logs in as its own user (lock-out counts failures per account, not successes).
 */
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 20);
const LOGINS = Number(process.env.BENCH_LOGINS ?? 3000);
const WARMUP = CONCURRENCY * 2;
const P95_TARGET_MS = 150;
const PASSWORD = 'Bench#2026';

async function createUsers(k: Knex, n: number): Promise<string[]> {
  const passwordHash = await hash(PASSWORD, ARGON2_OPTIONS);
  const names = Array.from({ length: n }, (_, i) => `bench-login-${i}`);
  await k('users')
    .insert(names.map((username) => ({ username, display_name: username, password_hash: passwordHash, kind: 'personal', roles: k.raw('?::text[]', [['user']]) })))
    .onConflict('username')
    .ignore();
  return names;
}

// node:http with keep-alive rather than fetch: the load generator shares the two cores with the
// platform, and fetch costs several times more CPU per request.
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

function login(base: string, name: string): Promise<number> {
  const started = performance.now();
  const body = JSON.stringify({ login: name, password: PASSWORD });
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}/api/auth/login`, { method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }, (res) => {
      res.resume();
      res.on('end', () => (res.statusCode === 200 ? resolve(performance.now() - started) : reject(new Error(`login ${name}: ${res.statusCode}`))));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** `total` log-ins by `clients` closed-loop clients; latency of each and the wall time. */
async function load(base: string, names: string[], total: number, clients: number) {
  const samples: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    names.slice(0, clients).map(async (name) => {
      while (next++ < total) samples.push(await login(base, name));
    }),
  );
  return { samples, seconds: (performance.now() - started) / 1000 };
}

async function run(stack: Stack) {
  const k = createDb(stack.databaseUrl, { min: 1, max: 2 });
  try {
    const names = await createUsers(k, CONCURRENCY);
    await load(stack.apiBase, names, WARMUP, CONCURRENCY);
    const single = await load(stack.apiBase, names, 50, 1);
    const loaded = await load(stack.apiBase, names, LOGINS, CONCURRENCY);
    return { single, loaded };
  } finally {
    await k.destroy();
  }
}

function report({ single, loaded }: Awaited<ReturnType<typeof run>>) {
  const a = summarize(single.samples);
  const b = summarize(loaded.samples);
  const { memoryCost, timeCost, parallelism } = ARGON2_OPTIONS;
  console.log(`\nargon2id cost: m=${memoryCost} KiB (${(memoryCost / 1024).toFixed(0)} MiB), t=${timeCost}, p=${parallelism}; ${os.cpus().length} CPU cores`);
  console.log(
    table(
      ['log-in (POST /api/auth/login)', 'n', 'logins/s', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms', 'target p95'],
      [
        ['1 client', String(a.n), (a.n / single.seconds).toFixed(0), ms(a.p50), ms(a.p95), ms(a.p99), ms(a.max), ''],
        [`${CONCURRENCY} concurrent clients`, String(b.n), (b.n / loaded.seconds).toFixed(0), ms(b.p50), ms(b.p95), ms(b.p99), ms(b.max), `< ${P95_TARGET_MS}`],
      ],
    ),
  );
  const ok = b.p95 < P95_TARGET_MS;
  console.log(ok ? `\nOK: p95 ${ms(b.p95)} ms < ${P95_TARGET_MS} ms` : `\nMISSED: p95 ${ms(b.p95)} ms >= ${P95_TARGET_MS} ms`);
  if (!ok) process.exitCode = 1;
}

void runBench(run, report);
