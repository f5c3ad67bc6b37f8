export { identityReview } from './identityReview';
