import type { IpNames } from '../../../../domain/ipNames';
import type { MatchEvidence, MatchKind, MonitoringPlan, PauseReason, SubscriptionState } from '../../../../domain/monitoring';
import type { TortReportState } from '../../../../domain/monitoringAdmin';
import type { ProtectionData } from '../../../../domain/protection';
import type { UploadMap } from '../../api/types';

/** As the back-office API sends them (api/routes/monitoringAdmin.ts, db/tortReports.ts, db/monitoringAdmin.ts). */
export interface Person {
  id: string;
  username: string;
  displayName: string;
}

export interface TortReport {
  id: string;
  suspectId: string;
  suspectNumber: string;
  state: TortReportState;
  reason: string | null;
  comment: string | null;
  protectionCaseId: string | null;
  createdAt: string;
  decidedAt: string | null;
  application: ProtectionData;
}

export interface TortReportRow extends TortReport {
  reporter: Person;
  website: string;
  workTitle: string;
  pageUrl: string;
}

export interface ReportedSuspect {
  id: string;
  number: string;
  workTitle: string;
  website: string;
  pageUrl: string;
  imageUrl: string;
  matchKind: MatchKind;
  evidence: MatchEvidence;
  detectedAt: string;
  originalUploadId: string | null;
  hasCopy: boolean;
  snapshot: { title: string; text: string; sha256: string | null; fetchedAt: string | null };
}

/** The inbox subject of a tort task (api/lib/subjects/tortReport.ts). */
export interface TortSubject {
  report: TortReport;
  suspect: ReportedSuspect | null;
  user: { id: string; username: string; displayName: string } | null;
  uploads: UploadMap;
}

export interface TortReportDetail {
  report: TortReport;
  suspect: ReportedSuspect | null;
  reporter: Person | null;
  uploads: UploadMap;
  workflowUrl: string;
  task: { taskId: string; step: string; status: 'open' | 'claimed' } | null;
}

export interface CrawlSite {
  id: string;
  name: string;
  startUrl: string;
  extraHosts: string[];
  maxDepth: number;
  delayMs: number;
  concurrency: number;
  allowPrivate: boolean;
  enabled: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface CrawlFetch {
  id: number;
  runId: string | null;
  kind: string;
  url: string;
  outcome: string;
  status: number | null;
  ms: number;
  bytes: number;
  error: string | null;
  fetchedAt: string;
}

export interface CrawlRun {
  id: string;
  trigger: string;
  startedAt: string;
  finishedAt: string | null;
  pagesFetched: number;
  pagesUnchanged: number;
  errors: number;
  bytes: number;
}

export interface AdminSubscription {
  id: string;
  user: Person;
  ipciId: string;
  ipciCode: string;
  ipNames: IpNames;
  plan: MonitoringPlan;
  state: SubscriptionState;
  pausedReason: PauseReason | null;
  label: string;
  keywords: number;
  startsAt: string | null;
  expiresAt: string | null;
  lastCrawlAt: string | null;
  nextCrawlAt: string | null;
  orderId: string | null;
  orderNo: string | null;
  renewalOf: string | null;
  createdAt: string;
  suspects: number;
}

export interface Page<T> {
  items: T[];
  next: string | null;
}
