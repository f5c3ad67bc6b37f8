import { mergeCatalogs, sharedCatalogs } from '../../../domain/locales/merge';
import base from '../../locales/zh-CN.json';
import account from '../../locales/account/zh-CN.json';
import security from '../../locales/security/zh-CN.json';
import profile from '../../locales/profile/zh-CN.json';
import admin from '../../locales/admin/zh-CN.json';
import title from '../../locales/title/zh-CN.json';
import ipci from '../../locales/ipci/zh-CN.json';
import certificate from '../../locales/certificate/zh-CN.json';
import order from '../../locales/order/zh-CN.json';
import site from '../../locales/site/zh-CN.json';
import objection from '../../locales/objection/zh-CN.json';
import trade from '../../locales/trade/zh-CN.json';
import catalogue from '../../locales/catalogue/zh-CN.json';
import records from '../../locales/records/zh-CN.json';
import protection from '../../locales/protection/zh-CN.json';
import lawFirm from '../../locales/lawFirm/zh-CN.json';
import publicity from '../../locales/publicity/zh-CN.json';
import sharedDictionary from '../../../domain/locales/zh-CN/dictionary.json';
import sharedEntrustedTrade from '../../../domain/locales/zh-CN/entrustedTrade.json';
import sharedTradeRecords from '../../../domain/locales/zh-CN/tradeRecords.json';
import sharedCatalogue from '../../../domain/locales/zh-CN/catalogue.json';
import errors from '../../../domain/locales/zh-CN/errors.json';
import messages from '../../../domain/locales/zh-CN/messages.json';
import sharedAccount from '../../../domain/locales/zh-CN/account.json';
import sharedSecurity from '../../../domain/locales/zh-CN/security.json';
import sharedProfile from '../../../domain/locales/zh-CN/profile.json';
import sharedAdmin from '../../../domain/locales/zh-CN/admin.json';
import sharedOrder from '../../../domain/locales/zh-CN/order.json';
import sharedTitle from '../../../domain/locales/zh-CN/title.json';
import sharedIpci from '../../../domain/locales/zh-CN/ipci.json';
import sharedCertificate from '../../../domain/locales/zh-CN/certificate.json';
import sharedTrade from '../../../domain/locales/zh-CN/trade.json';
import sharedObjection from '../../../domain/locales/zh-CN/objection.json';
import sharedProtection from '../../../domain/locales/zh-CN/protection.json';
import sharedLawFirm from '../../../domain/locales/zh-CN/lawFirm.json';
import sharedGallery from '../../../domain/locales/zh-CN/gallery.json';
import gallery from '../../locales/gallery/zh-CN.json';
import watermark from '../../locales/watermark/zh-CN.json';
import watermarkCheck from '../../locales/watermarkCheck/zh-CN.json';
import antiAdmin from '../../locales/antiAdmin/zh-CN.json';
import sharedWatermark from '../../../domain/locales/zh-CN/watermark.json';
import sharedManufacturer from '../../../domain/locales/zh-CN/manufacturer.json';
import manufacturer from '../../locales/manufacturer/zh-CN.json';

import sharedCapacity from '../../../domain/locales/zh-CN/capacity.json';
import sharedMonitoring from '../../../domain/locales/zh-CN/monitoring.json';
import sharedSuspects from '../../../domain/locales/zh-CN/suspects.json';
import sharedTortReport from '../../../domain/locales/zh-CN/tortReport.json';
import capacity from '../../locales/capacity/zh-CN.json';
import monitoring from '../../locales/monitoring/zh-CN.json';
import monitoringAdmin from '../../locales/monitoringAdmin/zh-CN.json';
/** Everything the UI says in zh-CN, in one chunk that only its readers download (ui/src/i18n.ts). */
export default {
  common: mergeCatalogs<typeof base>(base, account, security, profile, admin, title, ipci, certificate, order, site, trade, objection, catalogue, records, lawFirm, manufacturer, protection, publicity, capacity, gallery, watermark, watermarkCheck, antiAdmin, monitoring, monitoringAdmin),
  ...sharedCatalogs(errors, messages, sharedAccount, sharedSecurity, sharedProfile, sharedAdmin, sharedOrder, sharedTitle, sharedIpci, sharedCertificate, sharedTrade, sharedObjection, sharedCatalogue, sharedDictionary, sharedEntrustedTrade, sharedTradeRecords, sharedLawFirm, sharedManufacturer, sharedProtection, sharedCapacity, sharedGallery, sharedWatermark, sharedMonitoring, sharedSuspects, sharedTortReport),
};
