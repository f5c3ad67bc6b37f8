import { accountCancellation } from './accountCancellation';
import { identityReview } from './identityReview';
import { ipciLifecycle } from './ipciLifecycle';
import type { ProcessModel } from './model';
import { orderPayment } from './orderPayment';
import { paperCertificate } from './paperCertificate';
import { titleAudit } from './titleAudit';

export * from './model';
export const PROCESSES: Record<string, ProcessModel> = { identityReview, accountCancellation, titleAudit, orderPayment, ipciLifecycle, paperCertificate };
export const CASE_KINDS = Object.keys(PROCESSES);
