import type { Knex } from 'knex';
import { ipNamesOf, type IpNames } from '../domain/ipNames';

/** The IP names of what an order or task is about, when it is an IP (a title registration). */
export async function subjectIpNames(k: Knex, subjectKind: string, subjectId: string): Promise<IpNames | null> {
  if (subjectKind !== 'titleRegistration') return null;
  const row = await k('title_registrations').where({ id: subjectId }).first('ip_name_zh', 'ip_name_en', 'ip_name_ja');
  return row ? ipNamesOf(row) : null;
}
