import { Runtime } from '@temporalio/worker';
import { signingKey } from '../activities/lib/signingKey';
import { siteOriginProblem } from '../api/lib/siteOrigin';
import { refuseToStart } from '../api/lib/refuseToStart';
import { closeDb, db } from '../db/connection';
import { publishKey } from '../db/signingKeys';
import { appStore, storageProblems } from '../storage/appStore';
import { createClient } from './client';
import { temporalConfig } from './config';
import { ffmpegAvailable, FFMPEG_MISSING } from '../watermark/ffmpeg';
import { ensureSchedules } from './schedules';
import { ensureSearchAttributes } from './searchAttributes';
import { createWorker } from './worker';

/** `npm run worker`: one stateless worker process; run as many as the load needs. */
async function main() {
  // Certificates' QR codes name the public site: a production worker must know it. Its files go to
  // the store the API reads them from, configured by the same variables.
  refuseToStart('worker', [siteOriginProblem(), ...storageProblems()].filter((p): p is string => p !== null));
  Runtime.install({ shutdownSignals: ['SIGINT', 'SIGTERM'] });
  // Not a reason to refuse: the pictures' work goes on; a video item fails saying ffmpeg is missing.
  void ffmpegAvailable().then((found) => found || console.warn(`worker: ${FFMPEG_MISSING}`));
  const cfg = temporalConfig();
  const worker = await createWorker(cfg, db(), appStore());
  // Published before the first certificate is signed, so the public key is there from the start.
  const key = signingKey();
  await publishKey(db(), key.keyId, key.publicPem);
  const client = await createClient(cfg);
  const added = await ensureSearchAttributes(client, cfg);
  if (added.length) console.log(`registered search attributes: ${added.join(', ')}`);
  await ensureSchedules(client, cfg);
  await client.connection.close();
  console.log(`worker polling task queue "${worker.options.taskQueue}"`);
  await worker.run();
  await closeDb();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
