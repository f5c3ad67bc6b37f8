import type { Knex } from 'knex';
import { UUID_PATTERN } from '../domain/validation/rules';
import { cancellationWorkflowId } from './cancellations';
import { identityWorkflowId } from './identity';
import { titleWorkflowId } from './titleRegistrations';
import { paperWorkflowId } from './paperCertificates';
import { orderWorkflowId } from './orders';

interface CaseRef {
  ownerId: string;
  workflowId: string;
  /** Others who may read the timeline beside the owner (a trade's seller beside its buyer). */
  viewerIds?: string[];
}

/** Who owns a case and which workflow runs it, per process kind. */
const RESOLVERS: Record<string, (k: Knex, id: string) => Promise<CaseRef | undefined>> = {
  ipciLifecycle: async (k, id) => {
    const row = await k('ipcis').where({ id }).first('user_id', 'workflow_id');
    return row && { ownerId: row.user_id, workflowId: row.workflow_id };
  },
  paperCertificate: async (k, id) => {
    const row = await k('paper_certificates').where({ id }).first('user_id');
    return row && { ownerId: row.user_id, workflowId: paperWorkflowId(id) };
  },
  identityReview: async (k, id) => {
    const row = await k('identity_certifications').where({ id }).first('user_id');
    return row && { ownerId: row.user_id, workflowId: identityWorkflowId(id) };
  },
  accountCancellation: async (k, id) => {
    const row = await k('account_cancellations').where({ id }).first('user_id');
    return row && { ownerId: row.user_id, workflowId: cancellationWorkflowId(id) };
  },
  orderPayment: async (k, id) => {
    const row = await k('orders').where({ id }).first('user_id');
    return row && { ownerId: row.user_id, workflowId: orderWorkflowId(id) };
  },
  // The objector's case; the holder sees their side on their own answer page.
  objection: async (k, id) => {
    const row = await k('objections').where({ id }).first('objector_id', 'workflow_id');
    return row && { ownerId: row.objector_id, workflowId: row.workflow_id };
  },
  // A self-service trade or contact-seller case: its buyer and its seller both follow it.
  tradeOrder: async (k, id) => {
    const row = await k('trades').whereIn('mode', ['selfService', 'contactSeller']).where({ id }).first('buyer_id', 'seller_id', 'workflow_id');
    return row && { ownerId: row.buyer_id, viewerIds: [row.seller_id], workflowId: row.workflow_id };
  },
  entrustedTrade: async (k, id) => {
    const row = await k('trades').where({ id, mode: 'entrusted' }).first('buyer_id', 'seller_id', 'workflow_id');
    return row && { ownerId: row.buyer_id, viewerIds: [row.seller_id], workflowId: row.workflow_id };
  },
  protectionCase: async (k, id) => {
    const row = await k('protection_cases').where({ id }).first('user_id', 'workflow_id');
    return row && { ownerId: row.user_id, workflowId: row.workflow_id };
  },
  // The applying account follows its law firm's listing.
  lawFirmListing: async (k, id) => {
    const row = await k('law_firms').where({ id }).first('user_id', 'workflow_id');
    return row && { ownerId: row.user_id, workflowId: row.workflow_id };
  },
  // The applying account follows its manufacturer's listing.
  manufacturerListing: async (k, id) => {
    const row = await k('manufacturers').where({ id }).first('user_id', 'workflow_id');
    return row && { ownerId: row.user_id, workflowId: row.workflow_id };
  },
  // The reporting user follows their report until it becomes a protection case (which has its own timeline).
  tortReport: async (k, id) => {
    const row = await k('tort_reports').where({ id }).first('user_id', 'workflow_id');
    return row && { ownerId: row.user_id, workflowId: row.workflow_id };
  },
  // The subscriber follows their monitoring plan: payment, activation, pauses, expiry.
  monitoringSubscription: async (k, id) => {
    const row = await k('monitoring_subscriptions').where({ id }).first('user_id', 'workflow_id');
    return row && { ownerId: row.user_id, workflowId: row.workflow_id };
  },
  titleAudit: async (k, id) => {
    const row = await k('title_registrations').where({ id }).first('user_id');
    return row && { ownerId: row.user_id, workflowId: titleWorkflowId(id) };
  },
};

export async function caseRef(k: Knex, kind: string, id: string): Promise<CaseRef | undefined> {
  // Own keys only: `constructor` or `__proto__` from the path is no process kind.
  if (!Object.hasOwn(RESOLVERS, kind) || !UUID_PATTERN.test(id)) return undefined;
  return RESOLVERS[kind](k, id);
}
