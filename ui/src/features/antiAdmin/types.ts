import type { IpNames } from '../../../../domain/ipNames';
import type { OrderView } from '../orderPayment/types';

/** As the back-office API sends them (db/antiAdmin.ts); amounts in fen, sizes in bytes. */
export interface Person {
  id: string;
  username: string;
  displayName: string;
}

export interface AntiOrder extends OrderView {
  buyer: Person | null;
}

export interface AntiOrderDetail {
  order: AntiOrder;
  grant: { id: string; bytes: number; capacity: number; capacityUnit: string; startsAt: string; expiresAt: string } | null;
}

export interface AntiStatistics {
  from: string;
  to: string;
  sold: {
    days: Array<{ day: string; count: number; amount: number }>;
    packages: Array<{ packageId: string; names: IpNames; capacity: number; capacityUnit: string; count: number; amount: number }>;
    total: { count: number; amount: number };
  };
  recharged: { days: Array<{ day: string; count: number; bytes: number }>; total: { count: number; bytes: number } };
  consumed: { days: Array<{ day: string; original: number; watermarked: number }>; total: { original: number; watermarked: number } };
  checks: { days: Array<{ day: string; found: number; notFound: number }>; total: { found: number; notFound: number } };
}

export interface AdminWatermarkItem {
  id: string;
  media: 'image' | 'video';
  user: Person | null;
  sourceName: string;
  fileSize: number | null;
  watermarkState: 'pending' | 'embedding' | 'done' | 'failed';
  error: string | null;
  ipciCode: string | null;
  ipNames: IpNames | null;
  createdAt: string;
}

export interface AdminWatermarkCheck {
  id: string;
  checkedAt: string;
  origin: 'public' | 'owner';
  media: 'image' | 'video';
  found: boolean;
  checker: Person | null;
  owner: Person | null;
  fileName: string;
  fileSize: number;
  item: { id: string; sourceName: string | null; copyName: string | null; markedAt: string | null } | null;
  ipciCode: string | null;
  ipNames: IpNames | null;
}

export interface Page<T> {
  items: T[];
  next: string | null;
}
