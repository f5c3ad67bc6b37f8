import './validation/locale';
import * as yup from 'yup';
import { EMAIL_PATTERN, PHONE_PATTERN, trimmed } from './validation/rules';

/** What a verification code may be used for; a code sent for one purpose never serves another. */
export const CODE_PURPOSES = ['register', 'resetPassword', 'bindEmail', 'bindPhone', 'cancelAccount'] as const;
export type CodePurpose = (typeof CODE_PURPOSES)[number];
export const CODE_CHANNELS = ['email', 'sms'] as const;
export type CodeChannel = (typeof CODE_CHANNELS)[number];

export const CODE_LENGTH = 6;
export const CODE_RULES = {
  /** A code lives 10 minutes and is used once. */
  ttlSeconds: 600,
  /** Wrong guesses allowed per code; then it is dead and a new one must be sent. */
  maxAttempts: 5,
  /** A new code to the same address for the same purpose at most once a minute ... */
  resendSeconds: 60,
  /** ... and at most 5 per hour; one IP may ask for 20 per hour over all addresses. */
  perAddressPerHour: 5,
  perIpPerHour: 20,
} as const;

export const CODE_PATTERN = new RegExp(`^\\d{${CODE_LENGTH}}$`);

/** An e-mail address or a mobile number, told apart by their spec rules. */
export function channelOf(address: string): CodeChannel | undefined {
  if (EMAIL_PATTERN.test(address)) return 'email';
  if (PHONE_PATTERN.test(address)) return 'sms';
  return undefined;
}

/** E-mail compares case-insensitively; a phone number is its digits. */
export function normaliseAddress(address: string): string {
  const a = address.trim();
  return channelOf(a) === 'email' ? a.toLowerCase() : a;
}

export const contactAddress = () =>
  trimmed()
    .required()
    .max(254)
    .test('contact', 'validation.contact', (v) => !v || channelOf(v) !== undefined);

export const verificationCode = () => trimmed().required().matches(CODE_PATTERN, 'validation.code');

/** POST /api/codes: ask for a code. Purposes that act on the signed-in account need a session. */
export const sendCodeSchema = yup
  .object({
    purpose: yup.mixed<CodePurpose>().oneOf([...CODE_PURPOSES]).required(),
    address: contactAddress(),
  })
  .noUnknown();
