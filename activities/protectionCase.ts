import type { Knex } from 'knex';
import { messageTranslator } from '../api/i18n';
import type { EligibilityRule, ProtectionRefusalReason, ProtectionResult, ProtectionUpdateKind } from '../domain/protection';
import { createPublicityDraft } from '../db/publicity';
import { insertProtectionUpdate, markAccepted, markProcessed, markRefused, protectionCase, protectionRefusal, setReplyDue } from '../db/protection';
import { findUploads } from '../db/uploads';
import { findUser } from '../db/users';
import { mailer } from './mail';

export function protectionCaseActivities(k: Knex) {
  const sendMail = mailer(k);
  return {
    /** The platform's own check again at acceptance: the IPCI may have lapsed or been revoked since the form. */
    async checkProtectionEligibility(input: { caseId: string }): Promise<EligibilityRule | null> {
      const row = await protectionCase(k, input.caseId);
      if (!row) throw new Error(`no protection case ${input.caseId}`);
      return protectionRefusal(k, row.user_id, row.ipci_id);
    },

    async setProtectionReplyDue(input: { caseId: string; replyDueAt: string }): Promise<void> {
      await setReplyDue(k, input.caseId, input.replyDueAt);
    },

    async acceptProtectionCase(input: { caseId: string }): Promise<void> {
      await markAccepted(k, input.caseId);
    },

    async refuseProtectionCase(input: { caseId: string; reason: ProtectionRefusalReason; flags: Record<string, string> | null }): Promise<void> {
      await markRefused(k, input.caseId, input.reason, input.flags);
    },

    async addProtectionUpdate(input: {
      caseId: string;
      kind: ProtectionUpdateKind;
      author: 'staff' | 'user';
      authorId: string;
      authorName: string | null;
      note: string;
      attachments: string[];
      dedupeKey: string;
    }): Promise<void> {
      await insertProtectionUpdate(k, input);
    },

    /** Processed; a case staff chose to publish gets its publicity number and a draft entry (returned). */
    async finishProtectionCase(input: { caseId: string; result: ProtectionResult; outcome: string; publish: boolean }): Promise<string | null> {
      await markProcessed(k, input.caseId, input.result, input.outcome);
      return input.publish ? createPublicityDraft(k, input.caseId) : null;
    },

    /**
     * The e-mail that hands a legal case to the chosen firm (in Chinese, the platform's language):
     * the facts of the form, the names of the files (not their contents, which stay on the platform)
     * and how to reach the applicant. Composed and sent in one step (no personal data in the history);
     * once per case however often it runs. False when the firm has no address.
     */
    async handProtectionToLawFirm(input: { caseId: string; dedupeKey: string }): Promise<boolean> {
      const row = await protectionCase(k, input.caseId);
      if (!row?.law_firm_id) return false;
      const [firm, user, files] = await Promise.all([
        k('law_firms').where({ id: row.law_firm_id }).first('data'),
        findUser(k, row.user_id),
        findUploads(k, [...row.data.proof, ...row.data.supplementary]),
      ]);
      const recipient = (firm?.data as { email?: string } | undefined)?.email;
      if (!recipient) return false;
      const t = messageTranslator('zh-CN');
      const d = row.data;
      const name = (id: string) => files.find((f) => f.id === id)?.original_name ?? id;
      const line = (key: string, value: string) => `${t(`protection.mail.${key}`)}: ${value || '—'}`;
      const body = [
        t('protection.mail.intro', { firm: row.firm_name_zh, code: row.code }),
        '',
        line('code', row.code),
        line('ipName', d.ipName),
        line('ipIntroduction', d.ipIntroduction),
        line('infringer', d.infringer),
        line('infringerType', d.infringerType ? t(`protection.infringerType.${d.infringerType}`) : ''),
        line('infringingWork', d.infringingWork),
        line('scope', d.scope),
        line('infringerContact', [d.infringerContact, d.infringerPhone].filter(Boolean).join(' ')),
        line('address', d.address),
        line('description', d.description),
        line('proof', d.proof.map(name).join(', ')),
        line('supplementary', d.supplementary.map(name).join(', ')),
        line('applicant', user?.display_name ?? ''),
        line('mailbox', d.mailbox || user?.email || ''),
        '',
        t('protection.mail.closing'),
      ].join('\n');
      await sendMail({ channel: 'email', dedupeKey: input.dedupeKey, recipient, subject: t('protection.mail.subject', { code: row.code }), body, purpose: 'protectionHandOver' });
      return true;
    },
  };
}
