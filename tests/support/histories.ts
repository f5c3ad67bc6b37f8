import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Client } from '@temporalio/client';
import { historyToJSON } from '@temporalio/common/lib/proto-utils';

/**
 * Saves a finished workflow's history as tests/histories/<name>.json, which replay.test.ts replays
 * against today's code. Only with IPCI_SAVE_HISTORIES=1: a test run records its stories once, when
 * a workflow is new or changed on purpose (behind patched()).
 */
export async function saveHistory(client: Client, workflowId: string, name: string): Promise<void> {
  if (process.env.IPCI_SAVE_HISTORIES !== '1') return;
  const history = await client.workflow.getHandle(workflowId).fetchHistory();
  await writeFile(path.join(__dirname, '..', 'histories', `${name}.json`), JSON.stringify(JSON.parse(historyToJSON(history)), null, 2) + '\n');
}
