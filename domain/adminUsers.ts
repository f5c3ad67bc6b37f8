import './validation/locale';
import * as yup from 'yup';
import { ROLES, USER_TYPES, type Role } from './roles';
import { ELEMENTS, ROLES_EDITOR_ELEMENT } from './permissions';
import { keysetCursor } from './validation/keyset';
import { requiredText, trimmed } from './validation/rules';

/** Spec part 1 §4: an account is active, frozen for security, or cancelled (irreversible). */
export const USER_STATUSES = ['active', 'frozen', 'cancelled'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];
/** Account kinds as the admin list filters them: staff accounts have no kind. */
export const USER_KIND_FILTERS = [...(Object.keys(USER_TYPES) as (keyof typeof USER_TYPES)[]), 'staff'] as const;
export const ADMIN_USERS_PAGE_SIZE = 20;

/** GET /api/admin/users: search by user name, display name or e-mail (part of it) or phone (exact). */
export const userSearchSchema = yup
  .object({
    q: trimmed().max(100),
    role: yup.string().oneOf([...ROLES]),
    kind: yup.string().oneOf([...USER_KIND_FILTERS]),
    status: yup.string().oneOf([...USER_STATUSES]),
    limit: yup.number().integer().min(1).max(100).default(ADMIN_USERS_PAGE_SIZE),
    /** Opaque keyset cursor returned as `next` by the previous page. */
    after: keysetCursor(['date', 'uuid']),
  })
  .noUnknown();
export type UserSearch = yup.InferType<typeof userSearchSchema>;

/** PUT /api/admin/users/:id (the userManagement edit page). */
export const userEditSchema = yup
  .object({
    displayName: requiredText(100),
    kind: yup.string().nullable().oneOf([...(Object.keys(USER_TYPES) as (keyof typeof USER_TYPES)[]), null]).default(null),
    roles: yup
      .array(yup.string().required().oneOf([...ROLES]))
      .required()
      .min(1)
      .test('unique', 'validation.invalid', (v) => !v || new Set(v).size === v.length),
  })
  .noUnknown();
export type UserEdit = yup.InferType<typeof userEditSchema>;

export const freezeSchema = yup.object({ reason: requiredText(300) }).noUnknown();

/** PUT /api/admin/roles: every role with the element ids it may use. */
export const roleElementsSchema = yup
  .object({
    roles: yup
      .object(
        Object.fromEntries(
          ROLES.map((role) => [
            role,
            yup
              .array(yup.string().required().oneOf([...ELEMENTS], 'validation.oneOf'))
              .required()
              .test('editor', 'admin.rolesEditorKept', (v) => role !== 'admin' || (v ?? []).includes(ROLES_EDITOR_ELEMENT)),
          ]),
        ) as Record<Role, yup.ArraySchema<string[], yup.AnyObject>>,
      )
      .noUnknown()
      .required(),
  })
  .noUnknown();
