import type { TFunction } from 'i18next';
import type { Message } from '../../api/types';

/** A process message reads in the reader's language (catalog keys); a staff message as written. */
export function messageTitle(t: TFunction, m: Message): string {
  if (m.title) return m.title;
  return m.titleKey ? (t(m.titleKey, { ns: 'messages', defaultValue: m.titleKey, ...(m.params ?? {}) }) as string) : '';
}

export function messageBody(t: TFunction, m: Message): string {
  if (m.content) return m.content;
  return m.bodyKey ? (t(m.bodyKey, { ns: 'messages', defaultValue: '', ...(m.params ?? {}) }) as string) : '';
}

export function messageSender(t: TFunction, m: Message): string {
  return m.sender === 'system' ? t('messages.system') : (m.senderName ?? t('msg.staff'));
}

/** Action links are `/…` from the root or `usercenter/…` under the reader's site language. */
export function actionHref(link: string, lang: string): string {
  return link.startsWith('/') ? link : `/${lang}/ipci/${link}`;
}
