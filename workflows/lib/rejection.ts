import { ApplicationFailure } from '@temporalio/common';

export const REJECTED = 'Rejected';

/**
 * Refuses an Update in its validator. The message is a catalog key (namespace `errors`) and the
 * details its params, so the API can answer the staff member in their own language.
 */
export function rejection(key: string, params: Record<string, unknown> = {}): ApplicationFailure {
  return ApplicationFailure.create({ type: REJECTED, message: key, details: [params], nonRetryable: true });
}
