import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../../temporal/config';

function newest(dir: string): number {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'dist' || entry.name === 'node_modules') continue;
    const full = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(full) : statSync(full).mtimeMs);
  }
  return latest;
}

/**
 * Builds the UI when ui/ or domain/ changed since the last build, so a restart stays fast. Always the
 * production build: under jest NODE_ENV is 'test', which would give the e2e tests React's development build.
 */
export function buildUiIfStale(log: (line: string) => void): void {
  const index = path.join(ROOT, 'ui', 'dist', 'index.html');
  const builtAt = existsSync(index) ? statSync(index).mtimeMs : 0;
  if (builtAt > Math.max(newest(path.join(ROOT, 'ui')), newest(path.join(ROOT, 'domain')))) return;
  log('Building the UI (vite build)…');
  const r = spawnSync(path.join(ROOT, 'node_modules', '.bin', 'vite'), ['build', '--config', 'ui/vite.config.mts', '--logLevel', 'warn'], { cwd: ROOT, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  if (r.status !== 0) throw new Error('vite build failed');
}
