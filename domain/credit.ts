/**
 * The credit system of spec part 1 §1, "based on mutual evaluation after trades": a user's credit
 * score is derived from the evaluations they received (1–5 stars each), on a 0–100 scale.
 *
 * score = round(20 × (starSum + PRIOR_WEIGHT × PRIOR_STARS) / (count + PRIOR_WEIGHT))
 *
 * A Bayesian average: a new user starts at 80 (4 stars) and each evaluation moves the score less
 * the more evaluations there are, so one angry (or one friendly) evaluation cannot make or break a
 * seller with a long record, and a single 5-star trade does not outrank fifty 4.9-star ones.
 */
export const PRIOR_STARS = 4;
export const PRIOR_WEIGHT = 5;
export const MAX_STARS = 5;

export interface CreditScore {
  score: number;
  count: number;
  /** Plain average of the stars received, null without evaluations. */
  averageStars: number | null;
}

export function creditScore(starSum: number, count: number): CreditScore {
  const score = Math.round((20 * (starSum + PRIOR_WEIGHT * PRIOR_STARS)) / (count + PRIOR_WEIGHT));
  return { score, count, averageStars: count ? Math.round((starSum / count) * 100) / 100 : null };
}
