import { identityReview } from './identityReview';
import type { ProcessModel } from './model';

export * from './model';
export const PROCESSES: Record<string, ProcessModel> = { identityReview };
export const CASE_KINDS = Object.keys(PROCESSES);
