import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TemporalConfig } from './config';

export const CACHE_DIR = process.env.IPCI_CACHE_DIR ?? path.join(os.homedir(), '.cache', 'ipci');

function onPath(bin: string): string | undefined {
  const r = spawnSync('sh', ['-c', `command -v ${bin}`], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : undefined;
}

/**
 * The `temporal` CLI: TEMPORAL_CLI, then PATH, then the cache; otherwise built once with Go
 * (a few minutes) into the cache, outside the repo.
 */
export async function temporalBinary(cfg: TemporalConfig, log: (line: string) => void = console.log): Promise<string> {
  const cached = path.join(CACHE_DIR, 'bin', 'temporal');
  const found = process.env.TEMPORAL_CLI ?? onPath('temporal') ?? (existsSync(cached) ? cached : undefined);
  if (found) return found;
  if (!onPath('go')) throw new Error('The Temporal dev server is not built and Go is not installed: install Go, or set TEMPORAL_ADDRESS / TEMPORAL_CLI');
  mkdirSync(path.dirname(cached), { recursive: true });
  const pkg = `github.com/temporalio/cli/cmd/temporal@${cfg.devServer.cliVersion}`;
  log(`Building the Temporal dev server (${pkg}) once into ${path.dirname(cached)}; this takes a few minutes on the first run…`);
  const started = Date.now();
  const ticker = setInterval(() => log(`  …still building the Temporal dev server (${Math.round((Date.now() - started) / 1000)} s)`), 15_000);
  try {
    await new Promise<void>((resolve, reject) => {
      const go = spawn('go', ['install', pkg], { env: { ...process.env, GOBIN: path.dirname(cached) }, stdio: ['ignore', 'inherit', 'inherit'] });
      go.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`go install ${pkg} failed with exit code ${code}`))));
    });
  } finally {
    clearInterval(ticker);
  }
  log(`  built in ${Math.round((Date.now() - started) / 1000)} s`);
  return cached;
}

export function waitForPort(port: number, host = '127.0.0.1', timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const attempt = () => {
      const socket = net.connect(port, host);
      socket.once('connect', () => {
        socket.destroy();
        resolve();
      });
      socket.once('error', () => {
        socket.destroy();
        if (Date.now() > deadline) reject(new Error(`nothing listens on ${host}:${port} after ${timeoutMs} ms`));
        else setTimeout(attempt, 200);
      });
    };
    attempt();
  });
}

export interface DevServerOptions {
  port: number;
  uiPort: number;
  /** SQLite file; omitted means in memory (tests). */
  dbFile?: string;
  headless?: boolean;
}

/** Starts `temporal server start-dev` with temporal.yaml's namespace and search attributes registered. */
export async function startDevServer(cfg: TemporalConfig, bin: string, opts: DevServerOptions): Promise<ChildProcess> {
  const args = ['server', 'start-dev', '--ip', '127.0.0.1', '--port', String(opts.port), '--namespace', cfg.namespace, '--log-level', cfg.devServer.logLevel];
  if (opts.headless) args.push('--headless');
  else args.push('--ui-port', String(opts.uiPort));
  if (opts.dbFile) {
    mkdirSync(path.dirname(opts.dbFile), { recursive: true });
    args.push('--db-filename', opts.dbFile, '--sqlite-pragma', 'journal_mode=WAL');
  }
  for (const [name, type] of Object.entries(cfg.searchAttributes)) args.push('--search-attribute', `${name}=${type}`);
  const child = spawn(bin, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk) => (stderr = (stderr + chunk).slice(-4000)));
  const exited = new Promise<never>((_, reject) => child.once('exit', (code) => reject(new Error(`temporal dev server exited (${code}): ${stderr}`))));
  await Promise.race([waitForPort(opts.port), exited]);
  return child;
}
