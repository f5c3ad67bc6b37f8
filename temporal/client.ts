import { Client, Connection } from '@temporalio/client';
import type { TemporalConfig } from './config';

export async function createClient(cfg: TemporalConfig): Promise<Client> {
  const connection = await Connection.connect({ address: cfg.address });
  return new Client({ connection, namespace: cfg.namespace });
}

/** The worker is healthy when some worker polled the task queue within the last minute. */
export async function workerPollers(client: Client, cfg: TemporalConfig): Promise<number> {
  const res = await client.workflowService.describeTaskQueue({
    namespace: cfg.namespace,
    taskQueue: { name: cfg.taskQueue },
    taskQueueType: 1, // WORKFLOW
  });
  const recent = Date.now() - 60_000;
  return (res.pollers ?? []).filter((p) => {
    const t = p.lastAccessTime;
    return t && Number(t.seconds) * 1000 + Math.floor((t.nanos ?? 0) / 1e6) > recent;
  }).length;
}
