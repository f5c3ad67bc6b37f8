import type { Knex } from 'knex';
import type { IpciStatus, StaffTakeDown, TakeDownKind } from '../domain/ipci';
import { invalidate, lifecycleFacts, publishListing, setStaffTakeDown, setTakeDown, type InvalidReason } from '../db/listings';

/** China time: a rights term's last day ends at midnight in Beijing. */
const CHINA_OFFSET = '+08:00';

export function ipciLifecycleActivities(k: Knex) {
  return {
    /** The certificate's state and when it expires (the day after valid_until, 00:00 China time), read once per run. */
    async ipciFacts(input: { ipciId: string }) {
      const facts = await lifecycleFacts(k, input.ipciId);
      const expiresAt = facts.validUntil ? new Date(Date.parse(`${facts.validUntil}T00:00:00${CHINA_OFFSET}`) + 86_400_000).toISOString() : null;
      return { status: facts.status, expiresAt };
    },

    async publishListing(input: { ipciId: string }): Promise<void> {
      await publishListing(k, input.ipciId);
    },

    async setIpciTakeDown(input: { ipciId: string; kind: TakeDownKind; takenDown: boolean }): Promise<void> {
      await setTakeDown(k, input.ipciId, input.kind, input.takenDown);
    },

    async invalidateIpci(input: { ipciId: string; reason: InvalidReason; category?: string | null }): Promise<void> {
      await invalidate(k, input.ipciId, input.reason, input.category ?? null);
    },

    /** Records (or, with null, ends) a staff take-down; answers the certificate's status afterwards. */
    async setIpciStaffTakeDown(input: { ipciId: string; takeDown: Omit<StaffTakeDown, 'ownerTakenDown'> | null }): Promise<IpciStatus> {
      return setStaffTakeDown(k, input.ipciId, input.takeDown);
    },
  };
}
