import type { CreditScore } from '../../../../domain/credit';
import type { EvaluationJson } from '../../../../domain/evaluations';
import type { TradeRecordJson } from '../../../../domain/tradeRecords';
import type { Upload } from '../../api/types';

export type { CreditScore, EvaluationJson, TradeRecordJson };

export interface TradeRecordDetail {
  record: TradeRecordJson;
  uploads: Record<string, Upload>;
}

export interface TradeRecordPage {
  items: TradeRecordJson[];
  next: string | null;
}

export interface EvaluationPage {
  items: EvaluationJson[];
  next: string | null;
  credit?: CreditScore;
}

/** GET /api/admin/trade-records/ipci: the IP an admin names by its code, and its holder. */
export interface IpciOwner {
  id: string;
  code: string;
  names: { zh: string; en: string; ja: string };
  owner: { id: string; name: string };
}
