import './validation/locale';
import * as yup from 'yup';
import type { Lang } from './languages';
import { keysetCursor } from './validation/keyset';
import { isCalendarDate, isoDate, trimmed } from './validation/rules';

export const INVITATION_PAGE_SIZE = 20;

/** The registration page with the code filled in (spec part 2 §3 "Invitation": code and link). */
export function invitationLink(lang: Lang, code: string): string {
  return `/${lang}/ipci/register?invite=${encodeURIComponent(code)}`;
}

const limit = yup.number().integer().min(1).max(100).default(INVITATION_PAGE_SIZE);

/** `after`: the opaque keyset cursor returned as `next` by the previous page. */
export const inviteeQuerySchema = yup.object({ limit, after: keysetCursor(['date', 'uuid']) }).noUnknown();
export type InviteeQuery = yup.InferType<typeof inviteeQuerySchema>;

/**
 * Admin invitation statistics: invitees registered from `from` to `to` (whole days, China time,
 * both included), inviters whose user name, name or invitation code starts with `q`.
 */
export const invitationStatsQuerySchema = yup
  .object({
    from: isoDate(),
    to: isoDate().test('after-from', 'validation.dateMin', function (to) {
      const from = this.parent.from as string | undefined;
      return !from || !to || !isCalendarDate(from) || to >= from;
    }),
    q: trimmed().max(64),
    limit,
    after: keysetCursor(['count', 'date', 'uuid']),
  })
  .noUnknown();
export type InvitationStatsQuery = yup.InferType<typeof invitationStatsQuerySchema>;
