import { mergeCatalogs, sharedCatalogs } from '../../../domain/locales/merge';
import base from '../../locales/ja-JP.json';
import account from '../../locales/account/ja-JP.json';
import security from '../../locales/security/ja-JP.json';
import profile from '../../locales/profile/ja-JP.json';
import admin from '../../locales/admin/ja-JP.json';
import title from '../../locales/title/ja-JP.json';
import ipci from '../../locales/ipci/ja-JP.json';
import certificate from '../../locales/certificate/ja-JP.json';
import order from '../../locales/order/ja-JP.json';
import site from '../../locales/site/ja-JP.json';
import objection from '../../locales/objection/ja-JP.json';
import trade from '../../locales/trade/ja-JP.json';
import catalogue from '../../locales/catalogue/ja-JP.json';
import records from '../../locales/records/ja-JP.json';
import protection from '../../locales/protection/ja-JP.json';
import lawFirm from '../../locales/lawFirm/ja-JP.json';
import publicity from '../../locales/publicity/ja-JP.json';
import sharedDictionary from '../../../domain/locales/ja-JP/dictionary.json';
import sharedEntrustedTrade from '../../../domain/locales/ja-JP/entrustedTrade.json';
import sharedTradeRecords from '../../../domain/locales/ja-JP/tradeRecords.json';
import sharedCatalogue from '../../../domain/locales/ja-JP/catalogue.json';
import errors from '../../../domain/locales/ja-JP/errors.json';
import messages from '../../../domain/locales/ja-JP/messages.json';
import sharedAccount from '../../../domain/locales/ja-JP/account.json';
import sharedSecurity from '../../../domain/locales/ja-JP/security.json';
import sharedProfile from '../../../domain/locales/ja-JP/profile.json';
import sharedAdmin from '../../../domain/locales/ja-JP/admin.json';
import sharedOrder from '../../../domain/locales/ja-JP/order.json';
import sharedTitle from '../../../domain/locales/ja-JP/title.json';
import sharedIpci from '../../../domain/locales/ja-JP/ipci.json';
import sharedCertificate from '../../../domain/locales/ja-JP/certificate.json';
import sharedTrade from '../../../domain/locales/ja-JP/trade.json';
import sharedObjection from '../../../domain/locales/ja-JP/objection.json';
import sharedProtection from '../../../domain/locales/ja-JP/protection.json';
import sharedLawFirm from '../../../domain/locales/ja-JP/lawFirm.json';
import sharedGallery from '../../../domain/locales/ja-JP/gallery.json';
import gallery from '../../locales/gallery/ja-JP.json';
import watermark from '../../locales/watermark/ja-JP.json';
import watermarkCheck from '../../locales/watermarkCheck/ja-JP.json';
import antiAdmin from '../../locales/antiAdmin/ja-JP.json';
import sharedWatermark from '../../../domain/locales/ja-JP/watermark.json';
import sharedManufacturer from '../../../domain/locales/ja-JP/manufacturer.json';
import manufacturer from '../../locales/manufacturer/ja-JP.json';

import sharedCapacity from '../../../domain/locales/ja-JP/capacity.json';
import sharedMonitoring from '../../../domain/locales/ja-JP/monitoring.json';
import sharedSuspects from '../../../domain/locales/ja-JP/suspects.json';
import sharedTortReport from '../../../domain/locales/ja-JP/tortReport.json';
import capacity from '../../locales/capacity/ja-JP.json';
import monitoring from '../../locales/monitoring/ja-JP.json';
import monitoringAdmin from '../../locales/monitoringAdmin/ja-JP.json';
/** Everything the UI says in ja-JP, in one chunk that only its readers download (ui/src/i18n.ts). */
export default {
  common: mergeCatalogs<typeof base>(base, account, security, profile, admin, title, ipci, certificate, order, site, trade, objection, catalogue, records, lawFirm, manufacturer, protection, publicity, capacity, gallery, watermark, watermarkCheck, antiAdmin, monitoring, monitoringAdmin),
  ...sharedCatalogs(errors, messages, sharedAccount, sharedSecurity, sharedProfile, sharedAdmin, sharedOrder, sharedTitle, sharedIpci, sharedCertificate, sharedTrade, sharedObjection, sharedCatalogue, sharedDictionary, sharedEntrustedTrade, sharedTradeRecords, sharedLawFirm, sharedManufacturer, sharedProtection, sharedCapacity, sharedGallery, sharedWatermark, sharedMonitoring, sharedSuspects, sharedTortReport),
};
