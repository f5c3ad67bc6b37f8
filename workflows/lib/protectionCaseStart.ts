import type { ProtectionKind } from '../../domain/protection';
import type { ProtectionCaseInput } from '../protectionCase';
import { CaseId, CaseKind, CaseState, IpciCode, OwnerUserId } from './searchAttributes';

/**
 * How a protection case's workflow is started, whoever starts it: the API for an application sent
 * from the protection form (api/routes/protection.ts) and the tortReport workflow for a report staff
 * confirmed (as its child). One set of options, so both cases are found in Temporal the same way.
 */
export function protectionCaseStart(c: { caseId: string; workflowId: string; userId: string; kind: ProtectionKind; code: string; slaOverrideMs?: number }) {
  const title = `Rights protection (${c.kind}) with IPCI ${c.code}`;
  const args: [ProtectionCaseInput] = [{ caseId: c.caseId, userId: c.userId, kind: c.kind, code: c.code, slaOverrideMs: c.slaOverrideMs }];
  return {
    workflowId: c.workflowId,
    args,
    typedSearchAttributes: [
      { key: CaseId, value: c.caseId },
      { key: CaseKind, value: 'protectionCase' },
      { key: CaseState, value: 'acceptance' },
      { key: OwnerUserId, value: c.userId },
      { key: IpciCode, value: c.code },
    ],
    memo: { title },
    staticSummary: title,
    staticDetails: `Protection case ${c.caseId} of user ${c.userId}; its staff tasks live in queue "protection".`,
  };
}
