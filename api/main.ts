import { closeDb, db } from '../db/connection';
import { appStore, downloadConfig } from '../storage/appStore';
import { MAX_UPLOAD_BYTES } from '../domain/uploads';
import { createClient } from '../temporal/client';
import { temporalConfig } from '../temporal/config';
import { createApp } from './app';
import { EventHub } from './events';
import { createNotifier } from './lib/notifier';
import { refuseToStart } from './lib/refuseToStart';
import { apiStartupProblems } from './lib/startupChecks';
import { ffmpegAvailable, FFMPEG_MISSING } from '../watermark/ffmpeg';

/** `npm run api`: one stateless API process; run as many as the load needs behind a balancer. */
async function main() {
  refuseToStart('api', apiStartupProblems());
  // Not a reason to refuse: video requests answer 503 until ffmpeg is installed.
  void ffmpegAvailable().then((found) => found || console.warn(`api: ${FFMPEG_MISSING}`));
  const cfg = temporalConfig();
  const k = db();
  const events = new EventHub(k, process.env.DATABASE_URL!);
  await events.start();
  const temporal = await createClient(cfg);
  const app = createApp({
    db: k,
    temporal,
    cfg,
    events,
    store: appStore(),
    downloads: downloadConfig(),
    maxUploadBytes: Number(process.env.UPLOAD_MAX_BYTES ?? MAX_UPLOAD_BYTES),
    notifier: createNotifier(k),
  });
  const port = Number(process.env.PORT ?? 3000);
  const server = app.listen(port, process.env.HOST ?? '0.0.0.0', () => console.log(`api listening on http://localhost:${port}`));
  const stop = () => {
    server.close();
    server.closeAllConnections();
    void Promise.all([events.stop(), temporal.connection.close(), closeDb()]).finally(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
