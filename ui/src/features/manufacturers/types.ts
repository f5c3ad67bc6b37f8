import type { ManufacturerApplicationJson, ManufacturerPublicJson } from '../../../../domain/manufacturers';
import type { UploadMap } from '../../api/types';
import type { Applicant } from '../lawFirms/types';

export type { ManufacturerApplicationJson, ManufacturerPublicJson, UploadMap };

/** GET /api/public/manufacturers */
export interface ManufacturerDirectoryPage {
  items: ManufacturerPublicJson[];
  next: string | null;
}

/** GET /api/manufacturer/application */
export interface OwnManufacturerApplication {
  application: ManufacturerApplicationJson | null;
  uploads: UploadMap;
}

/** GET /api/admin/manufacturers rows */
export type AdminManufacturerRow = ManufacturerApplicationJson & { applicant: Applicant | null };

export interface AdminManufacturerPage {
  items: AdminManufacturerRow[];
  next: string | null;
}

/** GET /api/admin/manufacturers/:id */
export interface AdminManufacturerDetail {
  application: ManufacturerApplicationJson;
  applicant: Applicant | null;
  uploads: UploadMap;
  workflowUrl?: string;
  task?: { taskId: string; step: string; status: string } | null;
}

/** The inbox task's subject (api/lib/subjects/manufacturerListing.ts). */
export interface ManufacturerSubject {
  application: ManufacturerApplicationJson;
  user: Applicant | null;
  uploads: UploadMap;
}
