import type { Knex } from 'knex';
import { ipNamesOf, type IpNames } from '../domain/ipNames';

/** The IP names of what an order or task is about, when it is an IP (a title registration, a trade). */
export async function subjectIpNames(k: Knex, subjectKind: string, subjectId: string): Promise<IpNames | null> {
  if (subjectKind === 'trade') {
    const trade = await k('trades as t').join('ipcis as i', 'i.id', 't.ipci_id').where('t.id', subjectId).first('i.ip_name_zh', 'i.ip_name_en', 'i.ip_name_ja');
    return trade ? ipNamesOf(trade) : null;
  }
  if (subjectKind !== 'titleRegistration') return null;
  const row = await k('title_registrations').where({ id: subjectId }).first('ip_name_zh', 'ip_name_en', 'ip_name_ja');
  return row ? ipNamesOf(row) : null;
}
