import type { WizardStep } from '../../../../domain/titleRegistration';

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
