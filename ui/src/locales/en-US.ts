import { mergeCatalogs, sharedCatalogs } from '../../../domain/locales/merge';
import base from '../../locales/en-US.json';
import account from '../../locales/account/en-US.json';
import security from '../../locales/security/en-US.json';
import profile from '../../locales/profile/en-US.json';
import admin from '../../locales/admin/en-US.json';
import title from '../../locales/title/en-US.json';
import ipci from '../../locales/ipci/en-US.json';
import certificate from '../../locales/certificate/en-US.json';
import order from '../../locales/order/en-US.json';
import site from '../../locales/site/en-US.json';
import objection from '../../locales/objection/en-US.json';
import trade from '../../locales/trade/en-US.json';
import catalogue from '../../locales/catalogue/en-US.json';
import records from '../../locales/records/en-US.json';
import protection from '../../locales/protection/en-US.json';
import lawFirm from '../../locales/lawFirm/en-US.json';
import publicity from '../../locales/publicity/en-US.json';
import sharedDictionary from '../../../domain/locales/en-US/dictionary.json';
import sharedEntrustedTrade from '../../../domain/locales/en-US/entrustedTrade.json';
import sharedTradeRecords from '../../../domain/locales/en-US/tradeRecords.json';
import sharedCatalogue from '../../../domain/locales/en-US/catalogue.json';
import errors from '../../../domain/locales/en-US/errors.json';
import messages from '../../../domain/locales/en-US/messages.json';
import sharedAccount from '../../../domain/locales/en-US/account.json';
import sharedSecurity from '../../../domain/locales/en-US/security.json';
import sharedProfile from '../../../domain/locales/en-US/profile.json';
import sharedAdmin from '../../../domain/locales/en-US/admin.json';
import sharedOrder from '../../../domain/locales/en-US/order.json';
import sharedTitle from '../../../domain/locales/en-US/title.json';
import sharedIpci from '../../../domain/locales/en-US/ipci.json';
import sharedCertificate from '../../../domain/locales/en-US/certificate.json';
import sharedTrade from '../../../domain/locales/en-US/trade.json';
import sharedObjection from '../../../domain/locales/en-US/objection.json';
import sharedProtection from '../../../domain/locales/en-US/protection.json';
import sharedLawFirm from '../../../domain/locales/en-US/lawFirm.json';
import sharedGallery from '../../../domain/locales/en-US/gallery.json';
import gallery from '../../locales/gallery/en-US.json';
import watermark from '../../locales/watermark/en-US.json';
import watermarkCheck from '../../locales/watermarkCheck/en-US.json';
import antiAdmin from '../../locales/antiAdmin/en-US.json';
import sharedWatermark from '../../../domain/locales/en-US/watermark.json';
import sharedManufacturer from '../../../domain/locales/en-US/manufacturer.json';
import manufacturer from '../../locales/manufacturer/en-US.json';

import sharedCapacity from '../../../domain/locales/en-US/capacity.json';
import sharedMonitoring from '../../../domain/locales/en-US/monitoring.json';
import sharedSuspects from '../../../domain/locales/en-US/suspects.json';
import sharedTortReport from '../../../domain/locales/en-US/tortReport.json';
import capacity from '../../locales/capacity/en-US.json';
import monitoring from '../../locales/monitoring/en-US.json';
import monitoringAdmin from '../../locales/monitoringAdmin/en-US.json';
/** Everything the UI says in en-US, in one chunk that only its readers download (ui/src/i18n.ts). */
export default {
  common: mergeCatalogs<typeof base>(base, account, security, profile, admin, title, ipci, certificate, order, site, trade, objection, catalogue, records, lawFirm, manufacturer, protection, publicity, capacity, gallery, watermark, watermarkCheck, antiAdmin, monitoring, monitoringAdmin),
  ...sharedCatalogs(errors, messages, sharedAccount, sharedSecurity, sharedProfile, sharedAdmin, sharedOrder, sharedTitle, sharedIpci, sharedCertificate, sharedTrade, sharedObjection, sharedCatalogue, sharedDictionary, sharedEntrustedTrade, sharedTradeRecords, sharedLawFirm, sharedManufacturer, sharedProtection, sharedCapacity, sharedGallery, sharedWatermark, sharedMonitoring, sharedSuspects, sharedTortReport),
};
