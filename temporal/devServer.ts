import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { TemporalConfig } from './config';
import { goTool } from '../scripts/lib/goTool';

/**
 * The `temporal` CLI: TEMPORAL_CLI, then PATH, then the cache; otherwise built once with Go
 * (a few minutes) into the cache, outside the repo.
 */
export function temporalBinary(cfg: TemporalConfig, log: (line: string) => void = console.log): Promise<string> {
  return goTool({ name: 'temporal', pkg: `github.com/temporalio/cli/cmd/temporal@${cfg.devServer.cliVersion}`, envVar: 'TEMPORAL_CLI', what: 'the Temporal dev server' }, log);
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
