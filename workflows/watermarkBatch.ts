import { patched, proxyActivities, setCurrentDetails } from '@temporalio/workflow';
import { WATERMARK_PARALLELISM } from '../domain/watermark';
import type { Activities } from '../activities';
import { acts } from './lib/activities';

export interface WatermarkBatchInput {
  /** watermark_batches.id (the workflow id is `watermarkBatch-<batchId>`). */
  batchId: string;
  userId: string;
  /** The batch's items in the order the user picked the files. */
  itemIds: string[];
}

export interface WatermarkBatchResult {
  total: number;
  done: number;
  failed: number;
}

/**
 * Embedding takes seconds for a large picture (and minutes for a video), and is retried a few times
 * only: a file that keeps failing is marked failed so the rest of the batch still finishes.
 */
const EMBEDDING_RETRY = { initialInterval: '2 seconds', maximumInterval: '1 minute', backoffCoefficient: 2, maximumAttempts: 5 };

/** Patch id: batches started before it gave an item 10 minutes and no heartbeat (their histories replay so). */
const ITEM_HEARTBEAT = 'watermark-item-heartbeat';

const embeddingBeforeHeartbeat = proxyActivities<Activities>({ startToCloseTimeout: '10 minutes', retry: EMBEDDING_RETRY });

/**
 * A 300-s 1080p video takes about 11 minutes to embed (2.15 s per second of video, 6 s on a loaded
 * worker: up to 30 minutes), more than the 10 minutes items had: 90 minutes holds the longest video
 * with room. The activity heartbeats at its steps and every ~2 s of frames, so a worker that dies
 * mid-item is noticed after 2 minutes and the item retried, not after 90.
 */
const embedding = proxyActivities<Activities>({ startToCloseTimeout: '90 minutes', heartbeatTimeout: '2 minutes', retry: EMBEDDING_RETRY });

/**
 * User centre `addwatermarkimage` (issue 14): the chosen gallery files watermarked
 * WATERMARK_PARALLELISM at a time, each copy stored into the gallery against the capacity left; a
 * file that cannot be done fails alone. The batch then finishes and its owner gets a message.
 */
export async function watermarkBatch(input: WatermarkBatchInput): Promise<WatermarkBatchResult> {
  const items = patched(ITEM_HEARTBEAT) ? embedding : embeddingBeforeHeartbeat;
  const waiting = [...input.itemIds];
  let finished = 0;
  const progress = () => setCurrentDetails(`Watermark batch ${input.batchId}: ${finished} of ${input.itemIds.length} files processed`);
  progress();

  const lane = async () => {
    for (let itemId = waiting.shift(); itemId; itemId = waiting.shift()) {
      try {
        await items.embedWatermarkItem({ itemId });
      } catch {
        await acts.failWatermarkItem({ itemId, batchId: input.batchId });
      }
      finished++;
      progress();
    }
  };
  await Promise.all(Array.from({ length: Math.min(WATERMARK_PARALLELISM, waiting.length) }, lane));

  const result = await acts.finishWatermarkBatch({ batchId: input.batchId });
  setCurrentDetails(`Watermark batch ${input.batchId}: ${result.done} done, ${result.failed} failed of ${result.total}`);
  return result;
}
