import './validation/locale';
import * as yup from 'yup';
import { SUBSCRIPTION_STATES } from './monitoring';
import { keysetCursor } from './validation/keyset';
import { trimmed } from './validation/rules';

/**
 * The monitoring back office (admin `tort`, crawl sites, fetch log, crawl runs, subscriptions) and the
 * states of a report (tort_reports.state): in review by staff, confirmed (its protection case
 * started), or dismissed with one of TORT_DISMISS_REASONS.
 */
export const TORT_REPORT_STATES = ['review', 'caseStarted', 'dismissed'] as const;
export type TortReportState = (typeof TORT_REPORT_STATES)[number];

export const ADMIN_PAGE_SIZE = 20;
const limit = () => yup.number().integer().min(1).max(100).default(ADMIN_PAGE_SIZE);

/** admin tort: state filter; `q` a suspect number (ST…) or the reporter's user name, exactly. */
export const adminTortQuerySchema = yup
  .object({
    state: trimmed().oneOf(['', ...TORT_REPORT_STATES], 'validation.invalid').default(''),
    q: trimmed().max(100).default(''),
    limit: limit(),
    after: keysetCursor(['date', 'uuid']),
  })
  .noUnknown();

/** A site's fetch log, newest first: (fetched_at, id). */
export const crawlFetchQuerySchema = yup
  .object({
    limit: limit(),
    after: keysetCursor(['date', 'count']),
  })
  .noUnknown();

/** Crawl runs, newest first. */
export const crawlRunQuerySchema = yup
  .object({
    limit: limit(),
    after: keysetCursor(['date', 'uuid']),
  })
  .noUnknown();

/** Every monitoring subscription: state filter; `q` an IPCI code or the user's user name, exactly. */
export const adminSubscriptionQuerySchema = yup
  .object({
    state: trimmed().oneOf(['', ...SUBSCRIPTION_STATES], 'validation.invalid').default(''),
    q: trimmed().max(100).default(''),
    limit: limit(),
    after: keysetCursor(['date', 'uuid']),
  })
  .noUnknown();
