import { NativeConnection, Worker } from '@temporalio/worker';
import { crawlActivities } from '../../activities/crawl';
import { createDb } from '../../db/connection';
import { openStore } from '../../storage';

/*
 * A worker process with only the crawl activity and the test workflow (crawlerWorkflow.ts), on a task
 * queue and database of the test's own, so the test can SIGKILL it mid-crawl like a crashed worker.
 * Env: DATABASE_URL, TEMPORAL_ADDRESS, CRAWL_TEST_QUEUE, UPLOAD_DIR.
 */
async function main() {
  const k = createDb(process.env.DATABASE_URL, { min: 0, max: 4 });
  const store = openStore({ diskRoot: process.env.UPLOAD_DIR!, publicBase: 'http://127.0.0.1', signingSecret: 'unused' });
  const connection = await NativeConnection.connect({ address: process.env.TEMPORAL_ADDRESS! });
  const worker = await Worker.create({
    connection,
    taskQueue: process.env.CRAWL_TEST_QUEUE!,
    workflowsPath: require.resolve('./crawlerWorkflow'),
    activities: crawlActivities(k, store),
  });
  console.log('crawler worker polling');
  await worker.run();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
