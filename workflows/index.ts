export { identityReview } from './identityReview';
export { accountCancellation } from './accountCancellation';
export { accountRetention } from './accountRetention';
