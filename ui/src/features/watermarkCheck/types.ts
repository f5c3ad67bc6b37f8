import type { WatermarkMedia } from '../../../../domain/watermark';

/** POST /api/watermark-checks: what the public is told. */
export type PublicCheckResult =
  | { found: false }
  | {
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
export type OwnCheckResult =
  | { found: false }
  | { found: true; mine: false }
  | { found: true; mine: true; media: WatermarkMedia; itemId: string; name: string; copyFileId: string | null; createdAt: string; ipciCode: string | null; ipName: string | null };

export interface CheckRow {
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
