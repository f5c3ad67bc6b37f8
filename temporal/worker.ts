import { NativeConnection, Worker, type WorkerOptions } from '@temporalio/worker';
import type { Knex } from 'knex';
import { createActivities } from '../activities';
import type { ObjectStore } from '../storage';
import type { TemporalConfig } from './config';

export async function createWorker(cfg: TemporalConfig, k: Knex, store: ObjectStore, extra: Partial<WorkerOptions> = {}): Promise<Worker> {
  const connection = await NativeConnection.connect({ address: cfg.address });
  return Worker.create({
    connection,
    namespace: cfg.namespace,
    taskQueue: cfg.taskQueue,
    workflowsPath: require.resolve('../workflows'),
    activities: createActivities(k, store),
    ...extra,
  });
}
