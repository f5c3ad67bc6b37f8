import { accountCancellation } from './accountCancellation';
import { entrustedTrade } from './entrustedTrade';
import { identityReview } from './identityReview';
import { ipciLifecycle } from './ipciLifecycle';
import type { ProcessModel } from './model';
import { orderPayment } from './orderPayment';
import { paperCertificate } from './paperCertificate';
import { titleAudit } from './titleAudit';
import { objection } from './objection';
import { tradeOrder } from './tradeOrder';
import { protectionCase } from './protectionCase';
import { lawFirmListing } from './lawFirmListing';
import { manufacturerListing } from './manufacturerListing';
import { monitoringSubscription } from './monitoringSubscription';
import { tortReport } from './tortReport';

export * from './model';
export const PROCESSES: Record<string, ProcessModel> = { identityReview, accountCancellation, titleAudit, orderPayment, ipciLifecycle, paperCertificate, tradeOrder, objection, entrustedTrade, protectionCase, lawFirmListing, manufacturerListing, monitoringSubscription, tortReport };
export const CASE_KINDS = Object.keys(PROCESSES);
