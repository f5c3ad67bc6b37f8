import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { NativeConnection, Worker } from '@temporalio/worker';
import { temporalClient } from './history';
import { closedLoop } from './loop';
import type { Stack } from './stack';

const BARE_QUEUE = 'ipci-bench-bare';

/**
 * The baseline a process benchmark is measured against: `count` bare workflows that each run
 * `activities` no-op activities, on a worker of their own, at the same concurrency (after `warmup`).
 */
export async function bareWorkflows(stack: Stack, activities: number, count: number, concurrency: number, warmup: number) {
  const connection = await NativeConnection.connect({ address: stack.temporalAddress });
  const client = await temporalClient(stack.temporalAddress, stack.namespace);
  try {
    const worker = await Worker.create({
      connection,
      namespace: stack.namespace,
      taskQueue: BARE_QUEUE,
      workflowsPath: path.join(__dirname, 'bareWorkflow.ts'),
      activities: { noop: async () => undefined },
    });
    const bareOne = async () => {
      const started = performance.now();
      await client.workflow.execute('bareLifecycle', { taskQueue: BARE_QUEUE, workflowId: `bench-bare/${randomUUID()}`, args: [activities] });
      return performance.now() - started;
    };
    return await worker.runUntil(async () => {
      for (let i = 0; i < warmup; i += 1) await bareOne();
      return closedLoop(Array.from({ length: count }, () => bareOne), concurrency);
    });
  } finally {
    await client.connection.close();
    await connection.close();
  }
}
