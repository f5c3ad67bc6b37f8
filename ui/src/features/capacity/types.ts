import type { CapacitySummary, CapacityUnit } from '../../../../domain/capacity';
import type { IpNames } from '../../../../domain/ipNames';

/** A package as the API shows it (db/capacity toPackageJson): bytes and price in fen. */
export interface CapacityPackage {
  id: string;
  names: IpNames;
  capacity: number;
  capacityUnit: CapacityUnit;
  bytes: number;
  validityMonths: number;
  price: number;
  onSale: boolean;
  /** Paid grants (back office only). */
  sold?: number;
  createdAt: string;
  updatedAt: string;
}

export interface CapacityGrant {
  id: string;
  orderId: string;
  names: IpNames;
  capacity: number;
  capacityUnit: CapacityUnit;
  bytes: number;
  startsAt: string;
  expiresAt: string;
}

export type CapacityView = CapacitySummary & { grants: CapacityGrant[] };

/** One line of capacitydetail: a recharge (type 1, a grant) or a consumption (type 2, a gallery file). */
export interface CapacityRecord {
  id: string;
  type: 1 | 2;
  at: string;
  bytes: number;
  names: IpNames | null;
  orderId: string | null;
  expiresAt: string | null;
  fileName: string | null;
  kind: string | null;
}

export interface CapacityRecordPage {
  items: CapacityRecord[];
  next: string | null;
}
