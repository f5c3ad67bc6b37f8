import type { Knex } from 'knex';
import type { AdminWatermarkCheckQuery, AdminWatermarkItemQuery, AntiOrderListQuery } from '../domain/antiAdmin';
import { daysBetween } from '../domain/antiAdmin';
import { CHINA_TIME_ZONE } from '../domain/dates';
import type { IpNames } from '../domain/ipNames';
import { ORDER_STATE } from '../domain/orders';
import { UUID_PATTERN } from '../domain/validation/rules';
import { toGrantJson, type CapacityGrantRow } from './capacity';
import { keysetPage, newestFirst } from './keyset';
import { BILL_STATE_ORDER_STATES, toOrderJson, type OrderRow } from './orders';

/**
 * The anti-counterfeiting back office's read-only queries (issue 14): `antifakeOrder`,
 * `antiStatistics` and the watermark and detection views. Each list is one keyset query on an index
 * of migrations 026/028; each statistic one grouped query over an indexed time range.
 */

/** The order type these pages are about: a literal in the SQL, so the planner matches the partial indexes of 028. */
const ANTI = "'antiCounterfeit'";
const PAID_STATES = [ORDER_STATE.paid, ORDER_STATE.completed];

/** Who someone is on a back-office page: the account name and the name they go by. */
export interface Person {
  id: string;
  username: string;
  displayName: string;
}
const person = (id: string | null, username: string | null, displayName: string | null): Person | null =>
  id && username !== null ? { id, username, displayName: displayName ?? '' } : null;

const likePattern = (q: string) => `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
/** The expression the trigram index users_search_trgm (migration 006) is built on. */
const USER_SEARCH = "(lower(username) || ' ' || lower(display_name) || ' ' || coalesce(lower(email), ''))";

type AntiOrderRow = OrderRow & { buyer_username: string | null; buyer_display_name: string | null };
const toAntiOrderJson = (r: AntiOrderRow) => ({ ...toOrderJson(r), buyer: person(r.user_id, r.buyer_username, r.buyer_display_name) });

/**
 * /admin/antifakeOrder: the anti-counterfeit package orders newest first, by bill state; `q` is an
 * order number (whole) or part of the buyer's account name, name or e-mail.
 */
export async function antiOrderPage(k: Knex, q: AntiOrderListQuery) {
  const query = k('orders as o')
    .leftJoin('users as u', 'u.id', 'o.user_id')
    .whereRaw(`o.type = ${ANTI}`)
    .select('o.*', 'u.username as buyer_username', 'u.display_name as buyer_display_name');
  if (q.bill) query.whereIn('o.order_state', BILL_STATE_ORDER_STATES[q.bill]);
  if (q.q) {
    const text = q.q;
    query.where((w) => {
      w.where('o.order_no', text).orWhereIn('o.user_id', k('users').select('id').whereRaw(`${USER_SEARCH} like ?`, [likePattern(text)]));
    });
  }
  const { rows, next } = await keysetPage<AntiOrderRow>(query, newestFirst('o.created_at', 'o.id'), q);
  return { items: rows.map(toAntiOrderJson), next };
}

/** /admin/antifakeOrder/:id: the order, its buyer and the capacity grant its payment produced (none before). */
export async function antiOrderDetail(k: Knex, id: string) {
  if (!UUID_PATTERN.test(id)) return undefined;
  const row = await k<AntiOrderRow>('orders as o')
    .leftJoin('users as u', 'u.id', 'o.user_id')
    .where('o.id', id)
    .whereRaw(`o.type = ${ANTI}`)
    .first('o.*', 'u.username as buyer_username', 'u.display_name as buyer_display_name');
  if (!row) return undefined;
  const grant = await k<CapacityGrantRow>('capacity_grants').where({ order_id: id }).first();
  return { order: toAntiOrderJson(row), grant: grant ? toGrantJson(grant) : null };
}

/*
 * Statistics: each figure is one query over [from 00:00, to + 1 day 00:00) China time, grouped by the
 * China day of its time column, then laid over every day of the range so a day without any is a 0.
 */

const chinaDay = (column: string) => `to_char(${column} at time zone '${CHINA_TIME_ZONE}', 'YYYY-MM-DD')`;
const bounds = (from: string, to: string) => ({ from, to, zone: CHINA_TIME_ZONE });
const START = '(:from::date)::timestamp at time zone :zone';
const END = '(:to::date + 1)::timestamp at time zone :zone';

type DayRow = { day: string } & Record<string, string | number>;

async function perDay(k: Knex, sql: string, from: string, to: string): Promise<Map<string, DayRow>> {
  const { rows } = await k.raw(sql, bounds(from, to));
  return new Map((rows as DayRow[]).map((r) => [r.day, r]));
}

function dense<T>(days: string[], found: Map<string, DayRow>, shape: (r: DayRow | undefined) => T): Array<{ day: string } & T> {
  return days.map((day) => ({ day, ...shape(found.get(day)) }));
}

const sumOf = <T>(list: T[], field: keyof T) => list.reduce((a, r) => a + Number(r[field]), 0);

export async function antiStatistics(k: Knex, from: string, to: string) {
  const days = daysBetween(from, to);
  const paid = `o.paid_at >= ${START} and o.paid_at < ${END} and o.order_state in (${PAID_STATES.join(', ')})`;
  const [sold, byPackage, recharged, consumed, checks] = await Promise.all([
    perDay(
      k,
      `select ${chinaDay('o.paid_at')} as day, count(*)::int as count, sum(greatest(o.amount - o.preferential_amount, 0))::bigint as amount
         from orders o where o.type = ${ANTI} and o.paid_at is not null and ${paid} group by 1`,
      from,
      to,
    ),
    k.raw(
      `select p.id, p.name_zh, p.name_en, p.name_ja, p.capacity, p.capacity_unit, count(*)::int as count, sum(greatest(o.amount - o.preferential_amount, 0))::bigint as amount
         from orders o join capacity_packages p on p.id = (o.anti_package->>'packageId')::uuid
        where o.type = ${ANTI} and o.paid_at is not null and ${paid}
        group by p.id order by count(*) desc, p.name_zh`,
      bounds(from, to),
    ),
    perDay(
      k,
      `select ${chinaDay('created_at')} as day, count(*)::int as count, sum(bytes)::bigint as bytes
         from capacity_grants where created_at >= ${START} and created_at < ${END} group by 1`,
      from,
      to,
    ),
    perDay(
      k,
      `select ${chinaDay('created_at')} as day,
              coalesce(sum(size) filter (where kind = 'original'), 0)::bigint as original,
              coalesce(sum(size) filter (where kind = 'watermarked'), 0)::bigint as watermarked
         from gallery_files where created_at >= ${START} and created_at < ${END} group by 1`,
      from,
      to,
    ),
    perDay(
      k,
      `select ${chinaDay('checked_at')} as day, (count(*) filter (where found))::int as found, (count(*) filter (where not found))::int as not_found
         from watermark_checks where checked_at >= ${START} and checked_at < ${END} group by 1`,
      from,
      to,
    ),
  ]);
  const soldDays = dense(days, sold, (r) => ({ count: Number(r?.count ?? 0), amount: Number(r?.amount ?? 0) }));
  const rechargedDays = dense(days, recharged, (r) => ({ count: Number(r?.count ?? 0), bytes: Number(r?.bytes ?? 0) }));
  const consumedDays = dense(days, consumed, (r) => ({ original: Number(r?.original ?? 0), watermarked: Number(r?.watermarked ?? 0) }));
  const checkDays = dense(days, checks, (r) => ({ found: Number(r?.found ?? 0), notFound: Number(r?.not_found ?? 0) }));
  return {
    from,
    to,
    sold: {
      days: soldDays,
      packages: (byPackage.rows as Array<Record<string, string | number>>).map((p) => ({
        packageId: String(p.id),
        names: { zh: String(p.name_zh), en: String(p.name_en), ja: String(p.name_ja) } as IpNames,
        capacity: Number(p.capacity),
        capacityUnit: String(p.capacity_unit),
        count: Number(p.count),
        amount: Number(p.amount),
      })),
      total: { count: sumOf(soldDays, 'count'), amount: sumOf(soldDays, 'amount') },
    },
    recharged: { days: rechargedDays, total: { count: sumOf(rechargedDays, 'count'), bytes: sumOf(rechargedDays, 'bytes') } },
    consumed: { days: consumedDays, total: { original: sumOf(consumedDays, 'original'), watermarked: sumOf(consumedDays, 'watermarked') } },
    checks: { days: checkDays, total: { found: sumOf(checkDays, 'found'), notFound: sumOf(checkDays, 'notFound') } },
  };
}
export type AntiStatistics = Awaited<ReturnType<typeof antiStatistics>>;

/** /admin/imageWatermark, /admin/videoWatermark: part 2 §3's fileSize, watermarkState and createUser, with the IPCI the mark names. */
export async function adminWatermarkItems(k: Knex, q: AdminWatermarkItemQuery) {
  const query = k('watermark_items as w')
    .leftJoin('users as u', 'u.id', 'w.user_id')
    .leftJoin('ipcis as i', 'i.id', 'w.ipci_id')
    .where('w.media', q.media)
    .select('w.id', 'w.batch_id', 'w.user_id', 'w.media', 'w.source_name', 'w.state', 'w.error', 'w.file_size', 'w.psnr', 'w.credentials', 'w.created_at', 'w.finished_at')
    .select('u.username', 'u.display_name', 'i.code as ipci_code', 'i.ip_name_zh', 'i.ip_name_en', 'i.ip_name_ja');
  if (q.state) query.where('w.state', q.state);
  const { rows, next } = await keysetPage<Record<string, any>>(query, newestFirst('w.created_at', 'w.id'), q);
  return {
    items: rows.map((r) => ({
      id: r.id as string,
      batchId: r.batch_id as string,
      media: r.media as string,
      user: person(r.user_id, r.username, r.display_name),
      sourceName: r.source_name as string,
      fileSize: r.file_size === null ? null : Number(r.file_size),
      watermarkState: r.state as string,
      error: r.error as string | null,
      psnr: r.psnr === null ? null : Number(r.psnr),
      credentials: r.credentials as boolean,
      ipciCode: r.ipci_code as string | null,
      ipNames: r.ipci_code ? ({ zh: r.ip_name_zh, en: r.ip_name_en, ja: r.ip_name_ja } as IpNames) : null,
      createdAt: (r.created_at as Date).toISOString(),
      finishedAt: r.finished_at ? (r.finished_at as Date).toISOString() : null,
    })),
    next,
  };
}

/**
 * /admin/imageDetection, /admin/videoDetection and /admin/detectedWatermark: the checks newest first,
 * with the checker (none: a visitor), the owner and the item a found mark names (its source, its copy,
 * its IPCI). A medium reads watermark_checks_all, found alone watermark_checks_found.
 */
export async function adminWatermarkChecks(k: Knex, q: AdminWatermarkCheckQuery) {
  const query = k('watermark_checks as c')
    .leftJoin('users as cu', 'cu.id', 'c.checker_id')
    .leftJoin('users as ou', 'ou.id', 'c.owner_id')
    .leftJoin('watermark_items as w', 'w.id', 'c.item_id')
    .leftJoin('gallery_files as cf', 'cf.id', 'w.copy_file_id')
    .leftJoin('uploads as cup', 'cup.id', 'cf.upload_id')
    .leftJoin('ipcis as i', 'i.id', 'w.ipci_id')
    .select('c.id', 'c.checked_at', 'c.origin', 'c.media', 'c.found', 'c.item_id', 'c.file_name', 'c.file_size', 'c.credentials', 'c.checker_id', 'c.owner_id')
    .select('cu.username as checker_username', 'cu.display_name as checker_display_name', 'ou.username as owner_username', 'ou.display_name as owner_display_name')
    .select('w.source_name', 'w.created_at as marked_at', 'cup.original_name as copy_name', 'i.code as ipci_code', 'i.ip_name_zh', 'i.ip_name_en', 'i.ip_name_ja');
  if (q.media) query.where('c.media', q.media);
  if (q.found) query.where('c.found', q.found === 'true');
  if (q.origin) query.where('c.origin', q.origin);
  const { rows, next } = await keysetPage<Record<string, any>>(query, newestFirst('c.checked_at', 'c.id'), q);
  return {
    items: rows.map((r) => ({
      id: r.id as string,
      checkedAt: (r.checked_at as Date).toISOString(),
      origin: r.origin as string,
      media: r.media as string,
      found: r.found as boolean,
      checker: person(r.checker_id, r.checker_username, r.checker_display_name),
      owner: person(r.owner_id, r.owner_username, r.owner_display_name),
      fileName: r.file_name as string,
      fileSize: Number(r.file_size),
      credentials: r.credentials ?? null,
      item: r.item_id ? { id: r.item_id as string, sourceName: r.source_name as string | null, copyName: r.copy_name as string | null, markedAt: r.marked_at ? (r.marked_at as Date).toISOString() : null } : null,
      ipciCode: r.ipci_code as string | null,
      ipNames: r.ipci_code ? ({ zh: r.ip_name_zh, en: r.ip_name_en, ja: r.ip_name_ja } as IpNames) : null,
    })),
    next,
  };
}
