import type { Knex } from 'knex';
import { listingFacts } from '../domain/catalogue';
import { ipNamesOf } from '../domain/ipNames';
import { isListedForTrade, type IpciStatus, type StaffTakeDown, type TakeDownKind } from '../domain/ipci';
import type { RegistrationState } from '../domain/titleRegistration';

const AFTER_ISSUE: RegistrationState[] = ['completed', 'offShelf', 'invalid'];

/**
 * The licensing-section listing of an issued IPCI and the facts that decide it (take-downs,
 * invalidity). Each write updates the ipcis row and its listing in one transaction, so the listing
 * always follows `isListedForTrade` of the certificate.
 */

export interface LifecycleFacts {
  userId: string;
  code: string;
  status: IpciStatus;
  /** The rights term's last day (yyyy-mm-dd), or null for a certificate without an end. */
  validUntil: string | null;
}

async function statusIn(k: Knex, ipciId: string): Promise<IpciStatus & { row: { user_id: string; code: string; valid_until: string | null } }> {
  const row = await k('ipcis')
    .where({ id: ipciId })
    .first('user_id', 'code', k.raw('valid_until::text as valid_until'), 'trade_taken_down', 'title_taken_down', 'invalid_at', 'staff_take_down');
  if (!row) throw new Error(`no IPCI ${ipciId}`);
  const takenDown: TakeDownKind[] = [];
  if (row.trade_taken_down) takenDown.push('trade');
  if (row.title_taken_down) takenDown.push('title');
  return { paid: true, invalid: row.invalid_at !== null, takenDown, ...(row.staff_take_down ? { staffTakenDown: true } : {}), row };
}

export async function lifecycleFacts(k: Knex, ipciId: string): Promise<LifecycleFacts> {
  const { row, ...status } = await statusIn(k, ipciId);
  return { userId: row.user_id, code: row.code, status, validUntil: row.valid_until };
}

/**
 * Brings the listing, and the registration's state in the traceability list (spec part 1 §4:
 * completed, off shelf, invalid), in line with the certificate. The registration is only touched
 * once its audit workflow has finished with it (completed or later).
 */
async function syncListing(trx: Knex, ipciId: string): Promise<void> {
  const status = await statusIn(trx, ipciId);
  const listed = isListedForTrade(status);
  await trx('ip_listings')
    .where({ ipci_id: ipciId })
    .whereNot({ listed })
    .update(listed ? { listed, listed_at: trx.fn.now(), delisted_at: null } : { listed, delisted_at: trx.fn.now() });
  const state: RegistrationState = status.invalid ? 'invalid' : status.takenDown.length ? 'offShelf' : 'completed';
  await trx('title_registrations')
    .where({ ipci_id: ipciId })
    .whereIn('state', AFTER_ISSUE)
    .whereNot({ state })
    .update({ state, updated_at: trx.fn.now() });
}

/**
 * Inserts the listing from the certificate and its registration once: names, category, country, cover,
 * and what the public catalogue searches and filters by (holder, exclusivity, sublicensing, term and
 * the search tokens of domain/catalogue.ts).
 */
export async function publishListing(k: Knex, ipciId: string): Promise<void> {
  await k.transaction(async (trx) => {
    const row = await trx('ipcis as i')
      .join('title_registrations as r', 'r.id', 'i.registration_id')
      .where('i.id', ipciId)
      .first<{ code: string; holder: string; ip_name_zh: string; ip_name_en: string; ip_name_ja: string; data: Record<string, unknown> }>(
        'i.code',
        'i.holder',
        'i.ip_name_zh',
        'i.ip_name_en',
        'i.ip_name_ja',
        'r.data',
      );
    if (!row) throw new Error(`no IPCI ${ipciId}`);
    const facts = listingFacts({ code: row.code, holder: row.holder, names: ipNamesOf(row) }, row.data);
    await trx.raw(
      `insert into ip_listings (ipci_id, user_id, name_zh, name_en, name_ja, category, country, cover_upload_id,
                                holder, exclusive, sublicensing, term_type, search_vector)
       select i.id, i.user_id, i.ip_name_zh, i.ip_name_en, i.ip_name_ja,
              coalesce(r.data->>'ipCategory', ''), coalesce(r.data->>'ipCountry', ''),
              case when coalesce(r.data->>'cover', '') ~* '^[0-9a-f-]{36}$' then (r.data->>'cover')::uuid end,
              ?, ?, ?, ?, array_to_tsvector(?::text[])
       from ipcis i join title_registrations r on r.id = i.registration_id
       where i.id = ?
       on conflict (ipci_id) do nothing`,
      [facts.holder, facts.exclusive, facts.sublicensing, facts.termType, facts.tokens, ipciId],
    );
    await syncListing(trx, ipciId);
  });
}

/** Sets one take-down flag (idempotent) and brings the listing in line. */
export async function setTakeDown(k: Knex, ipciId: string, kind: TakeDownKind, takenDown: boolean): Promise<void> {
  await k.transaction(async (trx) => {
    await trx('ipcis')
      .where({ id: ipciId })
      .update({ [kind === 'trade' ? 'trade_taken_down' : 'title_taken_down']: takenDown });
    await syncListing(trx, ipciId);
  });
}

export type InvalidReason = 'expired' | 'revoked';

/**
 * Marks the certificate invalid once (the first reason and time stay) and delists it. A revocation
 * may name its public reason category (an upheld objection's).
 */
export async function invalidate(k: Knex, ipciId: string, reason: InvalidReason, category: string | null = null): Promise<void> {
  await k.transaction(async (trx) => {
    await trx('ipcis').where({ id: ipciId }).whereNull('invalid_at').update({ invalid_at: trx.fn.now(), invalid_reason: reason, revocation_category: category });
    await syncListing(trx, ipciId);
  });
}

/**
 * A staff take-down (or its end): recorded with its reason, and the trade take-down set with it; a
 * staff relist restores the owner's own trade take-down if they had one. Idempotent; answers the
 * status afterwards.
 */
export async function setStaffTakeDown(k: Knex, ipciId: string, takeDown: Omit<StaffTakeDown, 'ownerTakenDown'> | null): Promise<IpciStatus> {
  return k.transaction(async (trx) => {
    const row = await trx('ipcis').where({ id: ipciId }).forUpdate().first('trade_taken_down', 'staff_take_down');
    if (takeDown && !row.staff_take_down) {
      const recorded: StaffTakeDown = { ...takeDown, ownerTakenDown: row.trade_taken_down };
      await trx('ipcis').where({ id: ipciId }).update({ staff_take_down: recorded, trade_taken_down: true });
    } else if (!takeDown && row.staff_take_down) {
      await trx('ipcis').where({ id: ipciId }).update({ staff_take_down: null, trade_taken_down: Boolean((row.staff_take_down as StaffTakeDown).ownerTakenDown) });
    }
    await syncListing(trx, ipciId);
    const { row: _row, ...status } = await statusIn(trx, ipciId);
    return status;
  });
}
