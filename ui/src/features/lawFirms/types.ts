import type { LawFirmApplicationJson, LawFirmPublicJson } from '../../../../domain/lawFirms';
import type { UploadMap } from '../../api/types';

export type { LawFirmApplicationJson, LawFirmPublicJson };
export type { UploadMap };

/** GET /api/public/lawfirms */
export interface LawFirmDirectoryPage {
  items: LawFirmPublicJson[];
  next: string | null;
}

/** GET /api/lawfirm/application */
export interface OwnLawFirmApplication {
  application: LawFirmApplicationJson | null;
  uploads: UploadMap;
}

export interface Applicant {
  id: string;
  username: string;
  displayName: string;
}

/** GET /api/admin/lawfirms rows */
export type AdminLawFirmRow = LawFirmApplicationJson & { applicant: Applicant | null };

export interface AdminLawFirmPage {
  items: AdminLawFirmRow[];
  next: string | null;
}

/** The inbox task's subject (api/lib/subjects/lawFirmListing.ts); the task page shows its `user`, the applying account. */
export interface LawFirmSubject {
  application: LawFirmApplicationJson;
  user: Applicant | null;
  uploads: UploadMap;
}

/** GET /api/admin/lawfirms/:id. */
export interface AdminLawFirmDetail {
  application: LawFirmApplicationJson;
  applicant: Applicant | null;
  uploads: UploadMap;
  workflowUrl?: string;
  task?: { taskId: string; step: string; status: string } | null;
}
