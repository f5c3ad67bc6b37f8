import type { ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';
import { createDb } from '../../db/connection';
import { migrate } from '../../db/migrate';
import { seed } from '../../db/seed';
import { runTs, stopChild } from '../../scripts/lib/children';
import { ensureDatabase, startEmbeddedPostgres, type RunningPostgres } from '../../scripts/lib/postgres';
import { ROOT, temporalConfig } from '../../temporal/config';
import { startDevServer, temporalBinary } from '../../temporal/devServer';

/**
 * The benchmark's own platform: a fresh database, an in-memory Temporal dev server, a worker and
 * an API on ports of its own, so a developer's `npm start` (and its data) is never touched.
 */
export const BENCH = {
  database: 'ipci_bench',
  pgDir: path.join(ROOT, '.data', 'bench-pg'),
  pgPort: 54330,
  temporalPort: 7240,
  temporalUiPort: 8240,
  apiPort: 3090,
  /** A second API a benchmark may start beside the stack's, e.g. with another storage configuration. */
  secondApiPort: 3089,
  /** The S3-compatible server (versitygw) of bench/storage.ts. */
  s3Port: 9300,
  taskQueue: 'ipci-bench',
  uploadDir: path.join(ROOT, '.data', 'bench-uploads'),
};

export interface Stack {
  databaseUrl: string;
  apiBase: string;
  /** The API process, whose memory a benchmark may watch (/proc/<pid>/status). */
  apiPid: number;
  /** The environment the worker and the API run with, to start another API beside them. */
  env: NodeJS.ProcessEnv;
  temporalAddress: string;
  namespace: string;
  /** Rejects when the worker or the API exits before stop(). */
  crashed: Promise<never>;
  stop(): Promise<void>;
}

const log = (line: string) => console.log(`[bench] ${line}`);

/** The URL of the same server's database `name`. */
function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

let stopCurrent: (() => Promise<void>) | undefined;

/** Stops whatever the running startStack() has started so far (for signal handlers). */
export function stopStack(): Promise<void> {
  return stopCurrent?.() ?? Promise.resolve();
}

/** `extraEnv` is added to the worker's and the API's environment (e.g. STORAGE_URL, UPLOAD_MAX_BYTES). */
export async function startStack(extraEnv: NodeJS.ProcessEnv = {}): Promise<Stack> {
  const children: ChildProcess[] = [];
  let pg: RunningPostgres | undefined;
  let dropDatabase: (() => Promise<void>) | undefined;
  let stopping = false;

  /** Safe to call again: each call stops what was started since (a start step may finish late). */
  const stop = async () => {
    if (!stopping) log('stopping the bench stack…');
    stopping = true;
    for (let child = children.pop(); child; child = children.pop()) await stopChild(child);
    const drop = dropDatabase;
    dropDatabase = undefined;
    await drop?.().catch((err) => log(`could not drop ${BENCH.database}: ${(err as Error).message}`));
    const server = pg;
    pg = undefined;
    await server?.stop().catch(() => undefined);
    rmSync(BENCH.uploadDir, { recursive: true, force: true });
    log('stopped');
  };
  stopCurrent = stop;
  /** Between start steps: give up when a signal asked to stop meanwhile. */
  const checkpoint = () => {
    if (stopping) throw new Error('interrupted');
  };

  try {
    // 1. A fresh database: on DATABASE_URL's server when set, else an embedded Postgres of our own.
    let adminUrl: string;
    if (process.env.DATABASE_URL) {
      const given = process.env.DATABASE_URL;
      // Connect to the given database to create ours, unless it is ours (a database cannot drop itself).
      adminUrl = new URL(given).pathname === `/${BENCH.database}` ? withDatabase(given, 'postgres') : given;
      log(`using the Postgres server of DATABASE_URL, database ${BENCH.database}`);
      dropDatabase = async () => {
        const c = new Client({ connectionString: adminUrl });
        await c.connect();
        await c.query(`drop database if exists "${BENCH.database}" with (force)`).finally(() => c.end());
      };
    } else {
      log(`starting embedded Postgres in .data/bench-pg on port ${BENCH.pgPort} …`);
      pg = await startEmbeddedPostgres(BENCH.pgDir, BENCH.pgPort, 'postgres');
      adminUrl = pg.url;
    }
    checkpoint();
    await ensureDatabase(adminUrl, BENCH.database, true);
    const databaseUrl = withDatabase(adminUrl, BENCH.database);
    const k = createDb(databaseUrl, { min: 0, max: 2 });
    try {
      await migrate(k);
      await seed(k);
    } finally {
      await k.destroy();
    }
    log('database migrated and seeded');
    checkpoint();

    // 2. Temporal: an in-memory dev server unless TEMPORAL_ADDRESS names one.
    const cfg = temporalConfig();
    let temporalAddress = cfg.address;
    if (!cfg.external) {
      temporalAddress = `127.0.0.1:${BENCH.temporalPort}`;
      log(`starting an in-memory Temporal dev server on ${temporalAddress} …`);
      children.push(await startDevServer(cfg, await temporalBinary(cfg, log), { port: BENCH.temporalPort, uiPort: BENCH.temporalUiPort, headless: true }));
    } else {
      log(`using the Temporal server at ${temporalAddress} (task queue ${BENCH.taskQueue})`);
    }
    checkpoint();

    // 3. Worker and API as child processes, like npm start.
    const env = {
      DATABASE_URL: databaseUrl,
      TEMPORAL_ADDRESS: temporalAddress,
      TEMPORAL_TASK_QUEUE: BENCH.taskQueue,
      PORT: String(BENCH.apiPort),
      HOST: '127.0.0.1',
      UPLOAD_DIR: BENCH.uploadDir,
      ...extraEnv,
    };
    const crashes: Promise<never>[] = [];
    let apiPid = 0;
    for (const [name, entry] of [['worker', 'temporal/main.ts'], ['api', 'api/main.ts']] as const) {
      const child = runTs(name, entry, env);
      children.push(child);
      if (name === 'api') apiPid = child.pid!;
      crashes.push(new Promise<never>((_, reject) => child.once('exit', (code) => !stopping && reject(new Error(`${name} exited (${code})`)))));
    }
    const crashed = Promise.race(crashes);
    crashed.catch(() => undefined); // observed by whoever awaits it

    const apiBase = `http://127.0.0.1:${BENCH.apiPort}`;
    await Promise.race([waitForHealth(apiBase), crashed]);
    log(`platform healthy at ${apiBase}`);
    return { databaseUrl, apiBase, apiPid, env, temporalAddress, namespace: cfg.namespace, crashed, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

export async function waitForHealth(base: string, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`${base}/api/health`);
      if (res.status === 200) return;
      last = await res.text();
    } catch (err) {
      last = (err as Error).message;
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`the bench platform did not become healthy: ${last}`);
}

/**
 * A benchmark's whole life: its own stack (with `extraEnv`, see startStack), `run` against it
 * (raced with a crash of the worker or API), `report` of the results, and a clean stop on success,
 * failure or Ctrl-C. Exits with process.exitCode (1 on failure or a missed target set by `report`,
 * 130 when interrupted).
 */
export async function runBench<R>(run: (stack: Stack) => Promise<R>, report: (results: R) => void, extraEnv: NodeJS.ProcessEnv = {}): Promise<never> {
  let stack: Stack | undefined;
  // Stop the stack; startStack or run() then fail, and the finally below cleans up what is left.
  const onSignal = () => {
    process.exitCode = 130;
    void stopStack();
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    stack = await startStack(extraEnv);
    report(await Promise.race([run(stack), stack.crashed]));
  } catch (err) {
    console.error(process.exitCode === 130 ? 'interrupted' : err);
    process.exitCode ||= 1;
  } finally {
    await (stack?.stop() ?? stopStack());
  }
  process.exit(); // with process.exitCode; idle keep-alive sockets must not hold the process
}
