import { Button, Card, HTMLSelect, InputGroup, Switch } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { CAPACITY_UNITS, capacityPackageSchema, type CapacityPackageInput } from '../../../../domain/capacity';
import { formatYuan } from '../../../../domain/money';
import { api } from '../../api/client';
import { CheckedForm } from '../../components/CheckedForm';
import { DetailFallback } from '../../components/DetailFallback';
import { ListCard } from '../../components/ListCard';
import { ListTable } from '../../components/ListTable';
import { formatDateTime } from '../../lib/format';
import { useDetail } from '../../lib/useDetail';
import { useLang } from '../../lib/useLang';
import { showToast } from '../../session/toaster';
import { FieldGroup, fieldBindings } from '../account/fields';
import { useKeysetPages } from '../invitations/useKeysetPages';
import { capacityText, packageName, SaleTag } from './CapacityBits';
import type { CapacityPackage } from './types';
import './capacity.css';
import { ConfirmAlert } from '../../components/ConfirmAlert';

const BASE = '/admin/package';
const API = '/api/admin/capacity/packages';
const apiPath = (id: string) => `${API}/${encodeURIComponent(id)}`;

/** The form's values: numbers and the price as typed (yuan), checked by capacityPackageSchema. */
type PackageForm = Omit<CapacityPackageInput, 'capacity' | 'validityMonths' | 'price'> & { capacity: string; validityMonths: string; price: string };

const emptyPackage = (): PackageForm => ({ nameZh: '', nameEn: '', nameJa: '', capacity: '', capacityUnit: 'G', validityMonths: '12', price: '', onSale: true });

const formOf = (p: CapacityPackage): PackageForm => ({
  nameZh: p.names.zh,
  nameEn: p.names.en ?? '',
  nameJa: p.names.ja ?? '',
  capacity: String(p.capacity),
  capacityUnit: p.capacityUnit,
  validityMonths: String(p.validityMonths),
  price: formatYuan(p.price),
  onSale: p.onSale,
});

/** What PUT takes back for a package: everything as it is, on sale or not. */
const bodyOf = (p: CapacityPackage, onSale: boolean) => ({ ...formOf(p), onSale });

/** /admin/package — every package, newest first: what it gives, costs and sold; on or off sale; delete while unsold. */
export function AdminPackagesPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const [round, setRound] = useState(0);
  const { first, items, next, loadMore, failed } = useKeysetPages<{ items: CapacityPackage[]; next: string | null }, CapacityPackage>(API, { round: round || undefined }, (r) => r.items);
  const [busy, setBusy] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<CapacityPackage | null>(null);
  const reload = () => setRound((r) => r + 1);

  async function toggle(p: CapacityPackage) {
    setBusy(p.id);
    try {
      await api.put(apiPath(p.id), bodyOf(p, !p.onSale));
      showToast({ intent: 'success', icon: 'tick', message: t(p.onSale ? 'capacity.admin.takenOff' : 'capacity.admin.putOnToast') });
      reload();
    } finally {
      setBusy(null);
    }
  }

  async function remove(p: CapacityPackage) {
    setDeleting(null);
    setBusy(p.id);
    try {
      await api.delete(apiPath(p.id));
      showToast({ intent: 'success', icon: 'trash', message: t('capacity.admin.deleted') });
      reload();
    } catch (e) {
      showToast({ intent: 'danger', icon: 'error', message: e instanceof Error ? e.message : String(e) });
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="ipci-stack" data-testid="admin-packages">
      <div className="ipci-toolbar">
        <h2 className="ipci-page-title">{t('capacity.admin.title')}</h2>
        <span className="ipci-spacer" />
        <Link to={`${BASE}/add`} className="bp6-button bp6-intent-primary" data-testid="admin-package-add">
          {t('capacity.admin.add')}
        </Link>
      </div>
      <ListCard items={first ? items : null} failed={failed} empty={{ icon: 'database', title: t('capacity.admin.empty') }} next={next} load={() => loadMore()}>
        {(list) => (
          <ListTable
            rows={list}
            rowTestId="admin-package-row"
            columns={[
              { head: t('capacity.admin.fields.nameZh'), className: 'ipci-capacity-item', cell: (p) => <Link to={`${BASE}/edit/${p.id}`}>{packageName(p.names, lang)}</Link> },
              { head: t('capacity.admin.fields.capacity'), className: 'ipci-nowrap', cell: capacityText },
              { head: t('capacity.admin.fields.validityMonths'), cell: (p) => p.validityMonths },
              { head: t('capacity.admin.fields.price'), className: 'ipci-nowrap', cell: (p) => `¥${formatYuan(p.price)}` },
              { head: t('capacity.admin.state'), cell: (p) => <SaleTag onSale={p.onSale} /> },
              { head: t('capacity.admin.sold'), cell: (p) => p.sold ?? 0 },
              { head: t('capacity.admin.createdAt'), className: 'ipci-nowrap', cell: (p) => formatDateTime(p.createdAt, lang) },
              {
                head: '',
                className: 'ipci-nowrap',
                cell: (p) => (
                  <>
                    <Button small minimal icon={p.onSale ? 'eye-off' : 'shop'} text={t(p.onSale ? 'capacity.admin.takeOff' : 'capacity.admin.putOn')} loading={busy === p.id} onClick={() => void toggle(p)} data-testid="admin-package-toggle" />
                    {!p.sold && <Button small minimal intent="danger" icon="trash" text={t('capacity.admin.delete')} disabled={busy === p.id} onClick={() => setDeleting(p)} data-testid="admin-package-delete" />}
                  </>
                ),
              },
            ]}
          />
        )}
      </ListCard>
      <ConfirmAlert
        open={deleting !== null}
        intent="danger"
        icon="trash"
        confirmText={t('capacity.admin.delete')}
        cancelText={t('capacity.admin.cancel')}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && void remove(deleting)}
      >
        {t('capacity.admin.confirmDelete')}
      </ConfirmAlert>
    </div>
  );
}

/** The package form: names in three languages (Chinese required), capacity and unit (× 1024), validity, price, on sale. */
function PackageFormCard({ initial, onSubmit }: { initial: PackageForm; onSubmit: (values: PackageForm) => Promise<void> }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Card>
      <CheckedForm<PackageForm>
        id="package-form"
        schema={capacityPackageSchema}
        initial={initial}
        onSubmit={onSubmit}
        submitText={t('capacity.admin.save')}
        extraActions={<Button text={t('capacity.admin.cancel')} onClick={() => navigate(BASE)} />}
      >
        {(form, server) => {
          const { error, set, blur } = fieldBindings(form, server.server, server.clear, t);
          const v = form.values;
          const text = (name: keyof PackageForm & string, hint?: string, wide = false) => (
            <FieldGroup key={name} name={name} id={`package-${name}`} label={t(`capacity.admin.fields.${name}`)} error={error(name)} hint={hint} wide={wide}>
              <InputGroup id={`package-${name}`} value={String(v[name])} intent={error(name) ? 'danger' : 'none'} inputMode={name === 'nameZh' || name === 'nameEn' || name === 'nameJa' ? undefined : 'decimal'} onChange={(e) => set(name, e.target.value)} onBlur={blur(name)} />
            </FieldGroup>
          );
          return (
            <div className="ipci-form-grid">
              {text('nameZh', undefined, true)}
              {text('nameEn', t('capacity.admin.hints.fallback'))}
              {text('nameJa', t('capacity.admin.hints.fallback'))}
              {text('capacity')}
              <FieldGroup name="capacityUnit" id="package-capacityUnit" label={t('capacity.admin.fields.capacityUnit')} error={error('capacityUnit')} hint={t('capacity.admin.hints.unit')}>
                <HTMLSelect id="package-capacityUnit" fill value={v.capacityUnit} onChange={(e) => set('capacityUnit', e.currentTarget.value)} options={CAPACITY_UNITS.map((u) => ({ value: u, label: u }))} />
              </FieldGroup>
              {text('validityMonths')}
              {text('price', t('capacity.admin.hints.price'))}
              <FieldGroup name="onSale" id="package-onSale" label={t('capacity.admin.state')} wide>
                <Switch id="package-onSale" checked={v.onSale} label={t('capacity.admin.onSale')} onChange={(e) => set('onSale', e.currentTarget.checked)} />
              </FieldGroup>
            </div>
          );
        }}
      </CheckedForm>
    </Card>
  );
}

/** /admin/package/add */
export function AdminPackageAddPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="ipci-stack" data-testid="admin-package-add-page">
      <Link to={BASE}>← {t('capacity.admin.back')}</Link>
      <h2 className="ipci-page-title">{t('capacity.admin.addTitle')}</h2>
      <PackageFormCard
        initial={emptyPackage()}
        onSubmit={async (values) => {
          await api.post(API, values);
          showToast({ intent: 'success', icon: 'tick', message: t('capacity.admin.saved') });
          navigate(BASE);
        }}
      />
    </div>
  );
}

/** /admin/package/edit/:id — a sold package may change too: buyers keep the package as they bought it. */
export function AdminPackageEditPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const { detail, failure } = useDetail<{ package: CapacityPackage }>(apiPath(id));
  const back = <Link to={BASE}>← {t('capacity.admin.back')}</Link>;
  if (!detail) return <DetailFallback failure={failure} notFound={t('capacity.admin.notFound')} back={back} />;
  const p = detail.package;
  return (
    <div className="ipci-stack" data-testid="admin-package-edit-page">
      {back}
      <h2 className="ipci-page-title">
        {t('capacity.admin.editTitle')} <SaleTag onSale={p.onSale} />
      </h2>
      {Boolean(p.sold) && <p className="ipci-muted">{t('capacity.admin.soldHint', { count: p.sold })}</p>}
      <PackageFormCard
        initial={formOf(p)}
        onSubmit={async (values) => {
          await api.put(apiPath(p.id), values);
          showToast({ intent: 'success', icon: 'tick', message: t('capacity.admin.saved') });
          navigate(BASE);
        }}
      />
    </div>
  );
}
