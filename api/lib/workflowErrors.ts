import { WorkflowUpdateFailedError, WorkflowNotFoundError } from '@temporalio/client';
import { ApplicationFailure } from '@temporalio/common';
import { REJECTED } from '../../workflows/lib/rejection';
import { conflict, HttpError } from '../errors';

/** Runs a workflow Update; a validator's refusal becomes a 409 with its reason in the caller's language. */
export async function runUpdate<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof WorkflowUpdateFailedError && err.cause instanceof ApplicationFailure && err.cause.type === REJECTED) {
      const params = (err.cause.details?.[0] ?? {}) as Record<string, unknown>;
      if (err.cause.message === 'http.forbidden') throw new HttpError(403, 'forbidden', 'http.forbidden');
      throw conflict(err.cause.message, params);
    }
    // The task row exists (callers load it first), so a missing workflow is one that has finished:
    // the task is no longer open.
    if (err instanceof WorkflowNotFoundError || (err as Error).name === 'WorkflowNotFoundError' || /workflow execution already completed/i.test((err as Error).message)) {
      throw conflict('task.stale');
    }
    throw err;
  }
}
