import './validation/locale';
import * as yup from 'yup';
import { PROTECTION_KINDS, protectionSchema } from './protection';
import { keysetCursor } from './validation/keyset';
import { optionalText, requiredText, trimmed, uploadId, UUID_PATTERN } from './validation/rules';

/**
 * Infringement monitoring (spec part 2 §2–§9, issue 15). Our reading:
 * - A rights holder orders a 30-day or one-year plan for one IP with a valid IPCI; the order is paid
 *   in full within 24 h (orderPayment). Online payment opens the service at once, offline remittance
 *   once finance confirms it. No unsubscribe or refund (said before payment).
 * - While active, the monitoringSubscription workflow crawls the admin-edited site list every 24 h
 *   (configurable for tests and demos), matches the pages' images against the subscription's
 *   comparison pictures and their titles and descriptions against its keywords, and files each hit
 *   as a suspected infringement (suspecttort) with its evidence. One site message per crawl.
 * - If the IPCI becomes invalid, revoked or taken down for title, monitoring pauses (the plan's clock
 *   keeps running: no refund) and resumes when the IPCI is valid again.
 * - The user ignores a suspect, marks its site as authorised (a licensee), or reports it: a report
 *   carries a prefilled protection application, goes to staff in the `tort` queue, and once staff
 *   confirm it becomes a protection case (tortReport workflow).
 */

/** Part 2 §4/§9: 30-day or one-year plans; the prices live in the admin fee table. */
export const MONITORING_PLANS = ['month', 'year'] as const;
export type MonitoringPlan = (typeof MONITORING_PLANS)[number];
export const PLAN_DAYS: Record<MonitoringPlan, number> = { month: 30, year: 365 };
/** The fee table's key of each plan's price (fen), next to the certification fees. */
export const PLAN_FEE_KEY = { month: 'monitoringMonth', year: 'monitoringYear' } as const satisfies Record<MonitoringPlan, string>;
/** Placeholders until an admin sets them (the spec shows no prices): 300.00 and 2,400.00 yuan. */
export const DEFAULT_PLAN_FEES: Record<MonitoringPlan, number> = { month: 30_000, year: 240_000 };

/** Part 2 §9: crawler data refreshes every 24 hours (MONITORING_CRAWL_INTERVAL_MS shortens it for demos and tests). */
export const CRAWL_INTERVAL_MS = 24 * 3600 * 1000;
/** The user is told this many days before the plan ends, and again at the end. */
export const EXPIRY_NOTICE_DAYS = 7;

/**
 * A subscription's state:
 * - ordered: waiting for its order to be paid (24 h)
 * - active: paid, crawled every 24 h until expiresAt
 * - paused: the IPCI is no longer valid; resumes if it becomes valid again before expiry
 * - expired: the plan ran out (renewal orders a new plan that starts where this one ends)
 * - cancelled: the order was not paid in time
 */
export const SUBSCRIPTION_STATES = ['ordered', 'active', 'paused', 'expired', 'cancelled'] as const;
export type SubscriptionState = (typeof SUBSCRIPTION_STATES)[number];
/** Why monitoring paused: the IPCI's state. */
export const PAUSE_REASONS = ['ipciInvalid', 'ipciRevoked', 'ipciTakenDown', 'ipciExpired'] as const;
export type PauseReason = (typeof PAUSE_REASONS)[number];

/** Ordering a plan (service introduction and order page), or renewing one. */
export const monitoringOrderSchema = yup
  .object({
    ipciId: trimmed().required().matches(UUID_PATTERN, 'validation.invalid'),
    plan: yup.string().oneOf([...MONITORING_PLANS], 'validation.invalid').required(),
    /** The user read that there is no unsubscribe or refund (part 2 §4). */
    noRefundAccepted: yup.boolean().strict().oneOf([true], 'monitoring.noRefundRequired').required('monitoring.noRefundRequired'),
  })
  .noUnknown();
export type MonitoringOrderInput = yup.InferType<typeof monitoringOrderSchema>;

/** Part 2 §5 keyword suggestions, each a category the user may tag a keyword with. */
export const KEYWORD_CATEGORIES = [
  'name', // names in Chinese, English and other languages
  'character', // main character names
  'scene', // scene names
  'brand', // derivative brand names
  'album', // album or song titles (not the singer)
  'literaryTitle',
  'author',
  'translator',
  'publisher',
  'drama', // drama title and characters (not the cast)
  'other',
] as const;
export type KeywordCategory = (typeof KEYWORD_CATEGORIES)[number];
export const MAX_KEYWORDS = 30;
export const MAX_KEYWORD_LENGTH = 40;

/** Part 2 §5/§9: comparison pictures 1:1, HD, jpg or png, about 3 MB at most; a logo without background above 500×500. */
export const PICTURE_KINDS = ['picture', 'logo'] as const;
export type PictureKind = (typeof PICTURE_KINDS)[number];
export const MAX_PICTURES = 9;
export const PICTURE_MAX_BYTES = 3 * 1024 * 1024;
/** "HD": at least this many pixels a side (the logo's "above 500×500" for both kinds). */
export const PICTURE_MIN_SIDE = 500;
/** 1:1 within 2 % (a 1000×1010 export is square to the eye). */
export const PICTURE_ASPECT_TOLERANCE = 0.02;
export const PICTURE_MIME = ['image/jpeg', 'image/png'] as const;
/** The upload kind comparison pictures go through (/api/uploads, checked by content). */
export const MONITOR_UPLOAD_KIND = 'monitorPicture';

const keyword = yup
  .object({
    text: requiredText(MAX_KEYWORD_LENGTH).test('nul', 'validation.invalid', (v) => !v || !/[\u0000-\u001f]/.test(v)),
    category: yup.string().oneOf([...KEYWORD_CATEGORIES], 'validation.invalid').default('other'),
  })
  .noUnknown();

/** Monitored content of a subscription: keywords, label, comparison pictures (uploads of kind monitorPicture). */
export const monitoredContentSchema = yup
  .object({
    label: optionalText(50),
    keywords: yup
      .array(keyword.required())
      .max(MAX_KEYWORDS, 'monitoring.keywordsMax')
      .test('unique', 'monitoring.keywordDuplicate', (v) => !v || new Set(v.map((k) => k.text?.toLowerCase())).size === v.length)
      .default([]),
    pictures: yup
      .array(
        yup
          .object({ uploadId: uploadId().required(), kind: yup.string().oneOf([...PICTURE_KINDS], 'validation.invalid').default('picture') })
          .noUnknown()
          .required(),
      )
      .max(MAX_PICTURES, 'monitoring.picturesMax')
      .test('unique', 'validation.invalid', (v) => !v || new Set(v.map((p) => p.uploadId)).size === v.length)
      .default([]),
  })
  .noUnknown();
export type MonitoredContent = yup.InferType<typeof monitoredContentSchema>;

/* Suspected infringements (suspecttort). */

/**
 * - new: found, not yet looked at
 * - ignored: the user ignored it
 * - authorised: found on a site the user marked as authorised (a licensee)
 * - reported: reported; staff review it in the `tort` queue, then it becomes a protection case
 */
export const SUSPECT_STATES = ['new', 'ignored', 'authorised', 'reported'] as const;
export type SuspectState = (typeof SUSPECT_STATES)[number];
/** What matched: a comparison picture (whole image or a part), the dark watermark, or keywords only. */
export const MATCH_KINDS = ['image', 'watermark', 'keyword'] as const;
export type MatchKind = (typeof MATCH_KINDS)[number];

/** Suspected-infringement number: "ST" + the detection day in China (yyyymmdd) + a 6-digit serial. */
export const SUSPECT_NUMBER_PATTERN = /^ST\d{14}$/;

export const SUSPECT_PAGE_SIZE = 20;
export const suspectListQuerySchema = yup
  .object({
    subscriptionId: trimmed().matches(UUID_PATTERN, { message: 'validation.invalid', excludeEmptyString: true }).default(''),
    state: trimmed().oneOf(['', ...SUSPECT_STATES], 'validation.invalid').default(''),
    match: trimmed().oneOf(['', ...MATCH_KINDS], 'validation.invalid').default(''),
    limit: yup.number().integer().min(1).max(100).default(SUSPECT_PAGE_SIZE),
    /** Newest first: (detectedAt, id). */
    after: keysetCursor(['date', 'uuid']),
  })
  .noUnknown();
export type SuspectListQuery = yup.InferType<typeof suspectListQuerySchema>;

/** A report: the protection application prefilled from the evidence, as the user finally sent it. */
export const suspectReportSchema = yup.object({ application: protectionSchema.required() }).noUnknown();
export type SuspectReportInput = yup.InferType<typeof suspectReportSchema>;
export { PROTECTION_KINDS };

/** The fitted transform of a local (part-of-picture) match: scale, rotation and shift from the original. */
export interface MatchTransform {
  scale: number;
  rotationDeg: number;
  dx: number;
  dy: number;
}

/** Evidence kept with a suspect, shown beside the original. */
export interface MatchEvidence {
  kind: MatchKind;
  /** Image matches: the comparison picture matched and how. */
  pictureId?: string;
  method?: 'global' | 'local';
  /** Global stage: PDQ Hamming distance (0–256). */
  distance?: number;
  /** Local stage: geometrically consistent keypoints, the fitted transform, and the share of the original the copy shows (0–1). */
  inliers?: number;
  transform?: MatchTransform;
  overlap?: number;
  /** The dark watermark read from the copy (it names this user's watermarked item). */
  watermarkItemId?: string;
  /** Keywords found in the page title or description (segmented text). */
  keywords?: string[];
}

/* The crawler's site list (admin). */

/** Part 2 §9 "fetch minimum delay 200 ms": the politeness floor between two requests to one host. */
export const MIN_CRAWL_DELAY_MS = 200;
export const MAX_CRAWL_DEPTH = 5;
export const MAX_CRAWL_CONCURRENCY = 4;
/** Pages fetched per site and crawl at most (a site too big for one crawl continues on the next). */
export const MAX_PAGES_PER_SITE = 2000;

export const crawlSiteSchema = yup
  .object({
    name: requiredText(100),
    /** Where the crawl starts; http or https only. */
    startUrl: requiredText(500).test('url', 'monitoring.siteUrl', (v) => !v || isCrawlableUrl(v)),
    /** Further hosts the crawl may follow links to (the start URL's host always). */
    extraHosts: yup.array(requiredText(253).matches(/^[a-z0-9.-]+(:\d{1,5})?$/i, 'monitoring.siteHost')).max(10).default([]),
    maxDepth: yup.number().strict().integer().min(0).max(MAX_CRAWL_DEPTH).default(2),
    delayMs: yup.number().strict().integer().min(MIN_CRAWL_DELAY_MS).max(60_000).default(1000),
    concurrency: yup.number().strict().integer().min(1).max(MAX_CRAWL_CONCURRENCY).default(1),
    /** Private and loopback addresses are refused unless this is set for the site. */
    allowPrivate: yup.boolean().strict().default(false),
    enabled: yup.boolean().strict().default(true),
  })
  .noUnknown();
export type CrawlSiteInput = yup.InferType<typeof crawlSiteSchema>;

export function isCrawlableUrl(v: string): boolean {
  try {
    const u = new URL(v);
    return (u.protocol === 'http:' || u.protocol === 'https:') && !u.username && !u.password && u.hostname.length > 0;
  } catch {
    return false;
  }
}

/** The `tort` queue's review of a report: confirm (a protection case starts) or dismiss with a reason. */
export const TORT_DISMISS_REASONS = ['notInfringing', 'authorised', 'insufficientEvidence', 'duplicate'] as const;
export const TORT_REVIEW_WORKING_DAYS = 5;
