import { randomUUID } from 'node:crypto';
import { Caller, testDb } from './http';

const MB = 1024 * 1024;

/**
 * Gives a user capacity as a paid anti-counterfeit package would (a package, its paid order and the
 * grant), in whole M; `expired` makes a grant that ended yesterday. Straight into the database: the
 * purchase itself is the capacity tests' subject, the gallery's is what capacity allows.
 */
export async function grantCapacity(userId: string, megabytes: number, o: { expired?: boolean } = {}): Promise<void> {
  const db = testDb();
  const [pkg] = await db('capacity_packages')
    .insert({ name_zh: `测试套餐${megabytes}M`, capacity: megabytes, capacity_unit: 'M', capacity_bytes: megabytes * MB, validity_months: 12, price_fen: 100, on_sale: false })
    .returning('id');
  const tag = randomUUID();
  const [order] = await db('orders')
    .insert({
      order_no: `G${tag.replace(/-/g, '').slice(0, 20)}`,
      dedupe_key: `gallery-test/${tag}`,
      user_id: userId,
      type: 'antiCounterfeit',
      subject_kind: 'capacityPackage',
      subject_id: pkg.id,
      name: `测试套餐${megabytes}M`,
      amount: 100,
      order_state: 2,
      workflow_id: `gallery-test/${tag}`,
      deadline_at: db.fn.now(),
      paid_at: db.fn.now(),
    })
    .returning('id');
  const day = 24 * 3600 * 1000;
  const [starts, expires] = o.expired ? [new Date(Date.now() - 400 * day), new Date(Date.now() - day)] : [new Date(Date.now() - day), new Date(Date.now() + 365 * day)];
  await db('capacity_grants').insert({
    user_id: userId,
    order_id: order.id,
    package_id: pkg.id,
    package: JSON.stringify({ packageId: pkg.id, nameZh: `测试套餐${megabytes}M`, nameEn: '', nameJa: '', capacity: megabytes, capacityUnit: 'M', bytes: megabytes * MB, validityMonths: 12, priceFen: 100 }),
    bytes: megabytes * MB,
    starts_at: starts,
    expires_at: expires,
  });
}

/** POST /api/gallery/files as the page sends it: the size first (in the query), then the file. */
export function galleryUpload(caller: Caller, bytes: Buffer, name: string, o: { size?: number; folderId?: string } = {}) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  const query = new URLSearchParams({ size: String(o.size ?? bytes.length), ...(o.folderId ? { folderId: o.folderId } : {}) });
  return caller.request('POST', `/api/gallery/files?${query}`, form);
}
