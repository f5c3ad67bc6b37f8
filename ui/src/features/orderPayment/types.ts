import type { BillDirection, BillState, OrderState, OrderType, PayMethod } from '../../../../domain/orders';
import type { Upload } from '../../api/types';
import type { IpNames } from '../../../../domain/ipNames';

/** An order as the API sends it (db/orders toOrderJson); amounts in fen. */
export interface OrderView {
  id: string;
  orderNo: string;
  type: OrderType;
  subjectKind: string;
  subjectId: string;
  name: string;
  /** The IP's names when the order is for one; show them with orderName(). */
  names: IpNames | null;
  counterpart: string;
  amount: number;
  preferentialAmount: number;
  payable: number;
  orderState: OrderState;
  billState: BillState;
  direction: BillDirection;
  payMethod: PayMethod | null;
  provider: string | null;
  tradeNo: string | null;
  remittance: (Record<string, unknown> & { proofs?: string[] }) | null;
  remittanceFlags: Record<string, string> | null;
  workflowId: string;
  createdAt: string;
  deadlineAt: string;
  paidAt: string | null;
  completedAt: string | null;
  cancelledAt: string | null;
  /** A capacity package order's antiPackage (spec part 2 §3): the package as ordered. */
  antiPackage?: { capacity: number; capacityUnit: string; validityMonths: number } | null;
}

export interface OrderPage {
  items: OrderView[];
  next: string | null;
}

export interface PlatformBank {
  accountName: string;
  bankName: string;
  account: string;
  swift: string;
}

export interface OrderDetail {
  order: OrderView;
  uploads: Record<string, Upload>;
  payment: { providers: string[]; bank: PlatformBank };
  workflowUrl: string | null;
}

export interface RemittanceSubject {
  order: OrderView & { workflowUrl: string };
  user: { id: string; username: string; displayName: string } | null;
  uploads: Record<string, Upload>;
}
