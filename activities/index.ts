import type { Knex } from 'knex';
import type { ObjectStore } from '../storage';
import { accountCancellationActivities } from './accountCancellation';
import { accountRetentionActivities } from './accountRetention';
import { entrustedTradeActivities } from './entrustedTrade';
import { identityReviewActivities } from './identityReview';
import { ipciIssuanceActivities } from './ipciIssuance';
import { ipciLifecycleActivities } from './ipciLifecycle';
import { paperCertificateActivities } from './paperCertificate';
import { messageActivities } from './messages';
import { orderPaymentActivities } from './orderPayment';
import { progressActivities } from './progress';
import { taskActivities } from './tasks';
import { titleAuditActivities } from './titleAudit';
import { objectionActivities } from './objection';
import { protectionCaseActivities } from './protectionCase';
import { tradeOrderActivities } from './tradeOrder';
import { workingDayActivities } from './workingDays';
import { lawFirmListingActivities } from './lawFirmListing';
import { capacityPurchaseActivities } from './capacityPurchase';
import { manufacturerListingActivities } from './manufacturerListing';
import { watermarkBatchActivities } from './watermarkBatch';
import { crawlActivities } from './crawl';
import { tortReportActivities } from './tortReport';

import { monitoringSubscriptionActivities } from './monitoringSubscription';
import { monitoringMatchActivities } from './monitoringMatch';
/** Activities close over one database pool and one store (storage/appStore) per worker process. */
export function createActivities(k: Knex, store: ObjectStore) {
  return {
    ...taskActivities(k),
    ...progressActivities(k),
    ...messageActivities(k),
    ...identityReviewActivities(k),
    ...accountCancellationActivities(k),
    ...accountRetentionActivities(k, store),
    ...workingDayActivities(k),
    ...ipciLifecycleActivities(k),
    ...paperCertificateActivities(k),
    ...orderPaymentActivities(k),
    ...ipciIssuanceActivities(k, store),
    ...titleAuditActivities(k),
    ...objectionActivities(k),
    ...protectionCaseActivities(k),
    ...entrustedTradeActivities(k),
    ...tradeOrderActivities(k),
    ...lawFirmListingActivities(k),
    ...capacityPurchaseActivities(k),
    ...manufacturerListingActivities(k),
    ...watermarkBatchActivities(k, store),
    ...crawlActivities(k, store),
    ...tortReportActivities(k),
    ...monitoringSubscriptionActivities(k),
    ...monitoringMatchActivities(k, store),
  };
}

export type Activities = ReturnType<typeof createActivities>;
