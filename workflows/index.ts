export { identityReview } from './identityReview';
export { accountCancellation } from './accountCancellation';
