import type { ProtectionCaseJson, ProtectionIpciChoice } from '../../../../domain/protection';
import type { UploadMap } from '../../api/types';

export type { ProtectionCaseJson, ProtectionIpciChoice };
export type { UploadMap };

export interface Person {
  id: string;
  username: string;
  displayName: string;
}

/** GET /api/protection/ipcis */
export interface ProtectionIpcis {
  certified: boolean;
  ipcis: ProtectionIpciChoice[];
}

/** GET /api/protection/cases */
export interface ProtectionPage {
  items: ProtectionCaseJson[];
  next: string | null;
}

/** GET /api/protection/cases/:id */
export interface ProtectionDetail {
  case: ProtectionCaseJson;
  uploads: UploadMap;
}

export type AdminProtectionRow = ProtectionCaseJson & { applicant: Person };

/** GET /api/admin/protection/cases */
export interface AdminProtectionPage {
  items: AdminProtectionRow[];
  next: string | null;
}

/** GET /api/admin/protection/cases/:id: the case, who applied, and the open inbox task deciding it. */
export interface AdminProtectionDetail extends ProtectionDetail {
  applicant: Person | null;
  workflowUrl: string;
  task: { taskId: string; step: string; status: string } | null;
}

/** The inbox task's subject (api/lib/subjects/protectionCase.ts); the task page shows its `user`, the applicant. */
export interface ProtectionSubject extends ProtectionDetail {
  user: Person | null;
}
