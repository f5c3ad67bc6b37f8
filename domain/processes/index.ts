import { accountCancellation } from './accountCancellation';
import { identityReview } from './identityReview';
import type { ProcessModel } from './model';
import { orderPayment } from './orderPayment';
import { titleAudit } from './titleAudit';

export * from './model';
export const PROCESSES: Record<string, ProcessModel> = { identityReview, accountCancellation, titleAudit, orderPayment };
export const CASE_KINDS = Object.keys(PROCESSES);
