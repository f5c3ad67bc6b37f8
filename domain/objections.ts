import './validation/locale';
import * as yup from 'yup';
import { keysetCursor } from './validation/keyset';
import { email, phone, requiredText, trimmed, uploadId } from './validation/rules';

/**
 * Rights objections (spec part 1 §3, §4): anyone signed in and real-name certified objects to a
 * listed IPCI that is not their own. Our reading of the spec's states:
 * - pendingAudit: staff check the objection formally (queue `objection`); a failure ends it as failed
 * - pendingConfirmation: admitted; the holder is told and may answer within a set time
 * - underReview: staff decide on the merits, with the holder's answer (or without it once the time is up)
 * - approved (upheld, the IPCI revoked or taken down) / failed, each with a review opinion
 * - withdrawn: the objector took an open objection back (it leaves their list)
 */
export const OBJECTION_STATES = ['pendingAudit', 'pendingConfirmation', 'underReview', 'approved', 'failed', 'withdrawn'] as const;
export type ObjectionState = (typeof OBJECTION_STATES)[number];
export const OPEN_OBJECTION_STATES: readonly ObjectionState[] = ['pendingAudit', 'pendingConfirmation', 'underReview'];
/** The objector may change the objection until staff start deciding on its merits. */
export const MODIFIABLE_OBJECTION_STATES: readonly ObjectionState[] = ['pendingAudit', 'pendingConfirmation'];

export const isOpenObjection = (s: ObjectionState) => OPEN_OBJECTION_STATES.includes(s);
export const mayModifyObjection = (s: ObjectionState) => MODIFIABLE_OBJECTION_STATES.includes(s);

/**
 * The public reason of an upheld objection: a category only, shown on the verification page without
 * personal data or the objection's text. The spec's grounds for refusing a registration (part 1 §4:
 * forged materials, hidden facts, unlawful IP) plus disputes over ownership and third-party rights.
 */
export const OBJECTION_REASON_CATEGORIES = ['ownershipDispute', 'infringesThirdParty', 'forgedMaterials', 'hiddenFacts', 'unlawfulContent', 'other'] as const;
export type ObjectionReasonCategory = (typeof OBJECTION_REASON_CATEGORIES)[number];

/** What an upheld objection does to the IPCI: revoke it (invalid, not verifiable) or take the listing down. */
export const OBJECTION_OUTCOMES = ['revoke', 'takeDown'] as const;
export type ObjectionOutcome = (typeof OBJECTION_OUTCOMES)[number];

/**
 * The staff tasks' decision shape (domain/tasks decisionSchema): a failure names the review opinion
 * as its one flagged field; upholding gives the outcome and the public reason category (chosen from
 * their lists) and the review opinion as the decision's comment.
 */
export const OBJECTION_OPINION_FIELD = 'reviewOpinion';
export const OBJECTION_DECISION_CHOICES = { outcome: OBJECTION_OUTCOMES, category: OBJECTION_REASON_CATEGORIES } as const;

/** The formal review and the decision each have this SLA (working days), like the title audit's first reading. */
export const OBJECTION_REVIEW_WORKING_DAYS = 5;
/** How long the holder may answer an admitted objection (configurable per objection; 7 days by default). */
export const DEFAULT_OBJECTION_ANSWER_MS = 7 * 24 * 3_600_000;

/** Attachments: documents or pictures, 1 to 9 (spec part 1 §5: at most 9 files per batch). */
export const OBJECTION_UPLOAD_KIND = 'evidence';
export const OBJECTION_ATTACHMENTS_MAX = 9;

const attachments = (min: number) =>
  yup
    .array(uploadId().required())
    .min(min, 'objection.attachmentsRequired')
    .max(OBJECTION_ATTACHMENTS_MAX, 'objection.attachmentsMax')
    .test('unique', 'validation.invalid', (v) => !v || new Set(v).size === v.length)
    .default([]);

/** The objection form (trade/objection?ipci=…), part 1 §3. */
export const objectionSchema = yup
  .object({
    content: requiredText(5000),
    companyName: requiredText(200),
    contact: requiredText(100),
    phone: phone().required(),
    email: email().required().max(200),
    attachments: attachments(1).required('objection.attachmentsRequired'),
  })
  .noUnknown();
export type ObjectionData = yup.InferType<typeof objectionSchema>;

/** A new objection names the listed IPCI it is against. */
export const newObjectionSchema = objectionSchema.shape({ ipciId: trimmed().required().uuid('validation.invalid') });

/** The holder's answer: a statement and optional supporting files. */
export const objectionAnswerSchema = yup
  .object({
    statement: requiredText(5000),
    attachments: attachments(0),
  })
  .noUnknown();
export type ObjectionAnswer = yup.InferType<typeof objectionAnswerSchema>;

export const OBJECTION_PAGE_SIZE = 20;

/** The objector's list (usercenter/objection); `side=holder`: the admitted objections to the caller's own IPCIs. */
export const OBJECTION_LIST_SIDES = ['objector', 'holder'] as const;
export const objectionListQuerySchema = yup
  .object({
    side: yup.string().oneOf([...OBJECTION_LIST_SIDES]).default('objector'),
    state: yup.string().oneOf([...OBJECTION_STATES]),
    limit: yup.number().integer().min(1).max(100).default(OBJECTION_PAGE_SIZE),
    after: keysetCursor(['date', 'uuid']),
  })
  .noUnknown();
export type ObjectionListQuery = yup.InferType<typeof objectionListQuerySchema>;

/** The back office list (admin/objection): state filter, search by IPCI code, IP name, company or objector. */
export const adminObjectionListQuerySchema = objectionListQuerySchema.omit(['side']).shape({ q: trimmed().max(100).default('') });
export type AdminObjectionListQuery = yup.InferType<typeof adminObjectionListQuerySchema>;

/** GET /api/objections/:id and the list rows. */
export interface ObjectionJson {
  id: string;
  ipciId: string;
  code: string;
  ipNames: { zh: string; en: string; ja: string };
  state: ObjectionState;
  data: ObjectionData;
  holderAnswer: (ObjectionAnswer & { answeredAt: string }) | null;
  reviewOpinion: string | null;
  outcome: ObjectionOutcome | null;
  reasonCategory: ObjectionReasonCategory | null;
  round: number;
  createdAt: string;
  updatedAt: string;
  decidedAt: string | null;
  /** Until when the holder may answer, while pendingConfirmation. */
  answerDueAt: string | null;
}
