import { badRequest } from '../errors';

/**
 * A correction after a failed review: only what the reviewer flagged may change; every other field
 * must come back as it was (a field the old data lacks may arrive with its default). 400 on the others.
 */
export function onlyFlaggedChanged(flags: Record<string, string> | null, before: Record<string, unknown>, after: Record<string, unknown>): void {
  const flagged = new Set(Object.keys(flags ?? {}));
  const changed = Object.keys(after).filter((f) => !flagged.has(f) && JSON.stringify(after[f]) !== JSON.stringify(before[f] ?? after[f]));
  if (changed.length) throw badRequest(Object.fromEntries(changed.map((f) => [f, { key: 'validation.onlyFlagged' }])));
}
