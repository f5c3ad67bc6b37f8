import zhErrors from './zh-CN/errors.json';
import enErrors from './en-US/errors.json';
import jaErrors from './ja-JP/errors.json';
import zhMessages from './zh-CN/messages.json';
import enMessages from './en-US/messages.json';
import jaMessages from './ja-JP/messages.json';
import type { Lang } from '../languages';

/**
 * Namespaces shared by the API and the UI: `errors` (API answers and form field messages)
 * and `messages` (site messages, stored as keys so each reader sees their own language).
 */
export const SHARED_CATALOGS: Record<Lang, { errors: typeof enErrors; messages: typeof enMessages }> = {
  'zh-CN': { errors: zhErrors, messages: zhMessages },
  'en-US': { errors: enErrors, messages: enMessages },
  'ja-JP': { errors: jaErrors, messages: jaMessages },
};
