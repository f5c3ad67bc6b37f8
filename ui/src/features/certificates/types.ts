import type { VerificationOutcome } from '../../../../domain/certificate';
import type { IpciKind, IpciState } from '../../../../domain/ipci';

/** GET /api/public/ipci/:code (api/routes/certificates.ts): the details only when `verifiable`. */
export interface Verification {
  code: string;
  state: IpciState;
  outcome: VerificationOutcome;
  verifiable: boolean;
  statement: string;
  /** Why it was revoked (an upheld objection's public reason category), when it was. */
  revocationCategory?: string;
  identifier?: string;
  kind?: IpciKind;
  holder?: string;
  ipNames?: { zh: string; en: string; ja: string };
  issuedAt?: string;
  validUntil?: string | null;
  tradeTakenDown?: boolean;
  certificate?: { sha256: string; keyId: string; signature: string } | null;
}
