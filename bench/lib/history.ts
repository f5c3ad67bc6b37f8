import { Client, Connection } from '@temporalio/client';

/** Milliseconds from the workflow's start to each step of its history, labelled for a breakdown. */
export type Timeline = Map<string, number>;

const ms = (t: { seconds?: unknown; nanos?: number | null } | null | undefined) => (t ? Number(t.seconds) * 1000 + Math.floor((t.nanos ?? 0) / 1e6) : NaN);

/**
 * Reads a workflow's history and labels when each workflow task and activity was scheduled,
 * picked up and completed, relative to WorkflowExecutionStarted: where the submit → visible time goes.
 */
export async function timeline(client: Client, workflowId: string, untilActivity: string): Promise<{ startedAt: number; steps: Timeline }> {
  const history = await client.workflow.getHandle(workflowId).fetchHistory();
  const events = history.events ?? [];
  const startedAt = ms(events[0]?.eventTime);
  const steps: Timeline = new Map();
  const names = new Map<number, string>(); // scheduled event id → "n. activity"
  let n = 0;
  let wft = 0;
  for (const e of events) {
    const at = ms(e.eventTime) - startedAt;
    if (e.workflowTaskScheduledEventAttributes) steps.set(`  workflow task ${++wft} scheduled`, at);
    else if (e.workflowTaskStartedEventAttributes) steps.set(`  workflow task ${wft} started`, at);
    else if (e.workflowTaskCompletedEventAttributes) steps.set(`  workflow task ${wft} completed`, at);
    else if (e.activityTaskScheduledEventAttributes) {
      const label = `${++n}. ${e.activityTaskScheduledEventAttributes.activityType?.name}`;
      names.set(Number(e.eventId), label);
      steps.set(`${label} scheduled`, at);
    } else if (e.activityTaskStartedEventAttributes) {
      steps.set(`${names.get(Number(e.activityTaskStartedEventAttributes.scheduledEventId))} started`, at);
    } else if (e.activityTaskCompletedEventAttributes) {
      const label = names.get(Number(e.activityTaskCompletedEventAttributes.scheduledEventId))!;
      steps.set(`${label} completed`, at);
      if (label.endsWith(untilActivity)) break;
    }
  }
  return { startedAt, steps };
}

export async function temporalClient(address: string, namespace: string): Promise<Client> {
  return new Client({ connection: await Connection.connect({ address }), namespace });
}
