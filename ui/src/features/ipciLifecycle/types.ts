import type { IpciOperation, IpciState, TakeDownKind } from '../../../../domain/ipci';
import type { PaperAddress, PaperState } from '../../../../domain/paperCertificate';

/** One row of GET /api/ipcis (db/ipciList.ts toIpciRowJson). */
export interface IpciRow {
  id: string;
  source: 'ipci' | 'registration';
  code: string | null;
  ipNames: { zh: string; en: string; ja: string };
  holder: string;
  appliedAt: string;
  issuedAt: string | null;
  validUntil: string | null;
  state: IpciState;
  takenDown: TakeDownKind[];
  invalidReason: string | null;
  /** Taken down by staff (back office or an upheld objection): only staff relist it. */
  staffTakeDown: { reason: string; at: string } | null;
  operations: IpciOperation[];
  certificateGenerated: boolean;
  registrationId: string;
  orderId: string | null;
}

export interface IpciPage {
  items: IpciRow[];
  next: string | null;
}

/** One answer per id of a batch take-down or relist. */
export type BatchResult = { id: string; ok: true; state: IpciState; operations: IpciOperation[] } | { id: string; ok: false; message: string };

/** db/paperCertificates.ts toPaperJson */
export interface PaperRequest {
  id: string;
  ipciId: string;
  state: PaperState;
  address: PaperAddress;
  flags: Record<string, string> | null;
  round: number;
  carrier: string | null;
  trackingNo: string | null;
  requestedAt: string;
  mailedAt: string | null;
}

/** The paper-certificate task subject (api/lib/subjects/paperCertificate.ts). */
export interface PaperSubject {
  paper: PaperRequest;
  ipci: { code: string; holder: string; ipNames: IpciRow['ipNames'] };
  user: { id: string; username: string; displayName: string } | null;
}

/** The IP name in the reader's language (the one rule for every view: domain/ipNames.ts). */
export { ipNameIn } from '../../../../domain/ipNames';
