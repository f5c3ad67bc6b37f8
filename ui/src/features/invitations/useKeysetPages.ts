import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';

type Query = Record<string, string | number | boolean | undefined | null>;

/**
 * A list read in keyset pages: the first answer (with whatever else it carries) and the rows of
 * every page loaded so far. A new query starts over; a late answer to an old query is dropped.
 */
export function useKeysetPages<R extends { next: string | null }, T extends { id: string }>(path: string, query: Query, rows: (r: R) => T[]) {
  const { t } = useTranslation();
  const [first, setFirst] = useState<R | null>(null);
  const [items, setItems] = useState<T[]>([]);
  const [next, setNext] = useState<string | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const seq = useRef(0);
  const key = JSON.stringify(query);
  const pick = useRef(rows);
  pick.current = rows;

  const load = useCallback(() => {
    const my = ++seq.current;
    setFirst(null);
    setFailed(null);
    api
      .get<R>(path, JSON.parse(key) as Query)
      .then((r) => {
        if (my !== seq.current) return;
        setFirst(r);
        setItems(pick.current(r));
        setNext(r.next);
      })
      .catch((e: Error) => my === seq.current && setFailed(e.message || t('failure.load')));
  }, [path, key, t]);

  useEffect(load, [load]);

  async function loadMore() {
    if (!next) return;
    const my = seq.current;
    setLoadingMore(true);
    try {
      const r = await api.get<R>(path, { ...(JSON.parse(key) as Query), after: next });
      if (my !== seq.current) return;
      setItems((list) => [...list, ...pick.current(r).filter((x) => !list.some((y) => y.id === x.id))]);
      setNext(r.next);
    } finally {
      setLoadingMore(false);
    }
  }

  return { first, setFirst, items, next, loadMore, loadingMore, failed, reload: load };
}
