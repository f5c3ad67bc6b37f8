import { randomUUID } from 'node:crypto';
import { keysetPage, newestFirst, type KeysetColumn } from '../../db/keyset';
import { closeTestDb, testDb } from '../support/http';

/** A table of its own per run: the helper is tested on plain rows, not through one list's filters. */
const table = `keyset_test_${randomUUID().replace(/-/g, '').slice(0, 12)}`;

beforeAll(async () => {
  await testDb().schema.createTable(table, (t) => {
    t.uuid('id').primary();
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.integer('score').notNullable();
  });
});
afterAll(async () => {
  await testDb().schema.dropTableIfExists(table);
  await closeTestDb();
});

async function walk(keys: KeysetColumn[], order: 'asc' | 'desc', limit: number) {
  const seen: string[] = [];
  let after: string | undefined;
  for (let pages = 0; pages < 20; pages++) {
    const { rows, next } = await keysetPage<{ id: string; keyset_0?: unknown }>(testDb()(table).select('id', 'created_at', 'score'), keys, { limit, after }, order);
    for (const r of rows) expect(r).not.toHaveProperty('keyset_0');
    seen.push(...rows.map((r) => r.id));
    if (!next) return seen;
    after = next;
  }
  throw new Error('paging did not end');
}

test('rows written within one millisecond are neither skipped nor repeated across pages', async () => {
  // Six rows one microsecond apart: a cursor cut to milliseconds would lose all but the first page.
  const rows = Array.from({ length: 6 }, (_, i) => ({ id: randomUUID(), created_at: `2026-11-25 08:00:00.00000${i + 1}+00`, score: i % 2 }));
  await testDb()(table).insert(rows);
  const newest = [...rows].reverse().map((r) => r.id);
  expect(await walk(newestFirst('created_at', 'id'), 'desc', 2)).toEqual(newest);
  expect(await walk(newestFirst('created_at', 'id'), 'asc', 4)).toEqual([...newest].reverse());

  // A whole-number key first (most first), then the time: the order of the invitation statistics.
  const byScore = [...rows].sort((a, b) => b.score - a.score || b.created_at.localeCompare(a.created_at)).map((r) => r.id);
  expect(await walk([{ sql: 'score', kind: 'count' }, ...newestFirst('created_at', 'id')], 'desc', 4)).toEqual(byScore);
});
