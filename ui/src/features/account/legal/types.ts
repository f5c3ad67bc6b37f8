import type { AgreementPage } from '../../../../../domain/accounts';

export interface LegalSection {
  heading: string;
  paragraphs: string[];
}

export interface LegalDocument {
  title: string;
  /** The update date the spec gives (part 1 §9); none is given for the privacy policy. */
  updated?: string;
  sections: LegalSection[];
}

/** The four documents of the registration form, in one language. */
export type LegalTexts = Record<AgreementPage, LegalDocument>;
