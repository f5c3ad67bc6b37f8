import type { Knex } from 'knex';
import { PROTECTION_UPLOAD_KIND, type EligibilityRule, type ProtectionData } from '../../domain/protection';
import { protectionRefusal } from '../../db/protection';
import { listedLawFirm } from '../../db/lawFirms';
import { HttpError } from '../errors';
import { checkOwnedUploads } from './ownedUploads';

export const protectionFileRefs = (field: string, ids: readonly string[]) => ids.map((id, i) => ({ field: `${field}[${i}]`, id, kind: PROTECTION_UPLOAD_KIND }));

const RULE_MESSAGE: Record<EligibilityRule, string> = { noValidIpci: 'protection.ipciNotValid', notNamedHolder: 'protection.notNamedHolder' };
export const unprocessable = (field: string, key: string) => new HttpError(422, 'unprocessable', key, {}, { [field]: { key } });

/**
 * What the platform checks of a protection application before it becomes a case, wherever it is sent
 * from (the protection form, a reported suspected infringement): the caller may apply with the IPCI,
 * a legal case names a listed firm, and every file is the caller's own evidence upload.
 */
export async function checkProtectionApplication(db: Knex, userId: string, data: ProtectionData): Promise<void> {
  const rule = await protectionRefusal(db, userId, data.ipciId);
  if (rule) throw unprocessable('ipciId', RULE_MESSAGE[rule]);
  if (data.kind === 'legal' && !(await listedLawFirm(db, data.lawFirmId))) throw unprocessable('lawFirmId', 'protection.lawFirmNotListed');
  await checkOwnedUploads(db, userId, [...protectionFileRefs('proof', data.proof), ...protectionFileRefs('supplementary', data.supplementary)]);
}
