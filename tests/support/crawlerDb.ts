import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Knex } from 'knex';
import { Client as PgClient } from 'pg';
import { createDb } from '../../db/connection';
import { migrate } from '../../db/migrate';
import { openStore, type ObjectStore } from '../../storage';

/**
 * A database and a disk store of a crawler test's own, on the test services' Postgres server: the
 * crawl activity crawls every enabled site, and the shared database holds the demo marketplace,
 * which other tests crawl at the same time.
 */
export interface CrawlerTestDb {
  k: Knex;
  url: string;
  store: ObjectStore;
  uploadDir: string;
  drop(): Promise<void>;
}

async function onServer(adminUrl: string, sql: string): Promise<void> {
  const client = new PgClient({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export async function crawlerTestDb(name: string): Promise<CrawlerTestDb> {
  const url = new URL(process.env.DATABASE_URL!);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const database = `ipci_${name}_${process.pid}`;
  await onServer(admin.toString(), `drop database if exists "${database}" with (force)`);
  await onServer(admin.toString(), `create database "${database}"`);
  url.pathname = `/${database}`;
  const k = createDb(url.toString(), { min: 0, max: 6 });
  await migrate(k);
  const uploadDir = await mkdtemp(path.join(tmpdir(), `ipci-${name}-`));
  return {
    k,
    url: url.toString(),
    uploadDir,
    store: openStore({ diskRoot: uploadDir, publicBase: 'http://127.0.0.1', signingSecret: 'unused' }),
    drop: async () => {
      await k.destroy();
      await onServer(admin.toString(), `drop database if exists "${database}" with (force)`);
      await rm(uploadDir, { recursive: true, force: true });
    },
  };
}
