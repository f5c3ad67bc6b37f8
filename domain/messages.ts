import './validation/locale';
import * as yup from 'yup';
import { ROLES } from './roles';
import { trimmed } from './validation/rules';

/** Spec part 2 §3 Message: a system message (from a process) or a message (written by staff). */
export const MESSAGE_KINDS = ['system', 'message'] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];
export const MESSAGE_PAGE_SIZE = 20;
export const MESSAGE_TITLE_MAX = 100;
export const MESSAGE_CONTENT_MAX = 2000;
export const MESSAGE_REMARK_MAX = 300;

/**
 * An action link is a path inside the product: `/…` from the root, or `usercenter/…` relative to
 * the reader's site language (`/{lang}/ipci/`). Never another site: no scheme, no `//host`.
 */
export const ACTION_LINK_PATTERN = /^(?!\/\/)\/?[A-Za-z0-9\-._~/?=&%#]+$/;

/** POST /api/admin/messages: to one user (recUserId) or to every active user (notifyAll), optionally of one role. */
export const sendMessageSchema = yup
  .object({
    recUserId: yup.string().when('notifyAll', { is: true, then: (s) => s.strip(), otherwise: (s) => s.required('admin.recipientRequired').uuid('validation.invalid') }),
    notifyAll: yup.boolean().default(false),
    /** With notifyAll: only the active users holding this role (e.g. every reviewer). */
    role: yup.string().oneOf([...ROLES]).when('notifyAll', { is: true, otherwise: (s) => s.strip() }),
    kind: yup.string().oneOf([...MESSAGE_KINDS]).default('message'),
    title: trimmed().required().max(MESSAGE_TITLE_MAX),
    content: trimmed().required().max(MESSAGE_CONTENT_MAX),
    actionLink: trimmed().max(300).matches(ACTION_LINK_PATTERN, { message: 'admin.actionLink', excludeEmptyString: true }).default(''),
    remark: trimmed().max(MESSAGE_REMARK_MAX).default(''),
    /** Chosen by the form once: a retried or double-clicked send does not deliver twice. */
    sendId: yup.string().uuid('validation.invalid'),
  })
  .noUnknown();
export type SendMessageInput = yup.InferType<typeof sendMessageSchema>;

/** GET /api/messages: newest first, keyset by id (`before` = the last id of the previous page). */
export const messageListSchema = yup
  .object({
    kind: yup.string().oneOf([...MESSAGE_KINDS]),
    unread: yup.boolean().default(false),
    before: yup.string().matches(/^\d{1,18}$/, 'validation.invalid'),
    limit: yup.number().integer().min(1).max(100).default(MESSAGE_PAGE_SIZE),
  })
  .noUnknown();
export type MessageListQuery = yup.InferType<typeof messageListSchema>;

export const readAllSchema = yup.object({ kind: yup.string().oneOf([...MESSAGE_KINDS]) }).noUnknown();
