import type { Knex } from 'knex';
import { identityFields, uploadRefs } from '../../domain/identity';
import type { Decision, DecisionShape } from '../../domain/tasks';
import { certification, toCertificationJson } from '../../db/identity';
import { findUploads, toUploadJson } from '../../db/uploads';
import { findUser } from '../../db/users';
import { CANCELLATION_DECISION_FIELDS } from '../../domain/security';
import { cancellation, toCancellationJson } from '../../db/cancellations';
import { orderPaymentSubject } from './subjects/orderPayment';
import { paperCertificateSubject } from './subjects/paperCertificate';
import { titleAuditSubject } from './subjects/titleAudit';
import { tradeOrderSubject } from './subjects/tradeOrder';
import { objectionSubject } from './subjects/objection';
import { entrustedTradeSubject } from './subjects/entrustedTrade';
import { lawFirmListingSubject } from './subjects/lawFirmListing';
import { manufacturerListingSubject } from './subjects/manufacturerListing';
import { protectionCaseSubject } from './subjects/protectionCase';
import { tortReportSubject } from './subjects/tortReport';

/**
 * What a reviewer sees of one process kind's task subject, and what a decision on it may carry.
 * One entry per process kind; each process keeps its entry beside its own code.
 */
export interface SubjectSource {
  subject(k: Knex, caseId: string, workflowUrl: string): Promise<unknown>;
  /** One small read, for checking a decision. */
  shape(k: Knex, caseId: string): Promise<DecisionShape>;
  /** What the shape cannot say about a decision's values (e.g. negotiated licence terms): throws a 400 with fields. */
  checkDecision?(k: Knex, caseId: string, decision: Decision): Promise<void>;
}

const NONE: DecisionShape = { fields: [] };

export const userSummary = (user: { id: string; username: string; display_name: string; kind: string | null } | undefined) =>
  user && { id: user.id, username: user.username, displayName: user.display_name, kind: user.kind };

const identityReview: SubjectSource = {
  async subject(k, caseId, workflowUrl) {
    const cert = await certification(k, caseId);
    if (!cert) return null;
    const user = await findUser(k, cert.user_id);
    const ids = uploadRefs(cert.kind, cert.data).map((r) => r.id);
    const uploads = Object.fromEntries((await findUploads(k, ids)).map((u) => [u.id, toUploadJson(u)]));
    return { certification: toCertificationJson(cert, workflowUrl), user: userSummary(user), uploads };
  },
  async shape(k, caseId) {
    const cert = await k('identity_certifications').where({ id: caseId }).first('kind');
    return cert ? { fields: identityFields(cert.kind) } : NONE;
  },
};

/** An account cancellation: who asks, why and when; a rejection flags the request with the reason for the user. */
const accountCancellation: SubjectSource = {
  async subject(k, caseId) {
    const row = await cancellation(k, caseId);
    const user = row && (await findUser(k, row.user_id));
    return row ? { cancellation: toCancellationJson(row), user: userSummary(user) } : null;
  },
  shape: async () => ({ fields: [...CANCELLATION_DECISION_FIELDS] }),
};

const SOURCES: Record<string, SubjectSource> = {
  identityReview,
  accountCancellation,
  paperCertificate: paperCertificateSubject,
  titleAudit: titleAuditSubject,
  orderPayment: orderPaymentSubject,
  tradeOrder: tradeOrderSubject,
  objection: objectionSubject,
  entrustedTrade: entrustedTradeSubject,
  lawFirmListing: lawFirmListingSubject,
  manufacturerListing: manufacturerListingSubject,
  protectionCase: protectionCaseSubject,
  tortReport: tortReportSubject,
};

/** The task detail's subject and decision shape (fields, categories, values) for its process kind. */
export async function taskSubject(k: Knex, caseKind: string, caseId: string, workflowUrl: string) {
  const source = SOURCES[caseKind];
  if (!source) return { subject: null, ...NONE };
  const [subject, shape] = await Promise.all([source.subject(k, caseId, workflowUrl), source.shape(k, caseId)]);
  return { subject, ...(subject ? shape : NONE) };
}

export async function decisionShape(k: Knex, caseKind: string, caseId: string): Promise<DecisionShape> {
  return SOURCES[caseKind] ? SOURCES[caseKind].shape(k, caseId) : NONE;
}

/** A process kind's own checks of a decision beyond its shape (none for most). */
export async function checkDecision(k: Knex, caseKind: string, caseId: string, decision: Decision): Promise<void> {
  await SOURCES[caseKind]?.checkDecision?.(k, caseId, decision);
}
