import type { ChildProcess } from 'node:child_process';
import path from 'node:path';
import { createDb } from '../../db/connection';
import { migrate } from '../../db/migrate';
import { seed } from '../../db/seed';
import { ROOT, temporalConfig } from '../../temporal/config';
import { startDevServer, temporalBinary } from '../../temporal/devServer';
import { stopChild } from '../../scripts/lib/children';
import { TEST_DATA_SUFFIX, TEST_PORTS, TEST_UPLOAD_MAX_BYTES } from './limits';
import { startApiAndWorker } from './apiAndWorker';
import { ensureDatabase, startEmbeddedPostgres, type RunningPostgres } from '../../scripts/lib/postgres';
import { seedDemoMarketSite, startDemoMarket, type RunningDemoMarket } from '../../demoMarket';

/**
 * Real services for integration and end-to-end tests: a fresh database (on DATABASE_URL's server, or
 * embedded Postgres), a Temporal dev server in memory (or TEMPORAL_ADDRESS), and the worker and API
 * as separate processes, exactly as `npm start` runs them.
 */

export interface Services {
  pg?: RunningPostgres;
  temporal?: ChildProcess;
  worker: ChildProcess;
  api: ChildProcess;
  demoMarket: RunningDemoMarket;
}

export async function startServices(): Promise<Services> {
  const cfg = temporalConfig();
  let pg: RunningPostgres | undefined;
  let databaseUrl: string;
  if (process.env.DATABASE_URL) {
    const url = new URL(process.env.DATABASE_URL);
    const name = `ipci_test_${process.pid}`;
    const admin = new URL(url);
    admin.pathname = '/postgres';
    await ensureDatabase(admin.toString(), name, true);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
  } else {
    pg = await startEmbeddedPostgres(path.join(ROOT, '.data', `test-pg${TEST_DATA_SUFFIX}`), TEST_PORTS.pg, 'postgres');
    const admin = pg.url;
    await ensureDatabase(admin, 'ipci_test', true);
    databaseUrl = admin.replace(/\/postgres$/, '/ipci_test');
  }
  // The demo marketplace generates its pages in the background while the rest starts; crawl tests find it as a crawl site.
  const demoMarket = await startDemoMarket({ port: TEST_PORTS.demoMarket });
  const k = createDb(databaseUrl, { min: 0, max: 2 });
  await migrate(k);
  await seed(k);
  await seedDemoMarketSite(k, demoMarket.url);
  await k.destroy();

  let temporal: ChildProcess | undefined;
  let address = process.env.TEMPORAL_ADDRESS;
  if (!address) {
    temporal = await startDevServer(cfg, await temporalBinary(cfg), { port: TEST_PORTS.temporal, uiPort: TEST_PORTS.temporal + 1000, headless: true });
    address = `127.0.0.1:${TEST_PORTS.temporal}`;
  }
  const env = {
    DATABASE_URL: databaseUrl,
    TEMPORAL_ADDRESS: address,
    TEMPORAL_TASK_QUEUE: `ipci-test-${process.pid}`,
    PORT: String(TEST_PORTS.api),
    UPLOAD_DIR: path.join(ROOT, '.data', `test-uploads${TEST_DATA_SUFFIX}`),
    // The worker's certificate signing key (generated on first use), apart from the dev one in .data/keys.
    IPCI_SIGNING_KEY_FILE: path.join(ROOT, '.data', `test-keys${TEST_DATA_SUFFIX}`, 'certificate-signing.pem'),
    // Likewise the content credentials' (C2PA) key and certificate chain.
    C2PA_SIGNER_FILE: path.join(ROOT, '.data', `test-keys${TEST_DATA_SUFFIX}`, 'c2pa-signer.pem'),
    UPLOAD_MAX_BYTES: String(TEST_UPLOAD_MAX_BYTES),
    // Certificates' QR codes and payment notifications name the test site.
    PUBLIC_BASE_URL: `http://127.0.0.1:${TEST_PORTS.api}`,
    // Tests act as many clients: each may name its own address in X-Forwarded-For (per-IP limits).
    TRUST_PROXY: '1',
    IPCI_DEMO_MARKET_URL: demoMarket.url,
  };
  Object.assign(process.env, env, { IPCI_TEST_API: `http://127.0.0.1:${TEST_PORTS.api}` });
  return { pg, temporal, demoMarket, ...(await startApiAndWorker('test', env)) };
}

export async function stopServices(s: Services): Promise<void> {
  await Promise.all([stopChild(s.api), stopChild(s.worker)]);
  await stopChild(s.temporal);
  await s.demoMarket.close();
  await s.pg?.stop();
}
