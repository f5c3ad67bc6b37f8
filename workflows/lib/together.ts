import { patched } from '@temporalio/workflow';

/** Patch id: histories recorded before it ran these side effects one after another. */
const PARALLEL_SIDE_EFFECTS = 'parallel-side-effects';

/**
 * Runs steps that do not depend on each other at the same time (a state write, a message, a
 * timeline event, a lookup), so the user's next step comes sooner; answers their results in order.
 * Timeline events that must stay in order go in one step, one after the other.
 */
export async function together<T extends unknown[]>(...steps: { [K in keyof T]: () => Promise<T[K]> }): Promise<T> {
  if (patched(PARALLEL_SIDE_EFFECTS)) return (await Promise.all(steps.map((step) => step()))) as T;
  const results: unknown[] = [];
  for (const step of steps) results.push(await step());
  return results as T;
}
