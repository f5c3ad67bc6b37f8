import type { LicenceConflict } from '../../../../domain/licences';
import type { TradeJson, TradeMessageKind } from '../../../../domain/trade';
import type { Upload } from '../../api/types';

export type { TradeJson };

/** One message of a trade's thread (GET /api/trades/:id). */
export interface TradeMessage {
  id: number;
  kind: TradeMessageKind;
  authorSide: 'buyer' | 'seller' | 'platform';
  body: string;
  data: Record<string, unknown> | null;
  createdAt: string;
}

/** GET /api/trades/:id and GET /api/admin/trades/:id. */
export interface TradeDetail {
  trade: TradeJson;
  messages: TradeMessage[];
  conflicts: LicenceConflict[];
  /** Files the application names (the proposal), when the API sends them. */
  uploads?: Record<string, Upload>;
  /** Back office only: the trade's open inbox task (audit or recheck). */
  taskId?: string | null;
}

export interface TradePage {
  items: TradeJson[];
  next: string | null;
}
