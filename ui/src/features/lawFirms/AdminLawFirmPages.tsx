import { Button } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LAW_FIRM_STATES, lawFirmRecheckSchema, lawFirmSchema } from '../../../../domain/lawFirms';
import { api } from '../../api/client';
import { ConfirmAlert } from '../../components/ConfirmAlert';
import { formatDate, formatDeadline } from '../../lib/format';
import { useLang } from '../../lib/useLang';
import { showToast } from '../../session/toaster';
import { AdminDirectoryAuditPage, AdminDirectoryDetailPage, AdminDirectoryEditPage, AdminDirectoryListPage, AdminDirectoryRecheckPage, type AdminDirectory } from '../directory/AdminDirectoryPages';
import { LawFirmStateTag, RecommendedTag } from './LawFirmBits';
import { formValuesOf, LawFirmForm } from './LawFirmForm';
import type { LawFirmApplicationJson } from './types';

const API = '/api/admin/lawfirms';

/** The recommended flag: a direct admin write after a confirmation. */
function RecommendButton({ app, onChange }: { app: LawFirmApplicationJson; onChange: (a: LawFirmApplicationJson) => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const next = !app.recommended;
  return (
    <>
      <Button icon={next ? 'star' : 'star-empty'} text={t(next ? 'lawFirm.admin.recommend' : 'lawFirm.admin.unrecommend')} onClick={() => setOpen(true)} data-testid="admin-lawfirm-recommend" />
      <ConfirmAlert
        open={open}
        intent="primary"
        icon="star"
        cancelText={t('lawFirm.admin.cancel')}
        confirmText={t('lawFirm.admin.confirm')}
        busy={busy}
        onCancel={() => setOpen(false)}
        onConfirm={async () => {
          setBusy(true);
          try {
            const r = await api.put<{ application: LawFirmApplicationJson }>(`${API}/${encodeURIComponent(app.id)}/recommended`, { recommended: next });
            onChange(r.application);
            showToast({ intent: 'success', icon: 'tick', message: t('lawFirm.admin.saved') });
            setOpen(false);
          } finally {
            setBusy(false);
          }
        }}
      >
        <p>{t(next ? 'lawFirm.admin.confirmRecommend' : 'lawFirm.admin.confirmUnrecommend')}</p>
      </ConfirmAlert>
    </>
  );
}

/** The payment deadline while one is open and the listing's term once listed. */
function TermRows({ a }: { a: LawFirmApplicationJson }) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <>
      {a.paymentDueAt && (
        <>
          <dt>{t('lawFirm.listing.paymentDueLabel')}</dt>
          <dd>{formatDeadline(a.paymentDueAt, lang)}</dd>
        </>
      )}
      {a.listedAt && a.listedUntil && (
        <>
          <dt>{t('lawFirm.listing.termLabel')}</dt>
          <dd>{t('lawFirm.listing.term', { from: formatDate(a.listedAt, lang), until: formatDate(a.listedUntil, lang) })}</dd>
        </>
      )}
    </>
  );
}

/** The law-firm directory's back office (/admin/lawFirm): recommendation, payment and term beside the shared pages. */
const LAW_FIRMS: AdminDirectory<LawFirmApplicationJson> = {
  base: '/admin/lawFirm',
  api: API,
  text: 'lawFirm',
  testPrefix: 'lawfirm',
  kind: 'lawFirmListing',
  states: LAW_FIRM_STATES,
  emptyIcon: 'office',
  StateTag: LawFirmStateTag,
  badge: (a) => a.recommended && <RecommendedTag />,
  actions: (a, onChange) => <RecommendButton app={a} onChange={onChange} />,
  summaryRows: (a) => <TermRows a={a} />,
  Form: ({ application, ...form }) => <LawFirmForm {...form} schema={lawFirmSchema} initial={formValuesOf(application.data)} />,
  recheck: {
    schema: lawFirmRecheckSchema,
    actions: (a) => [
      { value: 'suspend', label: 'lawFirm.admin.suspend', enabled: a.state === 'listed', danger: true, confirm: 'lawFirm.admin.confirmSuspend' },
      { value: 'restore', label: 'lawFirm.admin.restore', enabled: a.state === 'suspended', confirm: 'lawFirm.admin.confirmRestore' },
    ],
  },
};

export const AdminLawFirmsPage = () => <AdminDirectoryListPage dir={LAW_FIRMS} />;
export const AdminLawFirmAuditPage = () => <AdminDirectoryAuditPage dir={LAW_FIRMS} />;
export const AdminLawFirmDetailPage = () => <AdminDirectoryDetailPage dir={LAW_FIRMS} />;
export const AdminLawFirmEditPage = () => <AdminDirectoryEditPage dir={LAW_FIRMS} />;
export const AdminLawFirmRecheckPage = () => <AdminDirectoryRecheckPage dir={LAW_FIRMS} />;
