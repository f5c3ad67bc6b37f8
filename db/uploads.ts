import type { Knex } from 'knex';

export interface UploadRow {
  id: string;
  owner_id: string;
  kind: string;
  mime: string;
  ext: string;
  size: string;
  width: number | null;
  height: number | null;
  original_name: string;
  storage_key: string;
}

export function toUploadJson(r: UploadRow) {
  return { id: r.id, kind: r.kind, mime: r.mime, size: Number(r.size), width: r.width, height: r.height, originalName: r.original_name };
}

export async function insertUpload(k: Knex, u: Omit<UploadRow, 'id'>): Promise<UploadRow> {
  const [row] = await k<UploadRow>('uploads').insert(u).returning('*');
  return row;
}

export function findUpload(k: Knex, id: string): Promise<UploadRow | undefined> {
  return k<UploadRow>('uploads').where({ id }).first();
}

export function findUploads(k: Knex, ids: string[]): Promise<UploadRow[]> {
  return ids.length ? k<UploadRow>('uploads').whereIn('id', ids) : Promise.resolve([]);
}
