import type { Knex } from 'knex';
import { chinaDate } from '../domain/dates';
import { makePublicityNo, type PublicityData } from '../domain/protection';
import { chinaYear } from './ipcis';

/** The next publicity number (domain makePublicityNo) from a sequence that is never reset. */
export async function nextPublicityNo(k: Knex, at = new Date()): Promise<string> {
  const { rows } = await k.raw(`select nextval('protection_publicity_seq')::int as serial`);
  return makePublicityNo(chinaYear(at), rows[0].serial);
}

/**
 * A processed case staff chose to publish gets its publicity number and an unpublished draft entry,
 * prefilled from the case; staff approve the text and publish it in the back office (rightPublic).
 * Idempotent: a second call finds the case's entry (one per case) and returns its number.
 */
export async function createPublicityDraft(k: Knex, caseId: string, at = new Date()): Promise<string> {
  return k.transaction(async (trx) => {
    const c = await trx('protection_cases as c')
      .join('ipcis as i', 'i.id', 'c.ipci_id')
      .where('c.id', caseId)
      .forUpdate('c')
      .first('c.id', 'c.kind', 'c.data', 'c.result', 'c.outcome', 'c.publicity_no', 'c.processed_at', 'i.ip_name_zh', 'i.ip_name_en', 'i.ip_name_ja');
    if (!c) throw new Error(`no protection case ${caseId}`);
    if (c.publicity_no) return c.publicity_no as string;
    const publicityNo = await nextPublicityNo(trx, at);
    const data: Omit<PublicityData, 'published'> = {
      kind: c.kind,
      titleZh: c.ip_name_zh,
      titleEn: c.ip_name_en ?? '',
      titleJa: c.ip_name_ja ?? '',
      ipNameZh: c.ip_name_zh,
      ipNameEn: c.ip_name_en ?? '',
      ipNameJa: c.ip_name_ja ?? '',
      infringer: String(c.data?.infringer ?? ''),
      result: c.result ?? 'resolved',
      summaryZh: c.outcome ?? '',
      summaryEn: '',
      summaryJa: '',
      processedOn: chinaDate(c.processed_at ?? at),
    };
    await trx('protection_publicity').insert({ publicity_no: publicityNo, case_id: caseId, kind: c.kind, data: JSON.stringify(data) });
    await trx('protection_cases').where({ id: caseId }).update({ publicity_no: publicityNo, updated_at: trx.fn.now() });
    return publicityNo;
  });
}
