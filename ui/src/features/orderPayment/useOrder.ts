import { useCallback, useEffect, useState } from 'react';
import { api, ApiError } from '../../api/client';
import type { OrderDetail } from './types';

/** GET /api/orders/:id; `missing` on a 404 (not the caller's, or no such order). */
export function useOrder(id: string) {
  const [detail, setDetail] = useState<OrderDetail | null>(null);
  const [missing, setMissing] = useState(false);
  const [failed, setFailed] = useState(false);
  const load = useCallback(
    () =>
      api
        .get<OrderDetail>(`/api/orders/${id}`)
        .then((d) => {
          setDetail(d);
          return d;
        })
        .catch((e: unknown) => {
          if (e instanceof ApiError && e.status === 404) setMissing(true);
          else setFailed(true);
          return null;
        }),
    [id],
  );
  useEffect(() => {
    void load();
  }, [load]);
  return { detail, setDetail, missing, failed, reload: load };
}
