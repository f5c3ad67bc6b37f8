import { useCallback, useEffect, useState } from 'react';
import { api } from '../../api/client';
import type { SecurityOverview } from './types';

/** GET /api/security; `undefined` while loading, `null` when it failed. */
export function useSecurity() {
  const [overview, setOverview] = useState<SecurityOverview | null | undefined>(undefined);
  const reload = useCallback(async () => {
    try {
      setOverview(await api.get<SecurityOverview>('/api/security'));
    } catch {
      setOverview(null);
    }
  }, []);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { overview, reload };
}
