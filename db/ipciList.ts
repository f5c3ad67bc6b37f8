import type { Knex } from 'knex';
import { ipciOperations, ipciState, type IpciState, type IpciStatus, type StaffTakeDown, type TakeDownKind } from '../domain/ipci';
import { decodeKeyset, encodeKeyset } from '../domain/validation/keyset';

/**
 * The user centre's IPCI certificate list (spec part 1 §4): issued IPCIs, and approved registrations
 * whose certification fee is still unpaid, which the list shows as "pending payment" with a pay link.
 */

export const IPCI_PAGE_SIZE = 20;

interface ListRow {
  source: 'ipci' | 'registration';
  id: string;
  code: string | null;
  user_id: string;
  ip_name_zh: string;
  ip_name_en: string;
  ip_name_ja: string;
  holder: string | null;
  at_key: string;
  applied_at: Date;
  issued_at: Date | null;
  valid_until: string | null;
  trade_taken_down: boolean;
  title_taken_down: boolean;
  invalid_at: Date | null;
  invalid_reason: string | null;
  staff_take_down: StaffTakeDown | null;
  certificate_generated_at: Date | null;
  registration_id: string;
  order_id: string | null;
  workflow_id: string | null;
}

// `at_key` is the sort key at full (microsecond) precision, so a cursor never skips a row.
const AT_KEY = (col: string) => `to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

const IPCI_COLUMNS = `'ipci' as source, i.id, i.code, i.user_id, i.ip_name_zh, i.ip_name_en, i.ip_name_ja, i.holder,
  i.issued_at as at, ${AT_KEY('i.issued_at')} as at_key, r.submitted_at as applied_at, i.issued_at, i.valid_until::text as valid_until,
  i.trade_taken_down, i.title_taken_down, i.invalid_at, i.invalid_reason, i.staff_take_down, i.certificate_generated_at, i.registration_id,
  null::uuid as order_id, i.workflow_id`;

const REGISTRATION_COLUMNS = `'registration' as source, r.id, null as code, r.user_id, r.ip_name_zh, r.ip_name_en, r.ip_name_ja, r.data->>'holder' as holder,
  r.submitted_at as at, ${AT_KEY('r.submitted_at')} as at_key, r.submitted_at as applied_at, null::timestamptz as issued_at, null as valid_until,
  false as trade_taken_down, false as title_taken_down, null::timestamptz as invalid_at, null as invalid_reason, null::jsonb as staff_take_down,
  null::timestamptz as certificate_generated_at, r.id as registration_id, r.current_order_id as order_id, null as workflow_id`;

const STATE_FILTER: Record<Exclude<IpciState, 'pendingPayment'>, string> = {
  completed: 'i.invalid_at is null and not i.trade_taken_down and not i.title_taken_down',
  takenDown: 'i.invalid_at is null and (i.trade_taken_down or i.title_taken_down)',
  invalid: 'i.invalid_at is not null',
};

export function ipciStatusOf(row: Pick<ListRow, 'source' | 'invalid_at' | 'trade_taken_down' | 'title_taken_down'> & { staff_take_down?: unknown }): IpciStatus {
  const takenDown: TakeDownKind[] = [];
  if (row.trade_taken_down) takenDown.push('trade');
  if (row.title_taken_down) takenDown.push('title');
  return { paid: row.source === 'ipci', invalid: row.invalid_at !== null, takenDown, ...(row.staff_take_down ? { staffTakenDown: true } : {}) };
}

export function toIpciRowJson(row: ListRow) {
  const status = ipciStatusOf(row);
  return {
    id: row.id,
    source: row.source,
    code: row.code,
    ipNames: { zh: row.ip_name_zh, en: row.ip_name_en, ja: row.ip_name_ja },
    holder: row.holder ?? '',
    appliedAt: row.applied_at.toISOString(),
    issuedAt: row.issued_at?.toISOString() ?? null,
    validUntil: row.valid_until,
    state: ipciState(status),
    takenDown: status.takenDown,
    invalidReason: row.invalid_reason,
    staffTakeDown: row.staff_take_down ? { reason: row.staff_take_down.reason, at: row.staff_take_down.at } : null,
    operations: ipciOperations(status),
    certificateGenerated: row.certificate_generated_at !== null,
    registrationId: row.registration_id,
    orderId: row.order_id,
  };
}
export type IpciRowJson = ReturnType<typeof toIpciRowJson>;

/**
 * One page of the user's list, newest first, in one query: each branch reads its own (user, time, id)
 * index up to the page size, and the union keeps the newest of both.
 */
export async function listIpcis(k: Knex, userId: string, q: { state?: IpciState; after?: string; limit?: number }) {
  const limit = q.limit ?? IPCI_PAGE_SIZE;
  const cursor = decodeKeyset(q.after, ['date', 'uuid']);
  const branches: string[] = [];
  const bindings: unknown[] = [];
  const keyset = (at: string, id: string) => {
    if (!cursor) return '';
    bindings.push(cursor[0], cursor[1]);
    return ` and (${at}, ${id}) < (?::timestamptz, ?::uuid)`;
  };
  if (q.state !== 'pendingPayment') {
    bindings.push(userId);
    const filter = q.state ? ` and ${STATE_FILTER[q.state]}` : '';
    const where = `i.user_id = ?${filter}${keyset('i.issued_at', 'i.id')}`;
    bindings.push(limit + 1);
    branches.push(`(select ${IPCI_COLUMNS} from ipcis i join title_registrations r on r.id = i.registration_id where ${where} order by i.issued_at desc, i.id desc limit ?)`);
  }
  if (!q.state || q.state === 'pendingPayment') {
    bindings.push(userId);
    const where = `r.user_id = ? and r.state = 'pendingPayment'${keyset('r.submitted_at', 'r.id')}`;
    bindings.push(limit + 1);
    branches.push(`(select ${REGISTRATION_COLUMNS} from title_registrations r where ${where} order by r.submitted_at desc, r.id desc limit ?)`);
  }
  bindings.push(limit + 1);
  const { rows } = await k.raw<{ rows: ListRow[] }>(`select * from (${branches.join(' union all ')}) u order by at desc, id desc limit ?`, bindings as never);
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return { items: page.map(toIpciRowJson), next: rows.length > limit ? encodeKeyset([last.at_key, last.id]) : null };
}

/** One issued IPCI of the user (undefined when it is not theirs or does not exist). */
export async function ownIpci(k: Knex, userId: string, id: string): Promise<(ListRow & { workflow_id: string }) | undefined> {
  const { rows } = await k.raw<{ rows: Array<ListRow & { workflow_id: string }> }>(
    `select ${IPCI_COLUMNS} from ipcis i join title_registrations r on r.id = i.registration_id where i.id = ? and i.user_id = ?`,
    [id, userId],
  );
  return rows[0];
}

/** Several of the user's IPCIs by id, in one query; ids that are not theirs are absent from the map. */
export async function ownIpcis(k: Knex, userId: string, ids: readonly string[]): Promise<Map<string, ListRow & { workflow_id: string }>> {
  const { rows } = await k.raw<{ rows: Array<ListRow & { workflow_id: string }> }>(
    `select ${IPCI_COLUMNS} from ipcis i join title_registrations r on r.id = i.registration_id where i.id = any(?::uuid[]) and i.user_id = ?`,
    [ids as string[], userId],
  );
  return new Map(rows.map((r) => [r.id, r]));
}
