import type { Knex } from 'knex';
import {
  MANUFACTURER_AGREEMENT_VERSION,
  type AdminManufacturerListQuery,
  type ManufacturerApplicationJson,
  type ManufacturerData,
  type ManufacturerDirectoryQuery,
  type ManufacturerPublicJson,
  type ManufacturerRefusalReason,
  type ManufacturerState,
} from '../domain/manufacturers';
import { adminDirectoryPage, applicationJson, insertApplication, nameColumns, namesOf, whereNameHas } from './directories';
import { keysetPage, newestFirst } from './keyset';

/** Anti-counterfeiting manufacturers and their listing (table manufacturers, migration 024; domain/manufacturers.ts). */

export interface ManufacturerRow {
  id: string;
  user_id: string;
  state: ManufacturerState;
  data: ManufacturerData;
  name_zh: string;
  name_en: string;
  name_ja: string;
  round: number;
  review_flags: Record<string, string> | null;
  refusal_reason: ManufacturerRefusalReason | null;
  listed_at: Date | null;
  suspended_reason: string | null;
  agreement_version: string;
  agreement_accepted_at: Date;
  workflow_id: string;
  created_at: Date;
  updated_at: Date;
}

export const manufacturerWorkflowId = (id: string) => `manufacturerListing/${id}`;

/** The columns a form's data fills: the data and the names (searched by trigram). */
const dataColumns = (data: ManufacturerData) => ({ data: JSON.stringify(data), ...nameColumns(data) });

export function manufacturer(k: Knex, id: string): Promise<ManufacturerRow | undefined> {
  return k('manufacturers').where({ id }).first();
}

/** The account's application (at most one: index manufacturers_per_user). */
export function manufacturerOf(k: Knex, userId: string): Promise<ManufacturerRow | undefined> {
  return k('manufacturers').where({ user_id: userId }).first();
}

/** A new application in review; null when the account already has one. */
export async function insertManufacturer(k: Knex, userId: string, data: ManufacturerData): Promise<ManufacturerRow | null> {
  const id = await insertApplication(k, {
    table: 'manufacturers',
    constraint: 'manufacturers_per_user',
    userId,
    state: 'review',
    columns: dataColumns(data),
    agreementVersion: MANUFACTURER_AGREEMENT_VERSION,
    workflowId: manufacturerWorkflowId,
  });
  if (!id) return null;
  return (await manufacturer(k, id)) ?? null;
}

/** An application whose workflow could not start: gone, so the applicant may try again. */
export async function deleteManufacturerRow(k: Knex, id: string): Promise<void> {
  await k('manufacturers').where({ id }).delete();
}

/** The public directory: listed manufacturers, the most recently listed first (index manufacturers_directory). */
export function directoryPage(k: Knex, q: ManufacturerDirectoryQuery) {
  const query = k('manufacturers').select('manufacturers.*').where({ state: 'listed' });
  return keysetPage<ManufacturerRow>(whereNameHas(query, q.q), newestFirst('listed_at', 'id'), q);
}

/** A listed manufacturer (the public detail); suspended and unlisted ones are not found. */
export function listedManufacturer(k: Knex, id: string): Promise<ManufacturerRow | undefined> {
  return k('manufacturers').where({ id, state: 'listed' }).first();
}

/** The back office list: a state filter and a part of a name, newest application first. */
export function adminManufacturerPage(k: Knex, q: AdminManufacturerListQuery) {
  return adminDirectoryPage<ManufacturerRow>(k('manufacturers').select('manufacturers.*'), q);
}

/** A listed manufacturer's picture (never its licence copy). */
export async function publicManufacturerImage(k: Knex, id: string, uploadId: string): Promise<{ mime: string; storage_key: string } | undefined> {
  const row = await listedManufacturer(k, id);
  if (!row || !row.data.images.includes(uploadId)) return undefined;
  return k('uploads').where({ id: uploadId, owner_id: row.user_id }).first('mime', 'storage_key');
}

export const manufacturerImagePath = (id: string, uploadId: string) => `/api/public/manufacturers/${id}/images/${uploadId}`;

export function toManufacturerPublicJson(row: ManufacturerRow): ManufacturerPublicJson {
  const d = row.data;
  return {
    id: row.id,
    names: namesOf(row),
    descriptions: { zh: d.descriptionZh ?? '', en: d.descriptionEn ?? '', ja: d.descriptionJa ?? '' },
    website: d.website ?? '',
    postalCode: d.postalCode ?? '',
    contactName: d.contactName,
    contactPhone: d.contactPhone,
    email: d.email ?? '',
    address: d.address,
    images: d.images.map((u) => manufacturerImagePath(row.id, u)),
    listedAt: row.listed_at?.toISOString() ?? '',
  };
}

export function toManufacturerApplicationJson(row: ManufacturerRow): ManufacturerApplicationJson {
  return { ...applicationJson(row), refusalReason: row.refusal_reason };
}

/** The upload ids an application refers to, for its detail's upload list. */
export const manufacturerUploadIds = (data: ManufacturerData) => [...data.licence, ...data.images];

/**
 * Staff's edit of a listing's content; false while the applicant has the application back for
 * correction (its resubmission would silently overwrite the edit).
 */
export async function saveManufacturerData(k: Knex, id: string, data: ManufacturerData): Promise<boolean> {
  return (await k('manufacturers').where({ id }).whereNot({ state: 'correction' }).update({ ...dataColumns(data), updated_at: k.fn.now() })) > 0;
}

/*
 * Workflow writes (activities): each guarded by the state it leaves, so a retry changes nothing twice.
 */

const touch = (k: Knex) => ({ updated_at: k.fn.now() });

/** The review's decision for a round: listed, or back to the applicant with its flags and refusal reason. */
export async function decideManufacturerReview(k: Knex, id: string, round: number, failure: { flags: Record<string, string>; reason: ManufacturerRefusalReason | null } | null): Promise<void> {
  const q = k('manufacturers').where({ id, round, state: 'review' });
  if (failure) await q.update({ state: 'correction', review_flags: JSON.stringify(failure.flags), refusal_reason: failure.reason, ...touch(k) });
  else await q.update({ state: 'listed', review_flags: null, refusal_reason: null, listed_at: k.fn.now(), ...touch(k) });
}

/** The applicant's corrected form: the next round goes to review. */
export async function resubmitManufacturer(k: Knex, id: string, round: number, data: ManufacturerData): Promise<void> {
  await k('manufacturers')
    .where({ id, state: 'correction', round: round - 1 })
    .update({ ...dataColumns(data), round, state: 'review', ...touch(k) });
}

export async function suspendManufacturer(k: Knex, id: string, reason: string): Promise<void> {
  await k('manufacturers').where({ id, state: 'listed' }).update({ state: 'suspended', suspended_reason: reason, ...touch(k) });
}

export async function relistManufacturer(k: Knex, id: string): Promise<void> {
  await k('manufacturers').where({ id, state: 'suspended' }).update({ state: 'listed', suspended_reason: null, ...touch(k) });
}
