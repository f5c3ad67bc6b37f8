import type { FailureReason, RegistrationAction, RegistrationMode, RegistrationState, WizardStep } from '../../../../domain/titleRegistration';

/** A saved wizard draft (GET|PUT /api/title/drafts/:id). */
export interface TitleDraftView {
  id: string;
  data: Record<string, unknown>;
  step: WizardStep;
  createdAt: string;
  updatedAt: string;
}

export interface Page<T> {
  items: T[];
  next: string | null;
}

/** A row of GET /api/title/registrations. */
export interface TitleListItem {
  id: string;
  state: RegistrationState;
  mode: RegistrationMode;
  ipNameZh: string;
  ipNameEn: string;
  ipNameJa: string;
  cover: string | null;
  round: number;
  failureReason: FailureReason | null;
  submittedAt: string;
  decidedAt: string | null;
  actions: RegistrationAction[];
  orderId: string | null;
  ipciId: string | null;
}
