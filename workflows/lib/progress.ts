import { workflowInfo } from '@temporalio/workflow';
import type { StepActor, StepStatus } from '../../domain/processes/model';
import { acts } from './activities';

export interface ProgressInput {
  step: string;
  status: StepStatus;
  actor: StepActor;
  actorName?: string | null;
  dueAt?: string | null;
  dueProvisional?: boolean;
  reasons?: Record<string, string> | null;
}

let sequence = 0;

/** Records a timeline event; the key (run + sequence) makes a retried activity write it once. */
export async function progress(caseKind: string, caseId: string, event: ProgressInput): Promise<void> {
  const { workflowId, runId } = workflowInfo();
  sequence += 1;
  await acts.recordProgress({
    eventKey: `${workflowId}:${runId}:${sequence}`,
    caseKind,
    caseId,
    at: new Date().toISOString(),
    ...event,
  });
}
