import type { Knex } from 'knex';
import { formatIpciCode } from '../domain/ipci';
import { ipNameIn, ipNamesOf, type IpNames } from '../domain/ipNames';
import { LANGUAGES } from '../domain/languages';

export interface TaskTitle {
  title: string;
  /** Per site language, when the title names an IP (its name in that language when entered). */
  titles: Record<string, string> | null;
}

const inEveryLanguage = (names: IpNames, line: (name: string) => string): TaskTitle => ({
  title: line(names.zh),
  titles: Object.fromEntries(LANGUAGES.map((l) => [l, line(ipNameIn(names, l))])),
});

/**
 * The inbox title of a case, read from the database so that names never enter workflow
 * history or search attributes.
 */
export async function taskTitle(k: Knex, caseKind: string, caseId: string): Promise<TaskTitle> {
  return (await ipTitle(k, caseKind, caseId)) ?? { title: await plainTitle(k, caseKind, caseId), titles: null };
}

async function ipTitle(k: Knex, caseKind: string, caseId: string): Promise<TaskTitle | null> {
  if (caseKind === 'titleAudit') {
    const row = await k('title_registrations as r').join('users as u', 'u.id', 'r.user_id').where('r.id', caseId).first('r.ip_name_zh', 'r.ip_name_en', 'r.ip_name_ja', 'u.username');
    return row ? inEveryLanguage(ipNamesOf(row), (name) => `${name} (${row.username})`) : null;
  }
  // A trade's task names its IP and its buyer, whichever workflow runs it.
  if (caseKind === 'tradeOrder' || caseKind === 'entrustedTrade') {
    const row = await k('trades as t').join('ipcis as i', 'i.id', 't.ipci_id').join('users as u', 'u.id', 't.buyer_id').where('t.id', caseId).first('i.ip_name_zh', 'i.ip_name_en', 'i.ip_name_ja', 'u.username');
    return row ? inEveryLanguage(ipNamesOf(row), (name) => `${name} (${row.username})`) : null;
  }
  if (caseKind === 'orderPayment') {
    const row = await k('orders as o').join('users as u', 'u.id', 'o.user_id').where('o.id', caseId).first('o.order_no', 'o.names', 'u.username');
    return row?.names ? inEveryLanguage(row.names, (name) => `${row.order_no} ${name} (${row.username})`) : null;
  }
  if (caseKind === 'objection') {
    const row = await k('objections as o').join('ipcis as i', 'i.id', 'o.ipci_id').join('users as u', 'u.id', 'o.objector_id').where('o.id', caseId).first('i.ip_name_zh', 'i.ip_name_en', 'i.ip_name_ja', 'u.username');
    return row ? inEveryLanguage(ipNamesOf(row), (name) => `${name} (${row.username})`) : null;
  }
  // A law firm's listing tasks name the firm (in the reader's language when entered) and its account.
  if (caseKind === 'lawFirmListing') {
    const row = await k('law_firms as f').join('users as u', 'u.id', 'f.user_id').where('f.id', caseId).first('f.name_zh', 'f.name_en', 'f.name_ja', 'u.username');
    return row ? inEveryLanguage({ zh: row.name_zh, en: row.name_en, ja: row.name_ja }, (name) => `${name} (${row.username})`) : null;
  }
  if (caseKind === 'manufacturerListing') {
    const row = await k('manufacturers as m').join('users as u', 'u.id', 'm.user_id').where('m.id', caseId).first('m.name_zh', 'm.name_en', 'm.name_ja', 'u.username');
    return row ? inEveryLanguage({ zh: row.name_zh, en: row.name_en, ja: row.name_ja }, (name) => `${name} (${row.username})`) : null;
  }
  // A report names the IP it protects, the suspected-infringement number and the reporter.
  if (caseKind === 'tortReport') {
    const row = await k('tort_reports as r').join('suspects as s', 's.id', 'r.suspect_id').join('ipcis as i', 'i.id', 's.ipci_id').join('users as u', 'u.id', 'r.user_id').where('r.id', caseId).first('i.ip_name_zh', 'i.ip_name_en', 'i.ip_name_ja', 's.number', 'u.username');
    return row ? inEveryLanguage(ipNamesOf(row), (name) => `${row.number} ${name} (${row.username})`) : null;
  }
  return null;
}

async function plainTitle(k: Knex, caseKind: string, caseId: string): Promise<string> {
  if (caseKind === 'identityReview') {
    const row = await k('identity_certifications as c').join('users as u', 'u.id', 'c.user_id').where('c.id', caseId).first('c.kind', 'c.data', 'u.username');
    if (!row) return caseId;
    const name = row.kind === 'enterprise' ? row.data.companyNameZh : row.data.name;
    return `${name} (${row.username})`;
  }
  if (caseKind === 'accountCancellation') {
    const row = await k('account_cancellations as c').join('users as u', 'u.id', 'c.user_id').where('c.id', caseId).first('u.display_name', 'u.username');
    return row ? `${row.display_name} (${row.username})` : caseId;
  }
  if (caseKind === 'orderPayment') {
    const row = await k('orders as o').join('users as u', 'u.id', 'o.user_id').where('o.id', caseId).first('o.order_no', 'o.name', 'u.username');
    return row ? `${row.order_no} ${row.name} (${row.username})` : caseId;
  }
  if (caseKind === 'paperCertificate') {
    const row = await k('paper_certificates as p').join('ipcis as i', 'i.id', 'p.ipci_id').join('users as u', 'u.id', 'p.user_id').where('p.id', caseId).first('i.code', 'u.username');
    return row ? `${formatIpciCode(row.code)} (${row.username})` : caseId;
  }
  return caseId;
}
