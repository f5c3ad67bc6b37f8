import { Caller, eventually, PDF, png, taskPath } from './http';
import { certifiedUser } from './identity';
import { openTask } from './cases';
import { payOrder } from './orders';
import { completeTitleData } from './titleData';

/** Rights confirmation through the API (the title audit), for tests that need a registration at some state. */

/** Six IP pictures (a cover and five main images) and a proof file, uploaded by the caller. */
export async function titleUploads(caller: Caller) {
  const images: string[] = [];
  for (let i = 0; i < 6; i++) images.push((await caller.upload('ipImage', await png(600 + i, 400), `ip${i}.png`)).body.id);
  const proof = (await caller.upload('proof', PDF, 'warranty.pdf')).body.id as string;
  return { images, proof };
}

export async function draftWith(caller: Caller, data: Record<string, unknown>): Promise<string> {
  const r = await caller.post('/api/title/drafts', { data, step: 'submit' });
  expect(r.status).toBe(201);
  return r.body.draft.id;
}

/** A certified user's complete registration, submitted. */
export async function submittedTitle() {
  const { user, caller, photo } = await certifiedUser();
  const uploads = await titleUploads(caller);
  const data = completeTitleData(uploads);
  const r = await caller.post('/api/title/registrations', { draftId: await draftWith(caller, data) });
  expect(r.status).toBe(201);
  return { user, caller, photo, uploads, data, id: r.body.registration.id as string };
}

/** The caller's registration once it reads `state` (the workflow moves it a moment after the request). */
export const titleInState = (caller: Caller, id: string, state: string) =>
  eventually(async () => {
    const r = (await caller.get(`/api/title/registrations/${id}`)).body.registration;
    return r.state === state && r;
  }, 30_000);

/** A submitted registration approved by `reviewer` and paid: the IPCI is issued (its certificate is drawn right after). */
export async function issuedTitle(reviewer: Caller) {
  const submitted = await submittedTitle();
  const task = await openTask('titleAudit', submitted.id, 'review');
  expect((await reviewer.post(`${taskPath(task.id)}/complete`, { outcome: 'approve', reasons: {} })).status).toBe(200);
  await payOrder(submitted.caller, (await titleInState(submitted.caller, submitted.id, 'pendingPayment')).orderId);
  const completed = await titleInState(submitted.caller, submitted.id, 'completed');
  return { ...submitted, ipci: completed.ipci as { id: string; code: string } };
}
