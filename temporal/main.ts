import { Runtime } from '@temporalio/worker';
import { closeDb, db } from '../db/connection';
import { temporalConfig } from './config';
import { createWorker } from './worker';

/** `npm run worker`: one stateless worker process; run as many as the load needs. */
async function main() {
  Runtime.install({ shutdownSignals: ['SIGINT', 'SIGTERM'] });
  const worker = await createWorker(temporalConfig(), db());
  console.log(`worker polling task queue "${worker.options.taskQueue}"`);
  await worker.run();
  await closeDb();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
