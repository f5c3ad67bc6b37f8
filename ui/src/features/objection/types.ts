import type { ObjectionJson } from '../../../../domain/objections';
import type { UploadMap } from '../../api/types';

export type { ObjectionJson };
export type { UploadMap };

export interface ObjectionPage {
  items: ObjectionJson[];
  next: string | null;
}

/** GET /api/objections/:id (objector) and /api/objections/:id/answer (holder: no contact details). */
export interface ObjectionDetail {
  objection: ObjectionJson;
  uploads: UploadMap;
}

/** GET /api/objections/target/:ipciId: the listed IP an objection would be against. */
export interface ObjectionTarget {
  ipci: { id: string; code: string; ipNames: { zh: string; en: string; ja: string }; holder: string };
  own: boolean;
}

/** GET /api/admin/objections/:id */
export interface AdminObjectionDetail extends ObjectionDetail {
  objector: { id: string; username: string; displayName: string } | null;
  holder: { id: string; username: string; displayName: string } | null;
  tasks: Array<{ id: string; step: string; status: string; dueAt: string; assigneeName: string | null }>;
  workflowUrl: string;
}

/** GET /api/admin/ip-information rows (db/ipInformation.ts toIpInformationJson). */
export interface IpInformation {
  ipciId: string;
  code: string;
  ipNames: { zh: string; en: string; ja: string };
  holder: string;
  owner: { id: string; username: string };
  category: string;
  country: string;
  listed: boolean;
  state: string;
  takenDown: string[];
  staffTakeDown: { reason: string; staffName: string; at: string } | null;
  invalidReason: string | null;
  revocationCategory: string | null;
  listedAt: string;
  delistedAt: string | null;
  issuedAt: string;
  validUntil: string | null;
  searchCount: number;
}
