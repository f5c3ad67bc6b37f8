import type { CredentialsSummary } from '../../../../domain/credentials';
import type { WatermarkMedia } from '../../../../domain/watermark';

/** What the suspect's C2PA manifest says (null: it carries none), answered with every check. */
type WithCredentials = { credentials?: CredentialsSummary | null };

/** POST /api/watermark-checks: what the public is told. */
export type PublicCheckResult = WithCredentials & (PublicNotFound | PublicFound);
type PublicNotFound = { found: false };
type PublicFound = {
  found: true;
  media: WatermarkMedia;
  /** As the IPCI certificate prints it, else the owner's certified name; null when neither is known. */
  owner: string | null;
  ipName: string | null;
  ipciCode: string | null;
  /** null without an IPCI; false once it can no longer be verified (taken down, expired, revoked). */
  ipciVerifiable: boolean | null;
  verifyUrl: string | null;
  registeredAt: string;
};

/** POST /api/watermarks/detect: the owner's own check. */
export type OwnCheckResult = WithCredentials & ({ found: false } | { found: true; mine: false } | OwnFound);
type OwnFound = { found: true; mine: true; media: WatermarkMedia; itemId: string; name: string; copyFileId: string | null; createdAt: string; ipciCode: string | null; ipName: string | null };

export interface CheckRow extends WithCredentials {
  id: string;
  checkedAt: string;
  origin: 'public' | 'owner';
  media: WatermarkMedia;
  fileName: string;
  fileSize: number;
  thumbnail: boolean;
  item: { id: string; name: string | null; copyFileId: string | null; ipciCode: string | null } | null;
  /** The checker's own history only. */
  found?: boolean;
  mine?: boolean;
}

export interface CheckPage {
  items: CheckRow[];
  next: string | null;
}
