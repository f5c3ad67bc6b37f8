import type { Knex } from 'knex';
import {
  DEFAULT_RIGHT_SCOPES,
  defaultIpCategories,
  type DictionaryEntry,
  type DictionaryEntryUpdate,
  type DictionaryType,
} from '../domain/dictionaries';
// The category labels are the title wizard's own (one wording everywhere); plain data, no UI code.
import zhTitle from '../ui/locales/title/zh-CN.json';
import enTitle from '../ui/locales/title/en-US.json';
import jaTitle from '../ui/locales/title/ja-JP.json';

interface EntryRow {
  type: DictionaryType;
  code: string;
  label_zh: string;
  label_en: string;
  label_ja: string;
  sort: number;
  active: boolean;
}

const toEntry = (r: EntryRow): DictionaryEntry => ({
  code: r.code,
  labels: { 'zh-CN': r.label_zh, 'en-US': r.label_en, 'ja-JP': r.label_ja },
  sort: r.sort,
  active: r.active,
});

const toRow = (type: DictionaryType, e: DictionaryEntry): EntryRow => ({
  type,
  code: e.code,
  label_zh: e.labels['zh-CN'],
  label_en: e.labels['en-US'],
  label_ja: e.labels['ja-JP'],
  sort: e.sort,
  active: e.active,
});

/** Every entry of a dictionary (inactive ones too: stored data may still name them), in order. Reads the primary key. */
export async function dictionaryEntries(k: Knex, type: DictionaryType): Promise<DictionaryEntry[]> {
  const rows: EntryRow[] = await k('dictionary_entries').where({ type }).orderBy([{ column: 'sort' }, { column: 'code' }]);
  return rows.map(toEntry);
}

/** Adds an entry; false when the code exists already (the caller answers 409). */
export async function insertDictionaryEntry(k: Knex, type: DictionaryType, e: DictionaryEntry): Promise<boolean> {
  const inserted = await k('dictionary_entries').insert(toRow(type, e)).onConflict(['type', 'code']).ignore().returning('code');
  return inserted.length > 0;
}

/** Changes an entry's labels, order and active flag; undefined when there is no such entry. */
export async function updateDictionaryEntry(k: Knex, type: DictionaryType, code: string, u: DictionaryEntryUpdate): Promise<DictionaryEntry | undefined> {
  const [row]: EntryRow[] = await k('dictionary_entries')
    .where({ type, code })
    .update({ label_zh: u.labels['zh-CN'], label_en: u.labels['en-US'], label_ja: u.labels['ja-JP'], sort: u.sort, active: u.active, updated_at: k.fn.now() })
    .returning('*');
  return row && toEntry(row);
}

const categoryLabels = (code: string) => ({
  'zh-CN': (zhTitle.titleRegistration.category as Record<string, string>)[code] ?? code,
  'en-US': (enTitle.titleRegistration.category as Record<string, string>)[code] ?? code,
  'ja-JP': (jaTitle.titleRegistration.category as Record<string, string>)[code] ?? code,
});

/** Idempotent: seeds missing entries only, so an admin's edits survive every start. */
export async function seedDictionaries(k: Knex): Promise<void> {
  const rows = [
    ...defaultIpCategories(categoryLabels).map((e) => toRow('ipCategory', e)),
    ...DEFAULT_RIGHT_SCOPES.map((e) => toRow('rightScope', e)),
  ];
  await k('dictionary_entries').insert(rows).onConflict(['type', 'code']).ignore();
}
