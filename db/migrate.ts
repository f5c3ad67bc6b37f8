import type { Knex } from 'knex';
import * as foundation from './migrations/001_foundation';
import * as accounts from './migrations/002_accounts';
import * as accountLimits from './migrations/003_account_limits';
import * as security from './migrations/004_security';
import * as profile from './migrations/005_profile';
import * as admin from './migrations/006_admin';
import * as retention from './migrations/007_retention';
import * as rights from './migrations/008_rights';
import * as ipNames from './migrations/009_ip_names';
import * as creatorIdKind from './migrations/010_creator_id_kind';
import * as trade from './migrations/011_trade';
import * as catalogue from './migrations/012_catalogue';
import * as objections from './migrations/015_objections';
import * as tradeOrders from './migrations/013_trade_orders';
import * as recordsEvaluations from './migrations/014_records_evaluations';
import * as licenceReservations from './migrations/016_licence_reservations';
import * as ordersType from './migrations/017_orders_type';
import * as uploadGrants from './migrations/018_upload_grants';
import * as ipInformationCategory from './migrations/019_ip_information_category';
import * as protection from './migrations/020_protection';
import * as storageDeletions from './migrations/021_storage_deletions';
import * as uploadStorageKeys from './migrations/022_upload_storage_keys';
import * as capacityGallery from './migrations/023_capacity_gallery';
import * as orderAntiPackage from './migrations/025_order_anti_package';
import * as manufacturers from './migrations/024_manufacturers';
import * as watermarks from './migrations/026_watermarks';
import * as c2paCertificates from './migrations/027_c2pa_certificates';
import * as antiAdmin from './migrations/028_anti_admin';
import * as monitoring from './migrations/029_monitoring';
import * as monitoringAdmin from './migrations/034_monitoring_admin';
import * as suspectMatching from './migrations/033_suspect_matching';
import * as imageHashIndex from './migrations/030_image_hash_index';
import * as crawlProgress from './migrations/031_crawl_progress';

/** Migrations are imported, not globbed, so they run the same under tsx, jest and a bundle. */
const MIGRATIONS: Record<string, Knex.Migration> = { '001_foundation': foundation, '002_accounts': accounts, '003_account_limits': accountLimits, '004_security': security, '005_profile': profile, '006_admin': admin, '007_retention': retention, '008_rights': rights, '009_ip_names': ipNames, '010_creator_id_kind': creatorIdKind, '011_trade': trade, '012_catalogue': catalogue, '015_objections': objections, '013_trade_orders': tradeOrders, '014_records_evaluations': recordsEvaluations, '016_licence_reservations': licenceReservations, '017_orders_type': ordersType, '018_upload_grants': uploadGrants, '019_ip_information_category': ipInformationCategory, '020_protection': protection, '021_storage_deletions': storageDeletions, '022_upload_storage_keys': uploadStorageKeys, '023_capacity_gallery': capacityGallery, '025_order_anti_package': orderAntiPackage, '024_manufacturers': manufacturers, '026_watermarks': watermarks, '027_c2pa_certificates': c2paCertificates, '028_anti_admin': antiAdmin, '029_monitoring': monitoring, '034_monitoring_admin': monitoringAdmin, '033_suspect_matching': suspectMatching, '030_image_hash_index': imageHashIndex, '031_crawl_progress': crawlProgress };

const source: Knex.MigrationSource<string> = {
  getMigrations: async () => Object.keys(MIGRATIONS).sort(),
  getMigrationName: (name) => name,
  getMigration: async (name) => MIGRATIONS[name],
};

export async function migrate(k: Knex): Promise<void> {
  await k.migrate.latest({ migrationSource: source });
}
