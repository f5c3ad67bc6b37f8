import { useEffect, useState } from 'react';
import { api } from '../../api/client';

/**
 * The title audit's duration as this platform is configured (GET /api/title/terms): the pages state
 * the configured SLA and nothing else; undefined until known.
 */
export function useAuditDays(): number | undefined {
  const [days, setDays] = useState<number>();
  useEffect(() => {
    let live = true;
    api
      .get<{ auditWorkingDays: number }>('/api/title/terms', undefined, { quiet: true })
      .then((r) => live && setDays(r.auditWorkingDays))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return days;
}
