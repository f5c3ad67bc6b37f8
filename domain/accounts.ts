import './validation/locale';
import * as yup from 'yup';
import { chinaDate } from './dates';
import { IDENTITY_KINDS, type IdentityKind } from './identity';
import { newPassword, repeatPassword } from './password';
import { contactAddress, verificationCode } from './verification';
import { isCalendarDate, isoDate, serialId, trimmed } from './validation/rules';

/**
 * User names: 3–32 letters (any script), digits or `_`, starting with a letter. Starting with a letter
 * means a name can never be all digits (a phone number) and the missing `@` means it can never be an
 * e-mail address, so the log-in field (name, e-mail or phone) always has one reading.
 */
export const USERNAME_PATTERN = /^\p{L}[\p{L}\p{Nd}_]{2,31}$/u;

/** Spec part 1 §5 / §9: under-14s cannot register at all; natural persons must be 18 or older. */
export const CHILD_AGE = 14;
export const ADULT_AGE = 18;

/** The four agreements of the registration form (spec part 1 §5), each a readable page under register/. */
export const AGREEMENTS = [
  { field: 'agreeUserAgreement', page: 'agreement' },
  { field: 'agreeDisclaimer', page: 'disclaimer' },
  { field: 'agreePrivacy', page: 'privacy' },
  { field: 'agreeChildRules', page: 'childRule' },
] as const;
export type AgreementPage = (typeof AGREEMENTS)[number]['page'];

/** Invitation codes are 8 characters (db: upper-case hex); typed case does not matter. */
export const INVITE_CODE_PATTERN = /^[0-9A-Za-z]{8}$/;


/**
 * Full years between two ISO dates: the age on `today` of someone born on `birthDate`. A birthday not
 * yet reached this year does not count, so someone born on 29 February turns a year older on 1 March
 * in a common year.
 */
export function ageOn(birthDate: string, today: string): number {
  const [by, bm, bd] = birthDate.split('-').map(Number);
  const [ty, tm, td] = today.split('-').map(Number);
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}

/**
 * Today's date as yyyy-mm-dd in the platform's time zone: the platform runs under mainland China law,
 * so an age counts in China time whatever the server's zone.
 */
export const isoToday = (now = new Date()): string => chinaDate(now);

/** Context the registration schema reads: the date ages are computed on (the API passes the server's). */
export interface RegisterContext {
  today?: string;
}

const mustAgree = () => yup.boolean().required('register.agreementRequired').oneOf([true], 'register.agreementRequired');

export const registerSchema = yup
  .object({
    userType: yup.mixed<IdentityKind>().oneOf([...IDENTITY_KINDS]).required(),
    username: trimmed().required().min(3).max(32).matches(USERNAME_PATTERN, 'register.username'),
    password: newPassword(),
    repeatPassword: repeatPassword(),
    address: contactAddress(),
    code: verificationCode(),
    inviteCode: trimmed()
      .default('')
      .matches(INVITE_CODE_PATTERN, { message: 'register.inviteCode', excludeEmptyString: true }),
    birthDate: isoDate()
      .default('')
      .when('userType', {
        is: 'personal',
        then: (s) =>
          s
            .required()
            .test('age', 'register.adultAge', function check(v) {
              if (!v || !isCalendarDate(v)) return true;
              const today = (this.options.context as RegisterContext | undefined)?.today ?? isoToday();
              if (v > today) return this.createError({ message: 'validation.date' });
              const age = ageOn(v, today);
              if (age < CHILD_AGE) return this.createError({ message: 'register.childAge' });
              return age >= ADULT_AGE;
            }),
        // An enterprise has no birth date; whatever the form held is dropped.
        otherwise: (s) => s.transform(() => ''),
      }),
    agreeUserAgreement: mustAgree(),
    agreeDisclaimer: mustAgree(),
    agreePrivacy: mustAgree(),
    agreeChildRules: mustAgree(),
  })
  .noUnknown();
export type RegisterInput = yup.InferType<typeof registerSchema>;

/** Forgot password: a code to the bound e-mail or phone, then the new password twice. */
export const forgotPasswordSchema = yup
  .object({
    address: contactAddress(),
    code: verificationCode(),
    password: newPassword(),
    repeatPassword: repeatPassword(),
  })
  .noUnknown();

/** GET /api/admin/outbox: newest first, keyset on id. */
export const OUTBOX_PAGE = 50;
export const outboxQuerySchema = yup
  .object({
    recipient: trimmed().max(254).default(''),
    before: serialId(),
    limit: yup.number().integer().min(1).max(200).default(OUTBOX_PAGE),
  })
  .noUnknown();
