export { identityReview } from './identityReview';
export { accountCancellation } from './accountCancellation';
export { accountRetention } from './accountRetention';
export { orderPayment } from './orderPayment';
export { ipciLifecycle } from './ipciLifecycle';
export { paperCertificate } from './paperCertificate';
export { titleAudit } from './titleAudit';
