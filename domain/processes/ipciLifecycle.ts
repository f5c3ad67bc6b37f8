import type { ProcessModel } from './model';

/**
 * An issued IPCI (spec part 1 §4): published in the licensing section automatically on issue; the
 * owner may take it down from trade (the listing only) or take the title down (third parties can no
 * longer verify it), and relist each; it ends invalid when its rights term expires or it is revoked.
 * Staff may take the listing down too (with a reason; only staff relist it), and revoke it after an
 * upheld objection. A take-down step is `current` while the take-down stands and `done` once relisted.
 */
export const ipciLifecycle: ProcessModel = {
  kind: 'ipciLifecycle',
  steps: [
    { id: 'issued', actor: 'system' },
    { id: 'published', actor: 'system' },
    { id: 'tradeTakeDown', actor: 'user' },
    { id: 'titleTakeDown', actor: 'user' },
    { id: 'staffTakeDown', actor: 'staff' },
    { id: 'invalid', actor: 'system', terminal: true },
  ],
  transitions: [
    { from: 'issued', to: 'published' },
    { from: 'published', to: 'tradeTakeDown', on: 'takeDown' },
    { from: 'tradeTakeDown', to: 'published', on: 'relist' },
    { from: 'published', to: 'titleTakeDown', on: 'takeDown' },
    { from: 'titleTakeDown', to: 'published', on: 'relist' },
    { from: 'published', to: 'staffTakeDown', on: 'takeDown' },
    { from: 'staffTakeDown', to: 'published', on: 'relist' },
    { from: 'published', to: 'invalid', on: 'invalidate' },
  ],
};
