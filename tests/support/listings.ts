import type { Client } from '@temporalio/client';
import type { Knex } from 'knex';
import { CaseId, CaseKind, CaseState, OwnerUserId } from '../../workflows/lib/searchAttributes';
import { openTask } from './cases';
import { Caller, eventually, PDF, png, signedIn, taskPath, testDb } from './http';

/** A showcase picture (landscape, at least 420 × 290 by default) uploaded by the caller; its upload id. */
export const showcasePicture = async (caller: Caller, name: string, width = 600, height = 400) => (await caller.upload('showcase', await png(width, height), name)).body.id as string;

/** A licence-kind PDF uploaded by the caller; its upload id. */
export const licencePdf = async (caller: Caller) => (await caller.upload('licence', PDF, 'licence.pdf')).body.id as string;

/**
 * What a directory's listing test (law firms, manufacturers) does again and again: read the
 * applicant's application, wait for a state, decide a task as the reviewer, read the public directory,
 * and apply — the row written and the listing workflow started as the API does — to reach its first step.
 */
export function listingTestKit<D, I>(o: {
  kind: 'lawFirmListing' | 'manufacturerListing';
  /** The applicant's API area: /api/<area>/application. */
  area: string;
  /** The public directory: /api/public/<directory>. */
  directory: string;
  /** The state a new application starts in. */
  firstState: string;
  temporal: Client;
  reviewer: Caller;
  formOf: (caller: Caller) => Promise<D>;
  insert: (k: Knex, userId: string, data: D) => Promise<{ id: string; workflow_id: string } | null>;
  workflow: (input: I) => Promise<unknown>;
  input: (id: string, userId: string) => I;
}) {
  const applicationOf = async (caller: Caller) => (await caller.get(`/api/${o.area}/application`)).body.application;
  return {
    applicationOf,
    inState: (caller: Caller, state: string, timeoutMs = 30_000) =>
      eventually(async () => {
        const a = await applicationOf(caller);
        return a?.state === state && a;
      }, timeoutMs),
    /** The reviewer completes the case's open task at `step` with `decision` (no reasons unless it names some). */
    decide: async (id: string, step: string, decision: Record<string, unknown>) => {
      const task = await openTask(o.kind, id, step);
      const r = await o.reviewer.post(`${taskPath(task.id)}/complete`, { reasons: {}, ...decision });
      expect(r.status).toBe(200);
      return task;
    },
    directory: async (query: string) => (await new Caller().get(`/api/public/${o.directory}?${query}`)).body.items as any[],
    /** Started directly (as the API starts it), so a test can set the run's windows and budgets with `over`. */
    startedWith: async (over: Partial<I>) => {
      const { user, caller } = await signedIn('enterprise');
      const data = await o.formOf(caller);
      const row = (await o.insert(testDb(), user.id, data))!;
      await o.temporal.workflow.start(o.workflow, {
        taskQueue: process.env.TEMPORAL_TASK_QUEUE!,
        workflowId: row.workflow_id,
        args: [{ ...o.input(row.id, user.id), ...over }],
        typedSearchAttributes: [
          { key: CaseId, value: row.id },
          { key: CaseKind, value: o.kind },
          { key: CaseState, value: o.firstState },
          { key: OwnerUserId, value: user.id },
        ],
      });
      return { user, caller, data, id: row.id, handle: o.temporal.workflow.getHandle(row.workflow_id) };
    },
  };
}
