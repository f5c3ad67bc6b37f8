import type { Knex } from 'knex';
import type { CaseEvent, StepActor, StepStatus } from '../domain/processes/model';

export const CASE_EVENTS_CHANNEL = 'case_events';

export interface NewCaseEvent {
  eventKey: string;
  caseKind: string;
  caseId: string;
  step: string;
  status: StepStatus;
  actor: StepActor;
  actorName?: string | null;
  at: string;
  dueAt?: string | null;
  dueProvisional?: boolean;
  reasons?: Record<string, string> | null;
}

/** Writes an event once (by key) and tells listening API processes about it. */
export async function recordEvent(k: Knex, e: NewCaseEvent): Promise<void> {
  await k.transaction(async (trx) => {
    const inserted = await trx('case_events')
      .insert({
        event_key: e.eventKey,
        case_kind: e.caseKind,
        case_id: e.caseId,
        step: e.step,
        status: e.status,
        actor: e.actor,
        actor_name: e.actorName ?? null,
        at: e.at,
        due_at: e.dueAt ?? null,
        due_provisional: e.dueProvisional ?? false,
        reasons: e.reasons ? JSON.stringify(e.reasons) : null,
      })
      .onConflict('event_key')
      .ignore()
      .returning('id');
    if (inserted.length) await trx.raw('select pg_notify(?, ?)', [CASE_EVENTS_CHANNEL, String(inserted[0].id)]);
  });
}

interface EventRow {
  id: string;
  case_kind: string;
  case_id: string;
  step: string;
  status: StepStatus;
  actor: StepActor;
  actor_name: string | null;
  at: Date;
  due_at: Date | null;
  due_provisional: boolean;
  reasons: Record<string, string> | null;
}

function toEvent(r: EventRow): CaseEvent {
  return {
    id: Number(r.id),
    caseKind: r.case_kind,
    caseId: r.case_id,
    step: r.step,
    status: r.status,
    actor: r.actor,
    actorName: r.actor_name,
    at: r.at.toISOString(),
    dueAt: r.due_at?.toISOString() ?? null,
    dueProvisional: r.due_provisional,
    reasons: r.reasons,
  };
}

export async function caseEvents(k: Knex, caseKind: string, caseId: string): Promise<CaseEvent[]> {
  const rows = await k<EventRow>('case_events').where({ case_kind: caseKind, case_id: caseId }).orderBy('id');
  return rows.map(toEvent);
}

export async function caseEvent(k: Knex, id: number): Promise<CaseEvent | undefined> {
  const row = await k<EventRow>('case_events').where('id', id).first();
  return row && toEvent(row);
}
