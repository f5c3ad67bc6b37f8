import type { Knex } from 'knex';
import { capacityBytes, capacitySummary, CAPACITY_RECORD_TYPE, type CapacityPackageInput, type CapacitySummary, type CapacityUnit } from '../domain/capacity';
import type { IpNames } from '../domain/ipNames';
import { CHINA_TIME_ZONE } from '../domain/dates';
import { ORDER_STATE } from '../domain/orders';
import { UUID_PATTERN } from '../domain/validation/rules';
import { keysetPage, newestFirst, type KeysetRequest } from './keyset';

export interface CapacityPackageRow {
  id: string;
  name_zh: string;
  name_en: string;
  name_ja: string;
  capacity: number;
  capacity_unit: CapacityUnit;
  capacity_bytes: string | number; // bigint comes back as text
  validity_months: number;
  price_fen: string | number;
  on_sale: boolean;
  sort: number;
  created_at: Date;
  updated_at: Date;
  /** Paid grants of the package (admin list and detail only). */
  sold?: string | number;
}

/**
 * The order field antiPackage (orders.anti_package): the package as it was when ordered, from which
 * the paid order's grant is made.
 */
export interface AntiPackage {
  packageId: string;
  nameZh: string;
  nameEn: string;
  nameJa: string;
  capacity: number;
  capacityUnit: CapacityUnit;
  bytes: number;
  validityMonths: number;
  priceFen: number;
}

const namesOf = (r: { nameZh: string; nameEn: string; nameJa: string }): IpNames => ({ zh: r.nameZh, en: r.nameEn, ja: r.nameJa });

export function toPackageJson(row: CapacityPackageRow) {
  return {
    id: row.id,
    names: { zh: row.name_zh, en: row.name_en, ja: row.name_ja } as IpNames,
    capacity: row.capacity,
    capacityUnit: row.capacity_unit,
    bytes: Number(row.capacity_bytes),
    validityMonths: row.validity_months,
    price: Number(row.price_fen),
    onSale: row.on_sale,
    ...(row.sold === undefined ? {} : { sold: Number(row.sold) }),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}
export type CapacityPackageJson = ReturnType<typeof toPackageJson>;

export function antiPackageOf(row: CapacityPackageRow): AntiPackage {
  return {
    packageId: row.id,
    nameZh: row.name_zh,
    nameEn: row.name_en,
    nameJa: row.name_ja,
    capacity: row.capacity,
    capacityUnit: row.capacity_unit,
    bytes: Number(row.capacity_bytes),
    validityMonths: row.validity_months,
    priceFen: Number(row.price_fen),
  };
}

const columns = (p: CapacityPackageInput) => ({
  name_zh: p.nameZh,
  name_en: p.nameEn,
  name_ja: p.nameJa,
  capacity: p.capacity,
  capacity_unit: p.capacityUnit,
  capacity_bytes: capacityBytes(p.capacity, p.capacityUnit as CapacityUnit),
  validity_months: p.validityMonths,
  price_fen: p.price,
  on_sale: p.onSale,
});

/** Paid grants per package: what staff see as sold. */
const withSold = (k: Knex) =>
  k('capacity_packages as p').select('p.*', k.raw('(select count(*) from capacity_grants g where g.package_id = p.id) as sold'));

export async function insertPackage(k: Knex, p: CapacityPackageInput): Promise<CapacityPackageRow> {
  const [row] = await k('capacity_packages').insert(columns(p)).returning('*');
  return row;
}

export async function updatePackage(k: Knex, id: string, p: CapacityPackageInput): Promise<CapacityPackageRow | undefined> {
  if (!UUID_PATTERN.test(id)) return undefined;
  const [row] = await k('capacity_packages').where({ id }).update({ ...columns(p), updated_at: k.fn.now() }).returning('*');
  return row;
}

export function findPackage(k: Knex, id: string): Promise<CapacityPackageRow | undefined> {
  if (!UUID_PATTERN.test(id)) return Promise.resolve(undefined);
  return withSold(k).where('p.id', id).first();
}

/** The back office list, newest first, with what each sold. */
export function adminPackagePage(k: Knex, q: KeysetRequest) {
  return keysetPage<CapacityPackageRow>(withSold(k), newestFirst('p.created_at', 'p.id'), q);
}

/** What protect/capacitypay offers: packages on sale in staff's order, then cheapest first (a handful, never paged). */
export function shopPackages(k: Knex): Promise<CapacityPackageRow[]> {
  return k<CapacityPackageRow>('capacity_packages').where({ on_sale: true }).orderBy([{ column: 'sort' }, { column: 'price_fen' }, { column: 'id' }]);
}

/**
 * Removes a package nobody ever ordered; once ordered its bills and grants name it, so staff take it
 * off sale instead. Answers whether it was removed.
 */
export async function deleteUnsoldPackage(k: Knex, id: string): Promise<boolean> {
  const gone = await k('capacity_packages')
    .where({ id })
    .whereNotExists(k('orders').whereRaw("anti_package->>'packageId' = ?", [id]).select(k.raw('1')))
    .whereNotExists(k('capacity_grants').where('package_id', id).select(k.raw('1')))
    .delete();
  return gone > 0;
}

/** A buyer's unpaid order for a package, which a second "buy" opens again instead of ordering twice. */
export async function openPackageOrder(k: Knex, userId: string, packageId: string): Promise<string | undefined> {
  const row = await k('orders')
    .where({ user_id: userId, order_state: ORDER_STATE.unpaid })
    .whereNotNull('anti_package')
    .whereRaw("anti_package->>'packageId' = ?", [packageId])
    .orderBy('created_at', 'desc')
    .first('id');
  return row?.id;
}

/** Writes the order's antiPackage (once: a retried activity leaves the first copy). */
export async function setOrderAntiPackage(k: Knex, orderId: string, p: AntiPackage): Promise<void> {
  await k('orders').where({ id: orderId }).whereNull('anti_package').update({ anti_package: JSON.stringify(p) });
}

export interface CapacityGrantRow {
  id: string;
  user_id: string;
  order_id: string;
  package_id: string;
  package: AntiPackage;
  bytes: string | number;
  starts_at: Date;
  expires_at: Date;
  created_at: Date;
}

/**
 * The capacity a paid package order gives: the order's antiPackage from its payment for the package's
 * validity, counted in China calendar months (paid on 31 January, a month runs to 28/29 February).
 * One grant per order however often this runs; undefined for an order that is not paid or not a package.
 */
export async function grantFromOrder(k: Knex, orderId: string): Promise<CapacityGrantRow | undefined> {
  await k.raw(
    `insert into capacity_grants (user_id, order_id, package_id, package, bytes, starts_at, expires_at)
     select user_id, id, (anti_package->>'packageId')::uuid, anti_package, (anti_package->>'bytes')::bigint, paid_at,
            ((paid_at at time zone :zone) + make_interval(months => (anti_package->>'validityMonths')::int)) at time zone :zone
       from orders
      where id = :orderId and anti_package is not null and paid_at is not null and order_state in (:paid, :completed)
     on conflict (order_id) do nothing`,
    { zone: CHINA_TIME_ZONE, orderId, paid: ORDER_STATE.paid, completed: ORDER_STATE.completed },
  );
  return k<CapacityGrantRow>('capacity_grants').where({ order_id: orderId }).first();
}

/**
 * A user's capacity at `now`: the sum of the grants in force (started, not yet expired) and the sum of
 * their gallery files (originals and watermarked copies). Takes a transaction too, so an upload can
 * check and record in one.
 */
export async function capacityOf(k: Knex, userId: string, now: Date = new Date()): Promise<CapacitySummary> {
  const [total, used] = await Promise.all([
    k('capacity_grants').where({ user_id: userId }).where('starts_at', '<=', now).where('expires_at', '>', now).sum({ bytes: 'bytes' }).first(),
    k('gallery_files').where({ user_id: userId }).sum({ bytes: 'size' }).first(),
  ]);
  return capacitySummary(Number(total?.bytes ?? 0), Number(used?.bytes ?? 0));
}

/** The grants in force at `now`, soonest to expire first (the capacity page's packages). */
export function activeGrants(k: Knex, userId: string, now: Date = new Date()): Promise<CapacityGrantRow[]> {
  return k<CapacityGrantRow>('capacity_grants')
    .where({ user_id: userId })
    .where('starts_at', '<=', now)
    .where('expires_at', '>', now)
    .orderBy([{ column: 'expires_at' }, { column: 'id' }]);
}

export function toGrantJson(g: CapacityGrantRow) {
  return {
    id: g.id,
    orderId: g.order_id,
    names: namesOf(g.package),
    capacity: g.package.capacity,
    capacityUnit: g.package.capacityUnit,
    bytes: Number(g.bytes),
    startsAt: g.starts_at.toISOString(),
    expiresAt: g.expires_at.toISOString(),
  };
}

export type CapacityRecordType = (typeof CAPACITY_RECORD_TYPE)[keyof typeof CAPACITY_RECORD_TYPE];

interface CapacityRecordRow {
  id: string;
  type: CapacityRecordType;
  created_at: Date;
  bytes: string | number;
  package: AntiPackage | null;
  expires_at: Date | null;
  file_name: string | null;
  kind: string | null;
  order_id: string | null;
}

/**
 * `capacitydetail`: a user's recharges (type 1, each grant) and consumption (type 2, each gallery file
 * with its size), newest first in one keyset order, optionally one type only.
 */
export async function capacityRecords(k: Knex, userId: string, q: KeysetRequest & { type?: CapacityRecordType }) {
  const recharges = k('capacity_grants as g')
    .where('g.user_id', userId)
    .select('g.id', k.raw('?::int as type', [CAPACITY_RECORD_TYPE.recharge]), 'g.created_at', 'g.bytes', 'g.package', 'g.expires_at', k.raw('null::text as file_name'), k.raw('null::text as kind'), 'g.order_id');
  const consumed = k('gallery_files as f')
    .join('uploads as u', 'u.id', 'f.upload_id')
    .where('f.user_id', userId)
    .select('f.id', k.raw('?::int as type', [CAPACITY_RECORD_TYPE.consumed]), 'f.created_at', 'f.size as bytes', k.raw('null::jsonb as package'), k.raw('null::timestamptz as expires_at'), 'u.original_name as file_name', 'f.kind', k.raw('null::uuid as order_id'));
  const source = q.type === CAPACITY_RECORD_TYPE.recharge ? recharges : q.type === CAPACITY_RECORD_TYPE.consumed ? consumed : recharges.unionAll(consumed, true);
  const { rows, next } = await keysetPage<CapacityRecordRow>(k.from(source.as('r')).select('r.*'), newestFirst('r.created_at', 'r.id'), q);
  return {
    items: rows.map((r) => ({
      id: r.id,
      type: r.type,
      at: r.created_at.toISOString(),
      bytes: Number(r.bytes),
      names: r.package ? namesOf(r.package) : null,
      orderId: r.order_id,
      expiresAt: r.expires_at?.toISOString() ?? null,
      fileName: r.file_name,
      kind: r.kind,
    })),
    next,
  };
}
