import type { Knex } from 'knex';
import { makeIpciCode, type IpciKind, type IpciStatus, type StaffTakeDown } from '../domain/ipci';
import { ipciStatusOf } from './ipciList';
import { TERM_FROM_TO, type RegistrationState } from '../domain/titleRegistration';

/** Issued IPCIs (table ipcis): issuance and the certificate file's facts. The user's list is db/ipciList.ts. */

export interface IpciRow {
  id: string;
  code: string;
  registration_id: string;
  user_id: string;
  kind: IpciKind;
  holder: string;
  ip_name_zh: string;
  ip_name_en: string;
  ip_name_ja: string;
  issued_at: Date;
  valid_until: string | null;
  trade_taken_down: boolean;
  title_taken_down: boolean;
  invalid_at: Date | null;
  invalid_reason: string | null;
  staff_take_down: StaffTakeDown | null;
  /** An upheld objection's public reason category (domain OBJECTION_REASON_CATEGORIES). */
  revocation_category: string | null;
  certificate_key: string | null;
  certificate_sha256: string | null;
  certificate_signature: string | null;
  certificate_key_id: string | null;
  certificate_generated_at: Date | null;
  search_count: number;
  workflow_id: string;
}

/** valid_until as yyyy-mm-dd (a date column, never shifted through a time zone). */
const select = (k: Knex) => k<IpciRow>('ipcis').select('ipcis.*', k.raw(`valid_until::text as valid_until`));

export const ipciWorkflowId = (ipciId: string) => `ipciLifecycle/${ipciId}`;

/** Every row of the table is a paid certificate (issued after payment); the rest of the status is its flags. */
export const ipciStatus = (row: Pick<IpciRow, 'invalid_at' | 'trade_taken_down' | 'title_taken_down'> & { staff_take_down?: unknown }): IpciStatus => ipciStatusOf({ source: 'ipci', ...row });

export const ipciById = (k: Knex, id: string): Promise<IpciRow | undefined> => select(k).where('ipcis.id', id).first();
export const ipciByCode = (k: Knex, code: string): Promise<IpciRow | undefined> => select(k).where('ipcis.code', code).first();

/** The year of a moment in China time (UTC+8 all year): the year a code is issued in. */
export function chinaYear(at: Date): number {
  return Number(new Intl.DateTimeFormat('en-US', { timeZone: 'Asia/Shanghai', year: 'numeric' }).format(at));
}

export class IssuanceRefused extends Error {}

/**
 * The registration's IPCI, issued on the first call. The registration row is locked, so concurrent
 * or retried calls find the first call's row; a serial drawn by a transaction that then fails is
 * skipped, never handed out again (the sequence does not roll back).
 */
export async function issueIpciFor(k: Knex, registrationId: string, now = new Date()): Promise<IpciRow> {
  return k.transaction(async (trx) => {
    const reg = await trx('title_registrations').where({ id: registrationId }).forUpdate().first<{
      id: string;
      user_id: string;
      mode: IpciKind;
      state: RegistrationState;
      data: Record<string, unknown>;
      ip_name_zh: string;
      ip_name_en: string;
      ip_name_ja: string;
    }>();
    if (!reg) throw new IssuanceRefused(`no title registration ${registrationId}`);
    const existing = await select(trx).where('ipcis.registration_id', registrationId).first();
    if (existing) return existing;
    // The workflow issues right after payment; any other state means the call is a mistake.
    if (reg.state !== 'paid') throw new IssuanceRefused(`title registration ${registrationId} is ${reg.state}, not paid`);
    const [{ serial }] = (await trx.raw(`select nextval('ipci_serial_seq')::int as serial`)).rows;
    const [{ id }] = (await trx.raw('select gen_random_uuid()::text as id')).rows;
    const data = reg.data;
    await trx('ipcis').insert({
      id,
      code: makeIpciCode(chinaYear(now), serial, reg.mode),
      registration_id: reg.id,
      user_id: reg.user_id,
      kind: reg.mode,
      holder: String(data.holder ?? ''),
      ip_name_zh: reg.ip_name_zh,
      ip_name_en: reg.ip_name_en,
      ip_name_ja: reg.ip_name_ja,
      issued_at: now,
      valid_until: data.termType === TERM_FROM_TO && data.termTo ? String(data.termTo) : null,
      workflow_id: ipciWorkflowId(id),
    });
    await trx('title_registrations').where({ id: reg.id }).update({ ipci_id: id, updated_at: trx.fn.now() });
    return (await select(trx).where('ipcis.id', id).first())!;
  });
}

/** What the certificate shows beyond the ipcis row: category and rights term from the registration. */
export async function certificateFacts(k: Knex, ipciId: string) {
  const row = await select(k)
    .join('title_registrations as r', 'r.id', 'ipcis.registration_id')
    .select(k.raw(`r.data->>'ipCategory' as category, r.data->>'termType' as term_type, r.data->>'termFrom' as term_from, r.data->>'termTo' as term_to`))
    .where('ipcis.id', ipciId)
    .first();
  return row as (IpciRow & { category: string; term_type: string; term_from: string | null; term_to: string | null }) | undefined;
}

export async function saveCertificate(
  k: Knex,
  ipciId: string,
  file: { key: string; sha256: string; signature: string; keyId: string },
): Promise<void> {
  await k('ipcis').where({ id: ipciId }).update({
    certificate_key: file.key,
    certificate_sha256: file.sha256,
    certificate_signature: file.signature,
    certificate_key_id: file.keyId,
    certificate_generated_at: k.fn.now(),
  });
}

export async function countSearch(k: Knex, ipciId: string): Promise<void> {
  await k('ipcis').where({ id: ipciId }).increment('search_count', 1);
}
