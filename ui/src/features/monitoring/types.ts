import type { IpNames } from '../../../../domain/ipNames';
import type { KeywordCategory, MatchEvidence, MatchKind, MonitoringPlan, PauseReason, PictureKind, SubscriptionState, SuspectState } from '../../../../domain/monitoring';
import type { OrderState } from '../../../../domain/orders';
import type { ProtectionData } from '../../../../domain/protection';
import type { Upload, UploadMap } from '../../api/types';

/** GET /api/monitoring/plans */
export interface PlanOffer {
  plan: MonitoringPlan;
  days: number;
  priceFen: number;
}

/** GET /api/monitoring/ipcis: the reader's IPCIs, each with why it cannot be monitored. */
export interface MonitoringIpci {
  id: string;
  code: string;
  ipName: string;
  names: IpNames;
  valid: boolean;
  reason: PauseReason | string | null;
}

export interface MonitoringKeyword {
  text: string;
  category: KeywordCategory;
}

/** api/routes/monitoring.ts SubscriptionJson; validFrom/validUntil are China dates (yyyy-mm-dd). */
export interface SubscriptionJson {
  id: string;
  ipciId: string;
  ipciCode: string;
  ipName: string;
  ipNames: IpNames;
  plan: MonitoringPlan;
  state: SubscriptionState;
  pausedReason: PauseReason | null;
  label: string;
  keywords: MonitoringKeyword[];
  startsAt: string | null;
  expiresAt: string | null;
  validFrom: string | null;
  validUntil: string | null;
  lastCrawlAt: string | null;
  nextCrawlAt: string | null;
  orderId: string | null;
  orderState: OrderState | null;
  renewalOf: string | null;
  createdAt: string;
  suspects: { new: number; total: number };
}

export interface PictureJson {
  id: string;
  uploadId: string;
  kind: PictureKind;
  width: number | null;
  height: number | null;
  url: string;
}

export interface SubscriptionPage {
  items: SubscriptionJson[];
  next: string | null;
}

export interface SubscriptionDetail {
  subscription: SubscriptionJson;
  pictures: PictureJson[];
  /** The comparison pictures' uploads, as a list. */
  uploads: Upload[];
}

/** POST /api/monitoring/subscriptions and …/renew */
export interface OrderAnswer {
  subscription: SubscriptionJson;
  orderId: string;
}

export interface SuspectJson {
  id: string;
  number: string;
  subscriptionId: string;
  ipciId: string;
  workTitle: string;
  workTitles?: IpNames;
  detectedAt: string;
  website: string;
  imageUrl: string | null;
  pageUrl: string;
  state: SuspectState;
  matchKind: MatchKind;
  evidence: MatchEvidence;
  hasCopy: boolean;
  reportId: string | null;
}

export interface SuspectDetailJson extends SuspectJson {
  snapshot: { title: string; text: string; sha256: string | null; fetchedAt: string | null; hasHtml: boolean };
  original: PictureJson | null;
  report: { id: string; state: string; protectionCaseId: string | null } | null;
}

export interface SuspectPage {
  items: SuspectJson[];
  next: string | null;
  newCount: number;
}

export interface SuspectDetail {
  suspect: SuspectDetailJson;
  previousId: string | null;
  nextId: string | null;
}

/** GET /api/suspects/:id/report-draft */
export interface ReportDraft {
  application: ProtectionData;
  uploads: UploadMap;
}

export interface TortReportJson {
  id: string;
  suspectId: string;
  suspectNumber: string;
  state: string;
  reason: string | null;
  comment: string | null;
  protectionCaseId: string | null;
  createdAt: string;
  decidedAt: string | null;
  application: ProtectionData;
}
