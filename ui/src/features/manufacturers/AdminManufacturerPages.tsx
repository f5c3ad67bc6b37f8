import { useTranslation } from 'react-i18next';
import { MANUFACTURER_STATES, manufacturerRecheckSchema, manufacturerSchema } from '../../../../domain/manufacturers';
import { formatDateTime } from '../../lib/format';
import { useLang } from '../../lib/useLang';
import { AdminDirectoryAuditPage, AdminDirectoryDetailPage, AdminDirectoryEditPage, AdminDirectoryListPage, AdminDirectoryRecheckPage, type AdminDirectory } from '../directory/AdminDirectoryPages';
import { MANUFACTURER_LISTING, ManufacturerStateTag } from './ManufacturerBits';
import { ManufacturerForm, manufacturerFormValues } from './ManufacturerForm';
import type { ManufacturerApplicationJson } from './types';

/** When it was listed and why a review refused it. */
function ListingRows({ a }: { a: ManufacturerApplicationJson }) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <>
      {a.listedAt && (
        <>
          <dt>{t('manufacturer.listing.listedAt')}</dt>
          <dd>{formatDateTime(a.listedAt, lang)}</dd>
        </>
      )}
      {a.refusalReason && (
        <>
          <dt>{t('manufacturer.listing.refusalReason')}</dt>
          <dd>{t(`messages:manufacturer.refusalReason.${a.refusalReason}`)}</dd>
        </>
      )}
    </>
  );
}

/** The manufacturer directory's back office (/admin/manufacturer): the shared directory pages with the manufacturers' form and texts. */
const MANUFACTURERS: AdminDirectory<ManufacturerApplicationJson> = {
  base: '/admin/manufacturer',
  api: '/api/admin/manufacturers',
  text: 'manufacturer',
  testPrefix: 'manufacturer',
  kind: 'manufacturerListing',
  listing: MANUFACTURER_LISTING,
  states: MANUFACTURER_STATES,
  emptyIcon: 'shield',
  StateTag: ManufacturerStateTag,
  summaryRows: (a) => <ListingRows a={a} />,
  Form: ({ application, ...form }) => <ManufacturerForm {...form} schema={manufacturerSchema} initial={manufacturerFormValues(application.data)} />,
  recheck: {
    schema: manufacturerRecheckSchema,
    actions: (a) => [
      { value: 'suspend', label: 'manufacturer.admin.suspend', enabled: a.state === 'listed', danger: true, confirm: 'manufacturer.admin.confirmSuspend' },
      { value: 'relist', label: 'manufacturer.admin.relist', enabled: a.state === 'suspended', confirm: 'manufacturer.admin.confirmRelist' },
    ],
  },
};

export const AdminManufacturersPage = () => <AdminDirectoryListPage dir={MANUFACTURERS} />;
export const AdminManufacturerAuditPage = () => <AdminDirectoryAuditPage dir={MANUFACTURERS} />;
export const AdminManufacturerDetailPage = () => <AdminDirectoryDetailPage dir={MANUFACTURERS} />;
export const AdminManufacturerEditPage = () => <AdminDirectoryEditPage dir={MANUFACTURERS} />;
export const AdminManufacturerRecheckPage = () => <AdminDirectoryRecheckPage dir={MANUFACTURERS} />;
