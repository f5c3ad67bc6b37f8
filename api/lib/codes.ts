import type { Knex } from 'knex';
import type { Lang } from '../../domain/languages';
import { CODE_RULES, channelOf, normaliseAddress, type CodePurpose } from '../../domain/verification';
import { checkCode, consumeCode, issueCode } from '../../db/verificationCodes';
import { HttpError } from '../errors';
import { messageTranslator } from '../i18n';
import type { Notifier } from './notifier';

/** Sends a verification code in the reader's language, within the limits of domain/verification. */
export async function sendCode(
  k: Knex,
  notifier: Notifier,
  input: { purpose: CodePurpose; address: string; userId?: string | null; ip?: string; lang: Lang },
): Promise<{ ttlSeconds: number; resendSeconds: number }> {
  const address = normaliseAddress(input.address);
  const channel = channelOf(address)!;
  const verdict = await issueCode(k, { purpose: input.purpose, channel, address, userId: input.userId, ip: input.ip });
  if (!verdict.ok) {
    const params = verdict.reason === 'tooSoon' ? { seconds: verdict.seconds } : {};
    throw new HttpError(429, verdict.reason, `code.${verdict.reason}`, params, { address: { key: `code.${verdict.reason}`, params } });
  }
  const t = messageTranslator(input.lang);
  const params = { code: verdict.code, minutes: CODE_RULES.ttlSeconds / 60, purpose: t(`code.purpose.${input.purpose}`) };
  const { delivered } = await notifier.send({
    channel,
    recipient: address,
    subject: t('code.subject', params),
    body: t('code.body', params),
    purpose: input.purpose,
  });
  if (!delivered) throw new HttpError(503, 'deliveryFailed', 'code.deliveryFailed');
  return { ttlSeconds: CODE_RULES.ttlSeconds, resendSeconds: CODE_RULES.resendSeconds };
}

/**
 * Checks the code the user typed; answers a 400 on the `code` field when it is wrong, expired or
 * missing. Returns a function that consumes it: call it inside the transaction that does the action.
 */
export async function verifyCode(
  k: Knex,
  input: { purpose: CodePurpose; address: string; code: string },
  field = 'code',
): Promise<(trx: Knex) => Promise<void>> {
  const verdict = await checkCode(k, { ...input, address: normaliseAddress(input.address) });
  if (!verdict.ok) {
    const params = verdict.reason === 'wrong' ? { remaining: verdict.remaining } : {};
    throw new HttpError(400, 'invalidCode', 'http.badRequest', {}, { [field]: { key: `code.${verdict.reason}`, params } });
  }
  return async (trx) => {
    if (!(await consumeCode(trx, verdict.id))) {
      throw new HttpError(400, 'invalidCode', 'http.badRequest', {}, { [field]: { key: 'code.expired' } });
    }
  };
}
