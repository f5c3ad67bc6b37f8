import type { Queue } from '../tasks';

/** The parties of a two-party process (a trade's buyer and seller, an objection's objector and holder). */
export const PARTIES = ['buyer', 'seller', 'objector', 'holder'] as const;
export type Party = (typeof PARTIES)[number];
/**
 * Who acts on a step. 'user' is the one user of a one-party process (the applicant); a two-party
 * process names the party. An event's actor is stored as text, so events recorded as 'user' stay readable.
 */
export type StepActor = 'user' | 'staff' | 'system' | Party;
export type StepStatus = 'done' | 'current' | 'failed' | 'waiting';

export interface ProcessStep {
  id: string;
  actor: StepActor;
  /** Human step: the inbox queue and SLA in working days. */
  queue?: Queue;
  slaWorkingDays?: number;
  terminal?: boolean;
}

export interface ProcessModel {
  kind: string;
  steps: ProcessStep[];
  transitions: Array<{ from: string; to: string; on?: string }>;
}

/** One progress event as recorded by a workflow and shown on the timeline. */
export interface CaseEvent {
  id: number;
  caseKind: string;
  caseId: string;
  step: string;
  status: StepStatus;
  actor: string;
  actorName: string | null;
  at: string;
  dueAt: string | null;
  dueProvisional: boolean;
  reasons: Record<string, string> | null;
}

/** The state of every step after the events so far: the latest event of a step wins. */
export function stepStates(model: ProcessModel, events: readonly Pick<CaseEvent, 'step' | 'status'>[]): Record<string, StepStatus | 'pending'> {
  const states: Record<string, StepStatus | 'pending'> = Object.fromEntries(model.steps.map((s) => [s.id, 'pending']));
  for (const e of events) if (e.step in states) states[e.step] = e.status;
  return states;
}
