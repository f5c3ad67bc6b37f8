import { proxyActivities, setCurrentDetails } from '@temporalio/workflow';
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
const embedding = proxyActivities<Activities>({
  startToCloseTimeout: '10 minutes',
  retry: { initialInterval: '2 seconds', maximumInterval: '1 minute', backoffCoefficient: 2, maximumAttempts: 5 },
});

/**
 * User centre `addwatermarkimage` (issue 14): the chosen gallery files watermarked
 * WATERMARK_PARALLELISM at a time, each copy stored into the gallery against the capacity left; a
 * file that cannot be done fails alone. The batch then finishes and its owner gets a message.
 */
export async function watermarkBatch(input: WatermarkBatchInput): Promise<WatermarkBatchResult> {
  const waiting = [...input.itemIds];
  let finished = 0;
  const progress = () => setCurrentDetails(`Watermark batch ${input.batchId}: ${finished} of ${input.itemIds.length} files processed`);
  progress();

  const lane = async () => {
    for (let itemId = waiting.shift(); itemId; itemId = waiting.shift()) {
      try {
        await embedding.embedWatermarkItem({ itemId });
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
