import type { Knex } from 'knex';
import { ipNamesOf, type IpNames } from '../domain/ipNames';

/** The names of what an order or task is about: an IP (a title registration, a trade) or a law firm's listing. */
export async function subjectIpNames(k: Knex, subjectKind: string, subjectId: string): Promise<IpNames | null> {
  if (subjectKind === 'trade') {
    const trade = await k('trades as t').join('ipcis as i', 'i.id', 't.ipci_id').where('t.id', subjectId).first('i.ip_name_zh', 'i.ip_name_en', 'i.ip_name_ja');
    return trade ? ipNamesOf(trade) : null;
  }
  if (subjectKind === 'lawFirm') {
    const firm = await k('law_firms').where({ id: subjectId }).first('name_zh', 'name_en', 'name_ja');
    return firm ? ipNamesOf({ ip_name_zh: firm.name_zh, ip_name_en: firm.name_en, ip_name_ja: firm.name_ja }) : null;
  }
  if (subjectKind !== 'titleRegistration') return null;
  const row = await k('title_registrations').where({ id: subjectId }).first('ip_name_zh', 'ip_name_en', 'ip_name_ja');
  return row ? ipNamesOf(row) : null;
}
