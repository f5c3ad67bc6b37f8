import type { UserKind } from '../../../../domain/roles';

/** api/README.md "Profile and invitations". */
export interface Invitee {
  id: string;
  name: string;
  account: string;
  type: UserKind | null;
  companyName: string | null;
  registeredAt: string;
  identityState: 1 | 2 | 3 | null;
  certificationApplications: number;
}

export interface InviteesPage {
  invitees: Invitee[];
  total: number;
  next: string | null;
}

export interface InviterStats {
  inviter: { id: string; username: string; displayName: string };
  code: string;
  invitees: number;
  personal: number;
  enterprise: number;
  certified: number;
  lastInvitedAt: string;
}

export interface StatsTotals {
  inviters: number;
  invitees: number;
  personal: number;
  enterprise: number;
  certified: number;
}
