import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { publishListing } from '../../db/listings';
import { makeIpciCode } from '../../domain/ipci';
import { testDb } from './http';
import { completeTitleData } from './titleData';

export interface ListedIpOptions {
  names?: { zh: string; en: string; ja: string };
  holder?: string;
  /** Registration fields over completeTitleData's (exclusive, sublicensing, termType, ipCategory…). */
  data?: Record<string, unknown>;
}

/**
 * An issued IPCI of `userId` published in the catalogue the way its lifecycle publishes it
 * (publishListing), without audit, payment or workflow (in the test database unless `k` is given, e.g. a benchmark's).
 */
export async function listedIp(userId: string, o: ListedIpOptions = {}, k: Knex = testDb()) {
  const registrationId = randomUUID();
  const names = o.names ?? { zh: '青花瓷之韵', en: 'Charm of Blue and White', ja: '青花の韻' };
  const data = {
    ...completeTitleData({ images: Array.from({ length: 6 }, () => randomUUID()), proof: randomUUID() }, names.zh),
    ipNameEn: names.en,
    ipNameJa: names.ja,
    ...(o.holder ? { holder: o.holder } : {}),
    ...o.data,
  };
  await k('title_registrations').insert({
    id: registrationId,
    user_id: userId,
    mode: 'first',
    state: 'completed',
    data: JSON.stringify(data),
    ip_name_zh: names.zh,
    ip_name_en: names.en,
    ip_name_ja: names.ja,
    workflow_id: `titleAudit/${registrationId}`,
  });
  const { rows } = await k.raw(`select nextval('ipci_serial_seq') as serial`);
  const code = makeIpciCode(new Date().getFullYear(), Number(rows[0].serial));
  const id = randomUUID();
  await k('ipcis').insert({
    id,
    code,
    registration_id: registrationId,
    user_id: userId,
    kind: 'first',
    holder: data.holder,
    ip_name_zh: names.zh,
    ip_name_en: names.en,
    ip_name_ja: names.ja,
    workflow_id: `ipciLifecycle/${id}`,
  });
  await k('title_registrations').where({ id: registrationId }).update({ ipci_id: id });
  await publishListing(k, id);
  return { id, code, registrationId, data };
}
