import { randomUUID } from 'node:crypto';
import { IDENTITY_STATE } from '../../domain/identity';
import { png, signedIn, testDb } from './http';

/**
 * A signed-in person whose identity certification is verified (state 3), as the identity review
 * leaves it: what rights registration and trade require. The ID photo is a real upload of theirs.
 */
export async function certifiedUser(lang = 'en-US') {
  const { user, caller } = await signedIn('personal', ['user'], lang);
  const photo = (await caller.upload('idPhoto', await png(), 'id.png')).body.id as string;
  await testDb()('identity_certifications').insert({
    user_id: user.id,
    kind: 'personal',
    state: IDENTITY_STATE.verified,
    data: JSON.stringify({ name: '张三', nationality: 'CN', idNumber: '11010519491231002X', idFront: photo, idBack: photo, idValidUntil: '2035-01-01', phone: '13800138000' }),
    workflow_id: `identityReview/${randomUUID()}`,
    decided_at: new Date(),
  });
  return { user, caller, photo };
}
