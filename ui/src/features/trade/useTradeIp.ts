import { useEffect, useState } from 'react';
import type { CatalogueSummaryJson } from '../../../../domain/catalogue';
import { api } from '../../api/client';

export type TradeIp = CatalogueSummaryJson;

/**
 * The listed IP a trade form is about (GET /api/public/ip/:id/summary, which unlike the detail page counts no
 * search): undefined while loading, null when it is not listed (taken down, revoked, expired or unknown), so the
 * form says so instead of failing on submit.
 */
export function useTradeIp(ipciId: string): TradeIp | null | undefined {
  const [ip, setIp] = useState<TradeIp | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    setIp(undefined);
    if (!ipciId) return setIp(null);
    api
      .get<{ ip: TradeIp }>(`/api/public/ip/${encodeURIComponent(ipciId)}/summary`, undefined, { quiet: true })
      .then((r) => live && setIp(r.ip))
      .catch(() => live && setIp(null));
    return () => {
      live = false;
    };
  }, [ipciId]);
  return ip;
}
