import { parentPort, Worker, type TransferListItem } from 'node:worker_threads';

/**
 * A small pool of worker threads for pure computation (reading a watermark, signing a picture:
 * 0.1–1 s each) that would otherwise stall the event loop of the API (every other request) or of
 * the Temporal worker (its other activities and workflow activations) meanwhile.
 *
 * It lives in the top-level lib/ because both api/ and activities/ run such work and neither may
 * import the other; it imports nothing of ours, so any layer may use it.
 *
 * At most `size` tasks run at once, the rest wait in order; with `maxWaiting`, a task past that many
 * waiting is refused at once with `busy()` (so a caller can say "later" rather than wait minutes).
 * Threads start when first needed, are kept for the next task, do not keep the process alive, and
 * one that dies is replaced (its task fails with a plain Error, nothing else does).
 *
 * A thread's script calls `serveTasks` with its function: an error that function throws fails just
 * that task, with a TaskFailed carrying its message (e.g. a picture that does not decode).
 */

/** The task's own function threw (its input's fault, typically): the pool and its thread are fine. */
export class TaskFailed extends Error {}

export interface ThreadPoolOptions {
  /** The thread's TypeScript script, an absolute path; it calls serveTasks. */
  script: string;
  /** Threads at most. */
  size: number;
  /** Tasks that may wait for a thread; beyond them `busy()` is thrown. Unbounded when left out. */
  maxWaiting?: number;
  busy?: () => Error;
}

interface Job<In, Out> {
  id: number;
  input: In;
  transfer: readonly TransferListItem[];
  resolve: (out: Out) => void;
  reject: (err: Error) => void;
}

interface Reply<Out> {
  id: number;
  out?: Out;
  failed?: string;
}

export interface ThreadPool<In, Out> {
  /** Runs the thread's function on `input`; `transfer` moves those buffers to the thread instead of copying them. */
  run(input: In, transfer?: readonly TransferListItem[]): Promise<Out>;
}

export function threadPool<In, Out>({ script, size, maxWaiting = Infinity, busy }: ThreadPoolOptions): ThreadPool<In, Out> {
  // The services run TypeScript through tsx (`tsx …`, jest through swc); a thread registers it before loading its script.
  const bootstrap = `require('tsx/cjs'); require(${JSON.stringify(script)});`;
  interface Slot {
    worker: Worker;
    job: Job<In, Out> | null;
  }
  const slots: Slot[] = [];
  const queue: Job<In, Out>[] = [];
  let nextId = 0;

  function start(): Slot {
    const slot: Slot = { worker: new Worker(bootstrap, { eval: true }), job: null };
    slot.worker.unref();
    slot.worker.on('message', (m: Reply<Out>) => {
      const job = slot.job;
      if (!job || job.id !== m.id) return;
      slot.job = null;
      if (m.failed !== undefined) job.reject(new TaskFailed(m.failed));
      else job.resolve(m.out as Out);
      dispatch();
    });
    const lost = (err: Error) => {
      slots.splice(slots.indexOf(slot), 1);
      slot.job?.reject(err);
      slot.job = null;
      dispatch();
    };
    slot.worker.on('error', lost);
    slot.worker.on('exit', (code) => slots.includes(slot) && lost(new Error(`worker thread exited (${code})`)));
    slots.push(slot);
    return slot;
  }

  function dispatch(): void {
    while (queue.length) {
      const slot = slots.find((s) => !s.job) ?? (slots.length < size ? start() : undefined);
      if (!slot) return;
      const job = queue.shift()!;
      slot.job = job;
      slot.worker.postMessage({ id: job.id, input: job.input }, job.transfer);
    }
  }

  return {
    run(input, transfer = []) {
      if (queue.length >= maxWaiting) return Promise.reject(busy ? busy() : new Error('every worker thread is busy'));
      return new Promise((resolve, reject) => {
        queue.push({ id: nextId++, input, transfer, resolve, reject });
        dispatch();
      });
    },
  };
}

/** In a pool's thread script: answers every task with `fn`'s result, or its error's message. */
export function serveTasks<In, Out>(fn: (input: In) => Promise<{ out: Out; transfer?: readonly TransferListItem[] }>): void {
  parentPort!.on('message', async ({ id, input }: { id: number; input: In }) => {
    let reply: Reply<Out>, transfer: readonly TransferListItem[] = [];
    try {
      const done = await fn(input);
      reply = { id, out: done.out };
      transfer = done.transfer ?? [];
    } catch (err) {
      reply = { id, failed: err instanceof Error ? err.message : String(err) };
    }
    parentPort!.postMessage(reply, transfer);
  });
}
