/**
 * Opaque keyset cursors: the sort key of a page's last row, base64url JSON. A malformed cursor
 * decodes to null and the list starts from the top, as a first request would.
 */
export function encodeKeyset(values: Array<string | number>): string {
  return Buffer.from(JSON.stringify(values)).toString('base64url');
}

/** `kinds` lists the expected type of each value ('date' = an ISO timestamp string). */
export function decodeKeyset(cursor: string | undefined, kinds: Array<'date' | 'number' | 'string'>): Array<string | number> | null {
  if (!cursor) return null;
  try {
    const v = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (!Array.isArray(v) || v.length !== kinds.length) return null;
    const ok = kinds.every((kind, i) =>
      kind === 'number' ? Number.isFinite(v[i]) : typeof v[i] === 'string' && (kind === 'string' || !Number.isNaN(Date.parse(v[i]))),
    );
    return ok ? v : null;
  } catch {
    return null;
  }
}
