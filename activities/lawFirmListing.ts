import type { Knex } from 'knex';
import { messageTranslator } from '../api/i18n';
import { chinaDate, formatDeadline } from '../domain/dates';
import { isLang, DEFAULT_LANG } from '../domain/languages';
import { DEFAULT_LAW_FIRM_LISTING_FEE_FEN, LAW_FIRM_TERM_MONTHS, type LawFirmData, type LawFirmState } from '../domain/lawFirms';
import { formatYuan } from '../domain/money';
import { insertMessage } from '../db/messages';
import { mailer } from './mail';
import {
  clearLawFirmPaymentDue,
  decideLawFirmReview,
  extendLawFirmTerm,
  lawFirm,
  linkLawFirmOrder,
  markLawFirmListed,
  resubmitLawFirm,
  restoreLawFirm,
  setLawFirmState,
  suspendLawFirm,
} from '../db/lawFirms';

const DAY_MS = 86_400_000;
/** Where every listing message leads: the firm's page in the user centre. */
const LAW_FIRM_LINK = 'usercenter/lawfirm';

/** A China calendar date `months` later; the 29th–31st fall back to the month's last day. */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number);
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  return new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), Math.min(d, last))).toISOString().slice(0, 10);
}

/** The instant a China calendar date ends (China keeps UTC+8 all year). */
const endOfChinaDay = (date: string) => Date.parse(`${date}T00:00:00+08:00`) + DAY_MS;

/** The listing fee in fen: LAW_FIRM_LISTING_FEE_FEN when set to a positive whole number, else the default. */
export function lawFirmListingFee(env: NodeJS.ProcessEnv = process.env): number {
  const fen = Number(env.LAW_FIRM_LISTING_FEE_FEN);
  return Number.isInteger(fen) && fen > 0 ? fen : DEFAULT_LAW_FIRM_LISTING_FEE_FEN;
}

export interface LawFirmTerm {
  /** China date the term ends (its last day). */
  listedUntil: string;
  /** The instant the term is over: the end of that day, or the test's short term. */
  endsAt: string;
}

export type LawFirmMailTemplate = 'paymentNotice' | 'lapsed';

/**
 * Side effects of the lawFirmListing workflow. Each write is guarded in SQL by the state it leaves
 * (db/lawFirms.ts), so a retried activity changes nothing twice; terms are computed from the row.
 */
export function lawFirmListingActivities(k: Knex) {
  const send = mailer(k);
  const row = async (firmId: string) => {
    const r = await lawFirm(k, firmId);
    if (!r) throw new Error(`law firm ${firmId} not found`);
    return r;
  };

  return {
    async lawFirmListingFee(): Promise<number> {
      return lawFirmListingFee();
    },

    /** What the firm's orders are called: its Chinese name (bills show each reader's language from the order's names). */
    async lawFirmOrderName(input: { firmId: string }): Promise<{ name: string }> {
      return { name: (await row(input.firmId)).name_zh };
    },

    /**
     * A site message to the applying account (catalog keys of the `messages` namespace, lawFirm.json),
     * naming the firm in the reader's language; the names are read here so they stay out of the
     * workflow's history. Idempotent by key.
     */
    async sendLawFirmMessage(input: { dedupeKey: string; firmId: string; titleKey: string; bodyKey?: string | null; params?: Record<string, unknown> }): Promise<void> {
      const r = await row(input.firmId);
      await insertMessage(k, {
        dedupeKey: input.dedupeKey,
        userId: r.user_id,
        titleKey: input.titleKey,
        bodyKey: input.bodyKey ?? null,
        params: { name: r.name_zh, names: { zh: r.name_zh, en: r.name_en, ja: r.name_ja }, ...input.params },
        actionLink: LAW_FIRM_LINK,
      });
    },

    /**
     * An e-mail to the firm's contact address (its form's e-mail) in its account's language: the
     * payment notice (amount, deadline) or the end of the agreement. Composed and sent here, so the
     * address and the text stay out of the workflow's history; idempotent by key.
     */
    async mailLawFirm(input: { dedupeKey: string; firmId: string; template: LawFirmMailTemplate; amountFen?: number; dueAt?: string }): Promise<{ delivered: boolean }> {
      const r = await row(input.firmId);
      const account = await k('users').where({ id: r.user_id }).first('locale');
      const lang = isLang(account?.locale) ? account.locale : DEFAULT_LANG;
      const t = messageTranslator(lang);
      const params = {
        name: r.name_zh,
        amount: input.amountFen === undefined ? '' : formatYuan(input.amountFen),
        dueAt: input.dueAt ? formatDeadline(input.dueAt, lang) : '',
      };
      return send({
        channel: 'email',
        dedupeKey: input.dedupeKey,
        purpose: `lawFirm.${input.template}`,
        recipient: r.data.email,
        subject: t(`lawFirmMail.${input.template}.subject`, params),
        body: t(`lawFirmMail.${input.template}.body`, params),
      });
    },

    async setLawFirmState(input: { firmId: string; from: LawFirmState[]; to: LawFirmState }): Promise<void> {
      await setLawFirmState(k, input.firmId, input.from, input.to);
    },

    async applyLawFirmReview(input: { firmId: string; round: number; flags: Record<string, string> | null }): Promise<void> {
      await decideLawFirmReview(k, input.firmId, input.round, input.flags);
    },

    async saveLawFirmResubmission(input: { firmId: string; round: number; data: LawFirmData }): Promise<void> {
      await resubmitLawFirm(k, input.firmId, input.round, input.data);
    },

    async linkLawFirmOrder(input: { firmId: string; orderId: string; dueAt: string }): Promise<void> {
      await linkLawFirmOrder(k, input.firmId, input.orderId, input.dueAt);
    },

    async clearLawFirmPaymentDue(input: { firmId: string; orderId: string }): Promise<void> {
      await clearLawFirmPaymentDue(k, input.firmId, input.orderId);
    },

    /**
     * Paid: listed from now for LAW_FIRM_TERM_MONTHS (China dates), or for `termMs` in tests. A retry
     * finds the row listed and answers the term it holds.
     */
    async startLawFirmTerm(input: { firmId: string; termMs?: number }): Promise<LawFirmTerm> {
      const today = chinaDate(new Date());
      const until = input.termMs ? chinaDate(new Date(Date.now() + input.termMs)) : addMonths(today, LAW_FIRM_TERM_MONTHS);
      await markLawFirmListed(k, input.firmId, until);
      const r = await row(input.firmId);
      const endsAt = input.termMs ? r.listed_at!.getTime() + input.termMs : endOfChinaDay(r.listed_until!);
      return { listedUntil: r.listed_until!, endsAt: new Date(endsAt).toISOString() };
    },

    /** A renewal paid: the term runs on from where it ends (computed from the inputs, so a retry writes the same). */
    async extendLawFirmTerm(input: { firmId: string; term: LawFirmTerm; termMs?: number }): Promise<LawFirmTerm> {
      const endsAt = input.termMs ? Date.parse(input.term.endsAt) + input.termMs : endOfChinaDay(addMonths(input.term.listedUntil, LAW_FIRM_TERM_MONTHS));
      const listedUntil = input.termMs ? chinaDate(new Date(endsAt - 1)) : addMonths(input.term.listedUntil, LAW_FIRM_TERM_MONTHS);
      await extendLawFirmTerm(k, input.firmId, input.term.listedUntil, listedUntil);
      return { listedUntil, endsAt: new Date(endsAt).toISOString() };
    },

    async suspendLawFirm(input: { firmId: string; reason: string }): Promise<void> {
      await suspendLawFirm(k, input.firmId, input.reason);
    },

    async restoreLawFirm(input: { firmId: string }): Promise<void> {
      await restoreLawFirm(k, input.firmId);
    },
  };
}
