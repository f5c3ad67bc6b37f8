import { useEffect, useState } from 'react';
import type { IpNames } from '../../../../domain/ipNames';
import { api } from '../../api/client';

export interface TradeIp {
  id: string;
  code: string;
  names: IpNames;
  holder: string;
  /** The cover picture's public path, or null. */
  cover: string | null;
}

/**
 * The listed IP a trade form is about (the public IP detail, GET /api/public/ip/:id): undefined while loading, null when it
 * is not listed (taken down, revoked, expired or unknown), so the form says so instead of failing on submit.
 */
export function useTradeIp(ipciId: string): TradeIp | null | undefined {
  const [ip, setIp] = useState<TradeIp | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    setIp(undefined);
    if (!ipciId) return setIp(null);
    api
      .get<{ ip: TradeIp }>(`/api/public/ip/${encodeURIComponent(ipciId)}`, undefined, { quiet: true })
      .then((r) => live && setIp(r.ip))
      .catch(() => live && setIp(null));
    return () => {
      live = false;
    };
  }, [ipciId]);
  return ip;
}
