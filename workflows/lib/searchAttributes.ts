import { defineSearchAttributeKey, SearchAttributeType } from '@temporalio/common';

/** Registered on the dev server from temporal.yaml; ids and states only, never personal data. */
export const CaseId = defineSearchAttributeKey('CaseId', SearchAttributeType.KEYWORD);
export const CaseKind = defineSearchAttributeKey('CaseKind', SearchAttributeType.KEYWORD);
export const CaseState = defineSearchAttributeKey('CaseState', SearchAttributeType.KEYWORD);
export const OwnerUserId = defineSearchAttributeKey('OwnerUserId', SearchAttributeType.KEYWORD);
export const InboxQueue = defineSearchAttributeKey('InboxQueue', SearchAttributeType.KEYWORD);
export const IpciCode = defineSearchAttributeKey('IpciCode', SearchAttributeType.KEYWORD);
