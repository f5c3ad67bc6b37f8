import type { ChildProcess } from 'node:child_process';
import { runTs, stopChild } from '../../scripts/lib/children';
import { waitHealthy } from './health';

/**
 * A worker and an API as `npm start` runs them, `env` (which names the API's PORT) over this
 * process's; answers once the API is healthy. The shared test stack (services.ts) starts its pair
 * with it, and a test that needs the stack configured otherwise (its own task queue, storage…)
 * starts a second pair on the same database and Temporal. Apart from services.ts so that a test file
 * can import it without loading embedded Postgres (an ES module jest cannot require).
 */
export async function startApiAndWorker(name: string, env: NodeJS.ProcessEnv): Promise<{ worker: ChildProcess; api: ChildProcess }> {
  const worker = runTs(`${name}-worker`, 'temporal/main.ts', env);
  const api = runTs(`${name}-api`, 'api/main.ts', env);
  try {
    await waitHealthy(`http://127.0.0.1:${env.PORT}/api/health`);
  } catch (err) {
    await Promise.all([stopChild(api), stopChild(worker)]);
    throw err;
  }
  return { worker, api };
}
