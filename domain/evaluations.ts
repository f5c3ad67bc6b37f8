import './validation/locale';
import * as yup from 'yup';
import { MAX_STARS } from './credit';
import { TRADE_SIDES } from './trade';
import { keysetCursor } from './validation/keyset';
import { optionalText, trimmed } from './validation/rules';

/**
 * Evaluations after a completed trade (spec part 1 §1 "mutual evaluation"): each side rates the
 * other once, 1–5 stars with a comment, optionally anonymously (the evaluated party and the public
 * do not see who wrote it; staff do). The buyer's stars also rate the IP's listing (a trigger keeps
 * ip_listings.rating_sum / rating_count); every evaluation counts toward the receiver's credit score.
 */
export const EVALUATION_PAGE_SIZE = 20;

export const evaluationSchema = yup
  .object({
    stars: yup.number().integer().min(1).max(MAX_STARS).required(),
    comment: optionalText(1000),
    anonymous: yup.boolean().default(false),
  })
  .noUnknown();
export type EvaluationInput = yup.InferType<typeof evaluationSchema>;

export const evaluationListSchema = yup
  .object({
    limit: yup.number().integer().min(1).max(100).default(EVALUATION_PAGE_SIZE),
    after: keysetCursor(['date', 'uuid']),
  })
  .noUnknown();

/** Back office evaluationRecords: by stars, by the evaluator's side, by IPCI code or a party's user name. */
export const adminEvaluationListSchema = evaluationListSchema.shape({
  stars: yup.number().integer().min(1).max(MAX_STARS).nullable().transform((v, o) => (o === '' ? null : v)).default(null),
  side: trimmed().oneOf(['', ...TRADE_SIDES]).default(''),
  q: trimmed().max(200).default(''),
});

export interface EvaluationJson {
  id: string;
  tradeId: string;
  ipci: { id: string; code: string; names: { zh: string; en: string; ja: string } };
  side: 'buyer' | 'seller';
  stars: number;
  comment: string;
  anonymous: boolean;
  /** The evaluator; null when anonymous and the reader is not staff. */
  from: { id: string; name: string } | null;
  to: { id: string; name: string };
  createdAt: string;
}
