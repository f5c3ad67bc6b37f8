import { useCallback, useEffect, useState } from 'react';
import { api, ApiError } from '../api/client';

/**
 * A detail page's data read from `path`: `detail` is undefined until it arrives; `failure` says why
 * reading failed ('notFound' for a 404). `reload` reads it again after a change; `setDetail` keeps
 * what a change answered instead.
 */
export function useDetail<T>(path: string) {
  const [detail, setDetail] = useState<T | undefined>(undefined);
  const [failure, setFailure] = useState<'notFound' | 'failed' | null>(null);
  const reload = useCallback(async () => {
    try {
      setDetail(await api.get<T>(path, undefined, { quiet: true }));
    } catch (e) {
      setFailure(e instanceof ApiError && e.status === 404 ? 'notFound' : 'failed');
    }
  }, [path]);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { detail, setDetail, failure, reload };
}
