import './validation/locale';
import * as yup from 'yup';
import { IP_CATEGORIES } from './titleRegistration';
import { keysetCursor } from './validation/keyset';
import { requiredText, trimmed } from './validation/rules';

/**
 * Back office "IP information" (admin/ipInformation): every IP in the licensing section, listed or
 * taken down, searchable by name (any language) or IPCI code and filtered by listing state and category; staff take one down with a reason
 * and relist it (ipciLifecycle's staffTakeDownIpci / staffRelistIpci).
 */
export const IP_INFORMATION_FILTERS = ['all', 'listed', 'takenDown', 'staffTakenDown'] as const;
export type IpInformationFilter = (typeof IP_INFORMATION_FILTERS)[number];
export const IP_INFORMATION_PAGE_SIZE = 20;
/** A staff take-down's reason: the owner reads it in their message. */
export const STAFF_REASON_MAX = 500;

export const ipInformationQuerySchema = yup
  .object({
    q: trimmed().max(100).default(''),
    status: yup.string().oneOf([...IP_INFORMATION_FILTERS]).default('all'),
    category: trimmed().oneOf(['', ...IP_CATEGORIES]).default(''),
    limit: yup.number().integer().min(1).max(100).default(IP_INFORMATION_PAGE_SIZE),
    after: keysetCursor(['date', 'uuid']),
  })
  .noUnknown();
export type IpInformationQuery = yup.InferType<typeof ipInformationQuerySchema>;

export const staffTakeDownSchema = yup.object({ reason: requiredText(STAFF_REASON_MAX) }).noUnknown();
