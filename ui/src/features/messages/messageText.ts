import type { TFunction } from 'i18next';
import type { Message } from '../../api/types';
import { formatIpciCode } from '../../../../domain/ipci';
import { ipNameIn, type IpNames } from '../../../../domain/ipNames';

/**
 * What a process message's text is filled with, for the reader: the IP's name (or an inbox title
 * naming it) in the reader's language when the user entered it (the Chinese one otherwise), an IPCI
 * code grouped as it is printed.
 */
function readerParams(m: Message, lang: string): Record<string, unknown> {
  const params: Record<string, unknown> = { ...(m.params ?? {}) };
  if (params.names && typeof params.names === 'object') params.name = ipNameIn(params.names as IpNames, lang);
  if (params.titles && typeof params.titles === 'object') params.title = (params.titles as Record<string, string>)[lang] ?? params.title;
  if (typeof params.code === 'string') params.code = formatIpciCode(params.code);
  return params;
}

/** A process message reads in the reader's language (catalog keys); a staff message as written. */
export function messageTitle(t: TFunction, m: Message, lang: string): string {
  if (m.title) return m.title;
  return m.titleKey ? (t(m.titleKey, { ns: 'messages', defaultValue: m.titleKey, ...readerParams(m, lang) }) as string) : '';
}

export function messageBody(t: TFunction, m: Message, lang: string): string {
  if (m.content) return m.content;
  return m.bodyKey ? (t(m.bodyKey, { ns: 'messages', defaultValue: '', ...readerParams(m, lang) }) as string) : '';
}

export function messageSender(t: TFunction, m: Message): string {
  return m.sender === 'system' ? t('messages.system') : (m.senderName ?? t('msg.staff'));
}

/** Action links are `/…` from the root or `usercenter/…` under the reader's site language. */
export function actionHref(link: string, lang: string): string {
  return link.startsWith('/') ? link : `/${lang}/ipci/${link}`;
}
