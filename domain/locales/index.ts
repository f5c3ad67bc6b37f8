import zhErrors from './zh-CN/errors.json';
import enErrors from './en-US/errors.json';
import jaErrors from './ja-JP/errors.json';
import zhMessages from './zh-CN/messages.json';
import enMessages from './en-US/messages.json';
import jaMessages from './ja-JP/messages.json';
import zhAccount from './zh-CN/account.json';
import enAccount from './en-US/account.json';
import jaAccount from './ja-JP/account.json';
import zhSecurity from './zh-CN/security.json';
import enSecurity from './en-US/security.json';
import jaSecurity from './ja-JP/security.json';
import zhProfile from './zh-CN/profile.json';
import enProfile from './en-US/profile.json';
import jaProfile from './ja-JP/profile.json';
import zhAdmin from './zh-CN/admin.json';
import enAdmin from './en-US/admin.json';
import jaAdmin from './ja-JP/admin.json';
import zhOrder from './zh-CN/order.json';
import enOrder from './en-US/order.json';
import jaOrder from './ja-JP/order.json';
import zhTitle from './zh-CN/title.json';
import enTitle from './en-US/title.json';
import jaTitle from './ja-JP/title.json';
import zhIpci from './zh-CN/ipci.json';
import enIpci from './en-US/ipci.json';
import jaIpci from './ja-JP/ipci.json';
import zhCertificate from './zh-CN/certificate.json';
import enCertificate from './en-US/certificate.json';
import jaCertificate from './ja-JP/certificate.json';
import zhDictionary from './zh-CN/dictionary.json';
import enDictionary from './en-US/dictionary.json';
import jaDictionary from './ja-JP/dictionary.json';
import zhEntrustedTrade from './zh-CN/entrustedTrade.json';
import enEntrustedTrade from './en-US/entrustedTrade.json';
import jaEntrustedTrade from './ja-JP/entrustedTrade.json';
import zhTradeRecords from './zh-CN/tradeRecords.json';
import enTradeRecords from './en-US/tradeRecords.json';
import jaTradeRecords from './ja-JP/tradeRecords.json';
import zhTrade from './zh-CN/trade.json';
import enTrade from './en-US/trade.json';
import jaTrade from './ja-JP/trade.json';
import zhCatalogue from './zh-CN/catalogue.json';
import enCatalogue from './en-US/catalogue.json';
import jaCatalogue from './ja-JP/catalogue.json';
import zhObjection from './zh-CN/objection.json';
import enObjection from './en-US/objection.json';
import jaObjection from './ja-JP/objection.json';
import zhProtection from './zh-CN/protection.json';
import enProtection from './en-US/protection.json';
import jaProtection from './ja-JP/protection.json';
import zhLawFirm from './zh-CN/lawFirm.json';
import enLawFirm from './en-US/lawFirm.json';
import jaLawFirm from './ja-JP/lawFirm.json';
import zhManufacturer from './zh-CN/manufacturer.json';
import enManufacturer from './en-US/manufacturer.json';
import jaManufacturer from './ja-JP/manufacturer.json';
import zhCapacity from './zh-CN/capacity.json';
import enCapacity from './en-US/capacity.json';
import jaCapacity from './ja-JP/capacity.json';
import zhGallery from './zh-CN/gallery.json';
import enGallery from './en-US/gallery.json';
import jaGallery from './ja-JP/gallery.json';
import zhWatermark from './zh-CN/watermark.json';
import enWatermark from './en-US/watermark.json';
import jaWatermark from './ja-JP/watermark.json';
import zhMonitoring from './zh-CN/monitoring.json';
import enMonitoring from './en-US/monitoring.json';
import jaMonitoring from './ja-JP/monitoring.json';
import zhTortReport from './zh-CN/tortReport.json';
import enTortReport from './en-US/tortReport.json';
import jaTortReport from './ja-JP/tortReport.json';
import zhSuspects from './zh-CN/suspects.json';
import enSuspects from './en-US/suspects.json';
import jaSuspects from './ja-JP/suspects.json';
import type { Lang } from '../languages';
import { sharedCatalogs } from './merge';

type Area = Parameters<typeof sharedCatalogs>[2];

const catalogs = (errors: object, messages: object, ...areas: Area[]) => sharedCatalogs<typeof enErrors, typeof enMessages>(errors as typeof enErrors, messages as typeof enMessages, ...areas);

/**
 * Namespaces shared by the API and the UI: `errors` (API answers and form field messages)
 * and `messages` (site messages, stored as keys so each reader sees their own language).
 */
export const SHARED_CATALOGS: Record<Lang, { errors: typeof enErrors; messages: typeof enMessages }> = {
  'zh-CN': catalogs(zhErrors, zhMessages, zhAccount, zhSecurity, zhProfile, zhAdmin, zhOrder, zhTitle, zhIpci, zhCertificate, zhDictionary, zhEntrustedTrade, zhTradeRecords, zhTrade, zhCatalogue, zhObjection, zhProtection, zhLawFirm, zhManufacturer, zhGallery, zhCapacity, zhWatermark, zhTortReport, zhSuspects, zhMonitoring),
  'en-US': catalogs(enErrors, enMessages, enAccount, enSecurity, enProfile, enAdmin, enOrder, enTitle, enIpci, enCertificate, enDictionary, enEntrustedTrade, enTradeRecords, enTrade, enCatalogue, enObjection, enProtection, enLawFirm, enManufacturer, enGallery, enCapacity, enWatermark, enTortReport, enSuspects, enMonitoring),
  'ja-JP': catalogs(jaErrors, jaMessages, jaAccount, jaSecurity, jaProfile, jaAdmin, jaOrder, jaTitle, jaIpci, jaCertificate, jaDictionary, jaEntrustedTrade, jaTradeRecords, jaTrade, jaCatalogue, jaObjection, jaProtection, jaLawFirm, jaManufacturer, jaGallery, jaCapacity, jaWatermark, jaTortReport, jaSuspects, jaMonitoring),
};
