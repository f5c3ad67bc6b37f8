import { Caller, eventually, testDb } from './http';

/** A case's open (or claimed) task at `step`, once its workflow has opened it. */
export const openTask = (caseKind: string, caseId: string, step: string) =>
  eventually(() => testDb()('tasks').where({ case_kind: caseKind, case_id: caseId, step }).whereIn('status', ['open', 'claimed']).first());

/** A case's timeline as `step:status` strings, as the caller's timeline endpoint lists them. */
export const stepsOf = async (caller: Caller, caseKind: string, id: string): Promise<string[]> =>
  (await caller.get(`/api/cases/${caseKind}/${id}`)).body.events.map((e: any) => `${e.step}:${e.status}`);

/** The caller's newest message with `titleKey`, once a workflow's activity has sent it (the newest 50 are read). */
export const messageOf = (caller: Caller, titleKey: string) =>
  eventually(async () => ((await caller.get('/api/messages?limit=50')).body.items as any[]).find((m) => m.titleKey === titleKey));
