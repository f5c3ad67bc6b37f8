import './validation/locale';
import * as yup from 'yup';
import { newPassword, repeatPassword } from './password';
import { contactAddress, verificationCode } from './verification';
import { email, phone, trimmed } from './validation/rules';

/** Bind or change the e-mail address: the code was sent to the NEW address (purpose bindEmail). */
export const bindEmailSchema = yup.object({ email: email().required().max(254), code: verificationCode() }).noUnknown();

/** Bind or change the mobile number: the code was sent to the NEW number (purpose bindPhone). */
export const bindPhoneSchema = yup.object({ phone: phone().required(), code: verificationCode() }).noUnknown();

export const changePasswordSchema = yup
  .object({
    oldPassword: yup.string().required().max(200),
    password: newPassword(),
    repeatPassword: repeatPassword(),
  })
  .noUnknown();

export const CANCELLATION_REASON = { min: 5, max: 500 } as const;

/** Spec part 1 §4: cancellation asks for a reason and a code sent to one of the user's bound addresses. */
export const cancellationSchema = yup
  .object({
    reason: trimmed().required().min(CANCELLATION_REASON.min).max(CANCELLATION_REASON.max),
    address: contactAddress(),
    code: verificationCode(),
  })
  .noUnknown();

export type ChangePassword = yup.InferType<typeof changePasswordSchema>;
export type CancellationRequest = yup.InferType<typeof cancellationSchema>;

/** account_cancellations.status: a request is pending until approved, rejected or withdrawn. */
export type CancellationStatus = 'pending' | 'approved' | 'rejected' | 'withdrawn';

/**
 * The admin audit's target. The spec gives none; GB/T 35273-2020 §8.5 asks personal-information
 * controllers to handle an account cancellation within 15 working days, so the task is due then.
 */
export const CANCELLATION_AUDIT_WORKING_DAYS = 15;

/** The only item a rejecting admin flags: the request itself; the reason goes to the user. */
export const CANCELLATION_DECISION_FIELDS = ['cancellationRequest'] as const;

/** Replaces a cancelled account's name wherever its past records still appear ("cancelled user", in the default language). */
export const CANCELLED_DISPLAY_NAME = '已注销用户';

/** 13812345678 → 138****5678: enough to recognise one's own number, not to read it. */
export function maskPhone(value: string | null | undefined): string | null {
  if (!value) return null;
  return value.length > 7 ? `${value.slice(0, 3)}****${value.slice(-4)}` : '****';
}

/** alice@example.com → a***@example.com. */
export function maskEmail(value: string | null | undefined): string | null {
  if (!value) return null;
  const at = value.lastIndexOf('@');
  if (at < 1) return '***';
  return `${value[0]}***${value.slice(at)}`;
}

/** Masks either kind of contact address. */
export const maskAddress = (value: string) => (value.includes('@') ? maskEmail(value) : maskPhone(value))!;

/**
 * Legal statements (spec part 1 §1, §9): the user agreement runs to the end of the third year after
 * the last login, so records the platform must keep (identity certification, the cancellation itself)
 * are retained until then. Years are counted in China time, where the agreement is governed.
 * Returns the last day as yyyy-mm-dd.
 */
export function retentionEnd(lastLogin: Date): string {
  const year = Number(new Intl.DateTimeFormat('en-US', { timeZone: 'Asia/Shanghai', year: 'numeric' }).format(lastLogin));
  return `${year + 3}-12-31`;
}
