import type { CancellationStatus } from '../../../../domain/security';

/** GET /api/security (api/README.md). */
export interface SecurityOverview {
  email: string | null;
  phone: string | null;
  addresses: { email: string | null; phone: string | null };
  passwordChangedAt: string | null;
  cancellation: Cancellation | null;
}

export interface Cancellation {
  id: string;
  reason: string;
  status: CancellationStatus;
  requestedAt: string;
  decidedAt: string | null;
  decisionComment: string | null;
  workflowId: string;
}

export interface SessionItem {
  id: string;
  userAgent: string | null;
  ip: string | null;
  createdAt: string;
  lastSeenAt: string;
  current: boolean;
}

/** The process of domain/processes/accountCancellation.ts; a request's case id is its id. */
export const CANCELLATION_CASE_KIND = 'accountCancellation';
