import type { ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { createDb } from '../db/connection';
import { migrate } from '../db/migrate';
import { DEMO_USERS, seed } from '../db/seed';
import { ROOT, temporalConfig } from '../temporal/config';
import { ffmpegAvailable, FFMPEG_MISSING } from '../watermark/ffmpeg';
import { startDevServer, temporalBinary } from '../temporal/devServer';
import { runTs, stopChild } from './lib/children';
import { startEmbeddedPostgres, type RunningPostgres } from './lib/postgres';
import { buildUiIfStale } from './lib/uiBuild';
import { DEFAULT_DEMO_MARKET_PORT, seedDemoMarketSite, startDemoMarket, type RunningDemoMarket } from '../demoMarket';

/**
 * `npm start` (and `npm run dev`): Postgres, the Temporal dev server, migrations, demo seed,
 * the worker and the API serving the UI, each reused from the environment when configured.
 */
const dev = process.argv.includes('--dev');
const DATA = path.join(ROOT, '.data');
const log = (line: string) => console.log(`[start] ${line}`);

async function main() {
  const started = Date.now();
  mkdirSync(DATA, { recursive: true });
  const cfg = temporalConfig();
  const port = Number(process.env.PORT ?? 3000);
  const children: ChildProcess[] = [];
  let pg: RunningPostgres | undefined;
  let market: RunningDemoMarket | undefined;
  let stopping = false;

  const shutdown = async (code = 0) => {
    if (stopping) return;
    stopping = true;
    log('stopping…');
    await Promise.all(children.slice().reverse().map((c) => stopChild(c)));
    await market?.close().catch(() => undefined);
    await pg?.stop().catch(() => undefined);
    log('stopped; data kept in .data/');
    process.exit(code);
  };
  process.on('SIGINT', () => void shutdown());
  process.on('SIGTERM', () => void shutdown());

  try {
    let databaseUrl = process.env.DATABASE_URL;
    if (!databaseUrl) {
      log('starting embedded Postgres in .data/pg …');
      pg = await startEmbeddedPostgres(path.join(DATA, 'pg'), Number(process.env.EMBEDDED_PG_PORT ?? 54320), 'ipci');
      databaseUrl = pg.url;
    }
    const k = createDb(databaseUrl, { min: 0, max: 2 });
    await migrate(k);
    await seed(k);
    log('database migrated and seeded');
    // The local demo marketplace gives monitoring something to find on a machine without internet.
    // A taken port is not fatal: the platform runs without it.
    const marketPort = Number(process.env.DEMO_MARKET_PORT ?? DEFAULT_DEMO_MARKET_PORT);
    try {
      market = await startDemoMarket({ port: marketPort });
      await seedDemoMarketSite(k, market.url);
    } catch (err) {
      await market?.close().catch(() => undefined);
      market = undefined;
      log(`WARNING the demo marketplace is off: ${(err as Error).message} (DEMO_MARKET_PORT names another port)`);
    }
    await k.destroy();
    // Video watermarking needs Debian's ffmpeg; without it the platform runs and video answers 503.
    log((await ffmpegAvailable()) ? 'ffmpeg found: video watermarking is on' : `WARNING ${FFMPEG_MISSING}`);

    if (!cfg.external) {
      const bin = await temporalBinary(cfg, log);
      log(`starting the Temporal dev server on ${cfg.address} (Web UI ${cfg.webUi}) …`);
      children.push(await startDevServer(cfg, bin, { port: cfg.devServer.port, uiPort: cfg.devServer.uiPort, dbFile: path.join(ROOT, cfg.devServer.dbFile) }));
    }

    if (!dev) buildUiIfStale(log);
    const env = { DATABASE_URL: databaseUrl, TEMPORAL_ADDRESS: cfg.address, TEMPORAL_WEB_UI: cfg.webUi, PORT: String(port), ...(market && { IPCI_DEMO_MARKET_URL: market.url }) };
    for (const [name, entry] of [['worker', 'temporal/main.ts'], ['api', 'api/main.ts']] as const) {
      const child = runTs(name, entry, env);
      child.once('exit', (code) => !stopping && (log(`${name} exited (${code}); stopping`), void shutdown(1)));
      children.push(child);
    }
    if (dev) children.push(runTs('vite', 'scripts/vite.ts', env));

    await waitForHealth(port);
    const ui = dev ? 'http://localhost:5173' : `http://localhost:${port}`;
    console.log(
      [
        '',
        `IPCI platform is up in ${((Date.now() - started) / 1000).toFixed(1)} s`,
        `  site           ${ui}/zh-CN/ipci`,
        `  staff inbox    ${ui}/manage/inbox   (staff login ${ui}/login/admin)`,
        `  API health     http://localhost:${port}/api/health`,
        `  Temporal UI    ${cfg.webUi}`,
        ...(market ? [`  demo market    http://localhost:${new URL(market.url).port}/   (demo IP pictures to monitor: http://localhost:${new URL(market.url).port}/originals/)`] : []),
        '  demo accounts  ' + DEMO_USERS.map((u) => `${u.username} / ${u.password} (${u.roles.join(',')}${u.kind ? ` ${u.kind}` : ''})`).join('\n                 '),
        'Press Ctrl-C to stop; data stays in .data/.',
        '',
      ].join('\n'),
    );
  } catch (err) {
    console.error(err);
    await shutdown(1);
  }
}

async function waitForHealth(port: number): Promise<void> {
  const deadline = Date.now() + 120_000;
  let last = '';
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) return;
      last = await res.text();
    } catch (err) {
      last = (err as Error).message;
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`the platform did not become healthy: ${last}`);
}

void main();
