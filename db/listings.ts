import type { Knex } from 'knex';
import { isListedForTrade, type IpciStatus, type TakeDownKind } from '../domain/ipci';
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
    .first('user_id', 'code', k.raw('valid_until::text as valid_until'), 'trade_taken_down', 'title_taken_down', 'invalid_at');
  if (!row) throw new Error(`no IPCI ${ipciId}`);
  const takenDown: TakeDownKind[] = [];
  if (row.trade_taken_down) takenDown.push('trade');
  if (row.title_taken_down) takenDown.push('title');
  return { paid: true, invalid: row.invalid_at !== null, takenDown, row };
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

/** Inserts the listing from the certificate and its registration (names, category, country, cover) once. */
export async function publishListing(k: Knex, ipciId: string): Promise<void> {
  await k.transaction(async (trx) => {
    await trx.raw(
      `insert into ip_listings (ipci_id, user_id, name_zh, name_en, name_ja, category, country, cover_upload_id)
       select i.id, i.user_id, i.ip_name_zh, i.ip_name_en, i.ip_name_ja,
              coalesce(r.data->>'ipCategory', ''), coalesce(r.data->>'ipCountry', ''),
              case when coalesce(r.data->>'cover', '') ~* '^[0-9a-f-]{36}$' then (r.data->>'cover')::uuid end
       from ipcis i join title_registrations r on r.id = i.registration_id
       where i.id = ?
       on conflict (ipci_id) do nothing`,
      [ipciId],
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

/** Marks the certificate invalid once (the first reason and time stay) and delists it. */
export async function invalidate(k: Knex, ipciId: string, reason: InvalidReason): Promise<void> {
  await k.transaction(async (trx) => {
    await trx('ipcis').where({ id: ipciId }).whereNull('invalid_at').update({ invalid_at: trx.fn.now(), invalid_reason: reason });
    await syncListing(trx, ipciId);
  });
}
