import type { Knex } from 'knex';
import type { RegistrationState } from '../domain/titleRegistration';
import type { Decision } from '../domain/tasks';
import { ipNamesOf } from '../domain/ipNames';
import { cancelTaskRow } from '../db/cancellations';
import { insertMessage } from '../db/messages';
import { decideRegistration, linkOrder, resubmitRegistration, setRegistrationState } from '../db/titleRegistrations';

/** Side effects of the titleAudit workflow; each is idempotent (round guards, plain overwrites, upserts). */
export function titleAuditActivities(k: Knex) {
  return {
    /**
     * A site message about the registration (catalog keys `titleAudit.*` of the messages namespace).
     * The IP name is read here so registration data never enters workflow history; idempotent by key.
     */
    async sendTitleMessage(input: { dedupeKey: string; registrationId: string; userId: string; titleKey: string; bodyKey?: string; params?: Record<string, unknown> }): Promise<void> {
      const row = await k('title_registrations').where({ id: input.registrationId }).first('ip_name_zh', 'ip_name_en', 'ip_name_ja');
      await insertMessage(k, {
        dedupeKey: input.dedupeKey,
        userId: input.userId,
        titleKey: input.titleKey,
        bodyKey: input.bodyKey ?? null,
        // `names`: the reader's page shows the name in its language (ui messageText); `name` the Chinese one.
        params: { name: row?.ip_name_zh ?? '', ...(row && { names: ipNamesOf(row) }), ...input.params },
        actionLink: `usercenter/traceability/${input.registrationId}`,
      });
    },

    /** What the order for the certification fee is called: the IP's Chinese name. */
    async titleOrderName(input: { registrationId: string }): Promise<{ name: string }> {
      const row = await k('title_registrations').where({ id: input.registrationId }).first('ip_name_zh');
      return { name: row?.ip_name_zh ?? '' };
    },

    async applyTitleDecision(input: { registrationId: string; round: number; decision: Decision }): Promise<void> {
      const approved = input.decision.outcome === 'approve';
      await decideRegistration(k, input.registrationId, input.round, {
        state: approved ? 'approved' : 'failed',
        flags: approved ? null : input.decision.reasons,
        failureReason: approved ? null : (input.decision.category ?? null),
      });
    },

    async saveTitleResubmission(input: { registrationId: string; round: number; data: Record<string, unknown> }): Promise<void> {
      await resubmitRegistration(k, input.registrationId, input.round, input.data);
    },

    async setRegistrationState(input: { registrationId: string; state: RegistrationState }): Promise<void> {
      await setRegistrationState(k, input.registrationId, input.state);
    },

    async linkRegistrationOrder(input: { registrationId: string; orderId: string }): Promise<void> {
      await linkOrder(k, input.registrationId, input.orderId);
    },

    /** Cancelled by the user: the registration ends, and an audit task still in the inbox with it. */
    async cancelRegistration(input: { registrationId: string; task: Parameters<typeof cancelTaskRow>[1] | null }): Promise<void> {
      await k.transaction(async (trx) => {
        await setRegistrationState(trx, input.registrationId, 'cancelled');
        if (input.task) await cancelTaskRow(trx, input.task);
      });
    },
  };
}
