import { accountCancellation } from './accountCancellation';
import { identityReview } from './identityReview';
import type { ProcessModel } from './model';

export * from './model';
export const PROCESSES: Record<string, ProcessModel> = { identityReview, accountCancellation };
export const CASE_KINDS = Object.keys(PROCESSES);
