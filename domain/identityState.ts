/**
 * Identity certification states; spec part 1 §4 names state 3 "verified". Apart from the identity
 * schemas (domain/identity.ts) so that pages which only read a state do not load the validation code.
 */
export const IDENTITY_STATE = { underReview: 1, failed: 2, verified: 3 } as const;
export type IdentityState = (typeof IDENTITY_STATE)[keyof typeof IDENTITY_STATE];
