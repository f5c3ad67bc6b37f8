import { useCallback, useEffect, useMemo, useState } from 'react';
import { activeEntries, type DictionaryEntry, type DictionaryType } from '../../../domain/dictionaries';
import { api } from '../api/client';
import { useLang } from './useLang';

/** One request per dictionary for the whole page session, shared by every form and filter that asks. */
const loaded = new Map<DictionaryType, Promise<DictionaryEntry[]>>();

function load(type: DictionaryType): Promise<DictionaryEntry[]> {
  let p = loaded.get(type);
  if (!p) {
    p = api.get<{ items: DictionaryEntry[] }>(`/api/dictionaries/${type}`, undefined, { quiet: true }).then((r) => r.items);
    // A failed read is asked again by the next component instead of staying failed.
    p.catch(() => loaded.delete(type));
    loaded.set(type, p);
  }
  return p;
}

/** The back-office editor saved a change: the next reader fetches the dictionary again. */
export function forgetDictionary(type: DictionaryType): void {
  loaded.delete(type);
}

export interface DictionaryView {
  /** Active entries in dictionary order, labelled in the reader's language: what forms and filters offer. */
  items: { code: string; label: string }[];
  /** Any code's label (inactive ones too: stored data keeps them); the code itself when unknown. */
  labelOf: (code: string) => string;
}

/** GET /api/dictionaries/:type in the reader's language; empty until loaded. */
export function useDictionary(type: DictionaryType): DictionaryView {
  const lang = useLang();
  const [entries, setEntries] = useState<DictionaryEntry[]>([]);
  useEffect(() => {
    let live = true;
    load(type)
      .then((items) => live && setEntries(items))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [type]);
  const items = useMemo(() => activeEntries(entries).map((e) => ({ code: e.code, label: e.labels[lang] })), [entries, lang]);
  const labelOf = useCallback((code: string) => entries.find((e) => e.code === code)?.labels[lang] ?? code, [entries, lang]);
  return { items, labelOf };
}
