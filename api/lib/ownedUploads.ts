import type { Knex } from 'knex';
import { findUploads } from '../../db/uploads';
import { badRequest, type HttpError } from '../errors';

export interface UploadRef {
  field: string;
  id: string;
  kind: string;
}

/** Every referenced upload must be the caller's own and of its field's kind: else 400 on those fields. */
export async function checkOwnedUploads(k: Knex, userId: string, refs: readonly UploadRef[]): Promise<void> {
  const rows = new Map((await findUploads(k, [...new Set(refs.map((r) => r.id))])).map((r) => [r.id, r]));
  const fields: NonNullable<HttpError['fields']> = {};
  for (const { field, id, kind } of refs) {
    const row = rows.get(id);
    if (!row || row.owner_id !== userId) fields[field] ??= { key: 'upload.notOwner' };
    else if (row.kind !== kind) fields[field] ??= { key: 'upload.wrongKind', params: { kind } };
  }
  if (Object.keys(fields).length) throw badRequest(fields);
}

/** A form's file fields as upload references (`field[i]`), each of its field's kind. */
export const uploadRefsOf = (data: object, fieldKinds: Readonly<Record<string, string>>): UploadRef[] =>
  Object.entries(fieldKinds).flatMap(([field, kind]) => (((data as Record<string, unknown>)[field] as string[] | undefined) ?? []).map((id, i) => ({ field: `${field}[${i}]`, id, kind })));
