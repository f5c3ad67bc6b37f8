const sleep = (msecs: number) => new Promise((r) => setTimeout(r, msecs));

/** Polls `fn` every `pollMs` until it answers something; fails loudly when a step never happens. */
export async function until<T>(what: string, fn: () => Promise<T | null | undefined | false>, { pollMs = 20, timeoutMs = 60_000 } = {}): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(pollMs);
  }
}

/** Runs `jobs` with at most `concurrency` at a time; answers each job's time and the wall time. */
export async function closedLoop(jobs: Array<() => Promise<number>>, concurrency: number): Promise<{ wallMs: number; samples: number[] }> {
  const samples: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: Math.min(concurrency, jobs.length) }, async () => {
      while (next < jobs.length) samples.push(await jobs[next++]());
    }),
  );
  return { wallMs: performance.now() - started, samples };
}
