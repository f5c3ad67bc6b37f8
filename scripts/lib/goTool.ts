import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Where tools built with Go are kept, outside the repo, reused by every run. */
export const CACHE_DIR = process.env.IPCI_CACHE_DIR ?? path.join(os.homedir(), '.cache', 'ipci');

export function onPath(bin: string): string | undefined {
  const r = spawnSync('sh', ['-c', `command -v ${bin}`], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : undefined;
}

/**
 * A tool written in Go (the Temporal CLI, the S3 server of the tests): the path in `envVar`, then
 * PATH, then the cache; otherwise built once with `go install <pkg>` into the cache (minutes).
 */
export async function goTool(t: { name: string; pkg: string; envVar: string; what: string }, log: (line: string) => void = console.log): Promise<string> {
  const cached = path.join(CACHE_DIR, 'bin', t.name);
  const found = process.env[t.envVar] ?? onPath(t.name) ?? (existsSync(cached) ? cached : undefined);
  if (found) return found;
  if (!onPath('go')) throw new Error(`${t.what} is not built and Go is not installed: install Go, or set ${t.envVar}`);
  mkdirSync(path.dirname(cached), { recursive: true });
  log(`Building ${t.what} (${t.pkg}) once into ${path.dirname(cached)}; this takes a few minutes on the first run…`);
  const started = Date.now();
  const ticker = setInterval(() => log(`  …still building ${t.what} (${Math.round((Date.now() - started) / 1000)} s)`), 15_000);
  try {
    await new Promise<void>((resolve, reject) => {
      const go = spawn('go', ['install', t.pkg], { env: { ...process.env, GOBIN: path.dirname(cached) }, stdio: ['ignore', 'inherit', 'inherit'] });
      go.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`go install ${t.pkg} failed with exit code ${code}`))));
    });
  } finally {
    clearInterval(ticker);
  }
  log(`  built in ${Math.round((Date.now() - started) / 1000)} s`);
  return cached;
}
