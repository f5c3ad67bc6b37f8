import { trimmed, UUID_PATTERN } from './rules';

/**
 * Opaque keyset cursors: the sort key of a page's last row, base64url JSON. A list's schema takes
 * `after` through keysetCursor(), so a cursor that was not handed out by the API (bad base64, the
 * wrong shape, a timestamp or id Postgres would refuse) is a 400 before any query runs.
 *
 * - `date`: an ISO timestamp as toISOString() (or to_char … US) writes it, a real instant
 * - `uuid`: a row id
 * - `count`: a whole number an int column holds
 * - `key`: any other text key (task ids), bounded
 * - `rating`: an average of 1–5 stars (0 without any) as Postgres writes a numeric(4,3): "4.333"
 */
export type KeysetKind = 'date' | 'uuid' | 'count' | 'key' | 'rating';

const TIMESTAMP = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(\.\d{1,6})?Z$/;
const INT_MAX = 2 ** 31 - 1;
const KEY_MAX = 200;
const RATING = /^[0-5](\.\d{1,3})?$/;

function isKind(kind: KeysetKind, v: unknown): boolean {
  switch (kind) {
    case 'date': {
      const m = typeof v === 'string' ? TIMESTAMP.exec(v) : null;
      // Round-trips only if every field was in range (no 2026-02-30T25:00:00Z); rows are no older than 1970.
      return !!m && Date.parse(v as string) >= 0 && new Date(v as string).toISOString().slice(0, 19) === m[1];
    }
    case 'uuid':
      return typeof v === 'string' && UUID_PATTERN.test(v);
    case 'count':
      return Number.isInteger(v) && (v as number) >= 0 && (v as number) <= INT_MAX;
    case 'key':
      return typeof v === 'string' && v.length > 0 && v.length <= KEY_MAX && !v.includes('\0');
    case 'rating':
      return typeof v === 'string' && RATING.test(v) && Number(v) <= 5;
  }
}

export function encodeKeyset(values: Array<string | number>): string {
  return Buffer.from(JSON.stringify(values)).toString('base64url');
}

/** The cursor's values when each is of its expected kind, else null. */
export function decodeKeyset(cursor: string | undefined, kinds: readonly KeysetKind[]): Array<string | number> | null {
  if (!cursor || !/^[A-Za-z0-9_-]+$/.test(cursor)) return null;
  let v: unknown;
  try {
    v = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  return Array.isArray(v) && v.length === kinds.length && kinds.every((kind, i) => isKind(kind, v[i])) ? v : null;
}

/** The `after` of a list query: empty, or a cursor of these kinds. */
export const keysetCursor = (kinds: readonly KeysetKind[]) =>
  trimmed()
    .max(400)
    .test('cursor', 'validation.cursor', (v) => !v || decodeKeyset(v, kinds) !== null);
