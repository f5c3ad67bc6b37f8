import { Button, Callout, Card, Dialog, DialogBody, DialogFooter, FormGroup, HTMLSelect, HTMLTable, Tag, TextArea } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { formatIpciCode } from '../../../../domain/ipci';
import { ipNameIn } from '../../../../domain/ipNames';
import { IP_INFORMATION_FILTERS, STAFF_REASON_MAX, staffTakeDownSchema } from '../../../../domain/ipInformation';
import { api, ApiError } from '../../api/client';
import { ListCard } from '../../components/ListCard';
import { Timeline } from '../../components/Timeline';
import { formatDate, formatDateTime, translateError } from '../../lib/format';
import { useDetail } from '../../lib/useDetail';
import { useDictionary } from '../../lib/useDictionary';
import { useLang } from '../../lib/useLang';
import { validateWithSchema } from '../../lib/validate';
import { showToast } from '../../session/toaster';
import { useKeysetPages } from '../invitations/useKeysetPages';
import { DetailFallback } from '../../components/DetailFallback';
import { SearchToolbar } from '../../components/SearchToolbar';
import type { IpInformation } from './types';
import './objection.css';
import { StaffCaseHead } from '../../components/StaffCaseHead';
import { ConfirmAlert } from '../../components/ConfirmAlert';

type Row = IpInformation & { id: string };

function ListingTag({ ip }: { ip: IpInformation }) {
  const { t } = useTranslation();
  if (ip.state === 'invalid') return <Tag minimal intent="danger">{t(`ipInformation.states.${ip.invalidReason === 'revoked' ? 'revoked' : 'invalid'}`)}</Tag>;
  if (ip.staffTakeDown) return <Tag minimal intent="danger">{t('ipInformation.states.staffTakenDown')}</Tag>;
  return ip.listed ? <Tag minimal intent="success">{t('ipInformation.states.listed')}</Tag> : <Tag minimal intent="warning">{t('ipInformation.states.takenDown')}</Tag>;
}

/** /admin/ipInformation — every IP of the licensing section: search by name or IPCI code, filter by listing state, keyset pages. */
export function IpInformationPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const [status, setStatus] = useState('all');
  const [q, setQ] = useState('');
  const [category, setCategory] = useState('');
  const categories = useDictionary('ipCategory');
  const { first, items, next, loadMore, failed } = useKeysetPages<{ items: IpInformation[]; next: string | null }, Row>('/api/admin/ip-information', { status, category: category || undefined, q: q || undefined }, (r) =>
    r.items.map((i) => ({ ...i, id: i.ipciId })),
  );
  return (
    <div className="ipci-stack">
      <h2 className="ipci-page-title">{t('ipInformation.title')}</h2>
      <SearchToolbar label={t('ipInformation.search')} testId="ip-information-search" onSearch={setQ}>
        <HTMLSelect aria-label={t('ipInformation.filter')} value={status} onChange={(e) => setStatus(e.currentTarget.value)}>
          {IP_INFORMATION_FILTERS.map((f) => (
            <option key={f} value={f}>
              {t(`ipInformation.filters.${f}`)}
            </option>
          ))}
        </HTMLSelect>
        <HTMLSelect aria-label={t('ipInformation.categoryFilter')} value={category} onChange={(e) => setCategory(e.currentTarget.value)}>
          <option value="">{t('ipInformation.allCategories')}</option>
          {categories.items.map((c) => (
            <option key={c.code} value={c.code}>
              {c.label}
            </option>
          ))}
        </HTMLSelect>
      </SearchToolbar>
      <ListCard items={first ? items : null} failed={failed} empty={{ icon: 'search', title: t('ipInformation.empty') }} next={next} load={() => loadMore()}>
        {(list) => (
          <HTMLTable className="ipci-table" striped style={{ width: '100%' }}>
            <thead>
              <tr>
                <th>{t('ipInformation.name')}</th>
                <th>{t('ipInformation.code')}</th>
                <th>{t('ipInformation.holder')}</th>
                <th>{t('ipInformation.state')}</th>
                <th>{t('ipInformation.listedAt')}</th>
              </tr>
            </thead>
            <tbody>
              {list.map((ip) => (
                <tr key={ip.ipciId} data-testid="ip-information-row">
                  <td className="ipci-name-cell">
                    <Link to={`/admin/ipInformation/${ip.ipciId}`}>{ipNameIn(ip.ipNames, lang)}</Link>
                  </td>
                  <td className="ipci-mono">{formatIpciCode(ip.code)}</td>
                  <td className="ipci-name-cell">{ip.holder}</td>
                  <td>
                    <ListingTag ip={ip} />
                  </td>
                  <td>{formatDateTime(ip.listedAt, lang)}</td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        )}
      </ListCard>
    </div>
  );
}

/** Take down with a reason: the dialog checks the reason, then asks once more before the Update runs. */
function TakeDownDialog({ isOpen, onClose, onDone, ipciId }: { isOpen: boolean; onClose: () => void; onDone: (ip: IpInformation) => void; ipciId: string }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  async function check() {
    const errors = await validateWithSchema(staffTakeDownSchema, { reason });
    setError(errors.reason ? translateError(t, errors.reason) : null);
    if (!errors.reason) setConfirming(true);
  }
  async function send() {
    setBusy(true);
    try {
      const r = await api.post<{ ip: IpInformation }>(`/api/admin/ip-information/${encodeURIComponent(ipciId)}/takedown`, { reason });
      showToast({ intent: 'success', icon: 'tick', message: t('ipInformation.takenDown') });
      setReason('');
      onDone(r.ip);
    } catch (e) {
      if (e instanceof ApiError) setError(e.fields?.reason ?? e.message);
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  }
  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={t('ipInformation.takeDownTitle')} icon="eye-off">
      <DialogBody>
        <p>{t('ipInformation.takeDownHint')}</p>
        <FormGroup label={t('ipInformation.reason')} labelFor="takedown-reason" intent={error ? 'danger' : 'none'} helperText={error ?? t('ipInformation.reasonHint', { max: STAFF_REASON_MAX })}>
          <TextArea id="takedown-reason" fill rows={4} value={reason} intent={error ? 'danger' : 'none'} onChange={(e) => setReason(e.target.value)} />
        </FormGroup>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t('ipInformation.cancel')} onClick={onClose} />
            <Button intent="danger" icon="eye-off" text={t('ipInformation.takeDown')} onClick={() => void check()} data-testid="takedown-submit" />
          </>
        }
      />
      <ConfirmAlert open={confirming} intent="danger" icon="eye-off" busy={busy} cancelText={t('ipInformation.cancel')} confirmText={t('ipInformation.takeDown')} onCancel={() => setConfirming(false)} onConfirm={() => void send()}>
        <p>{t('ipInformation.confirmTakeDown')}</p>
      </ConfirmAlert>
    </Dialog>
  );
}

/** /admin/ipInformation/:id — one IP (by IPCI id): its facts, staff take-down with a reason or relist, and the certificate's timeline. */
export function IpInformationDetailPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const { id = '' } = useParams();
  const { detail, setDetail, failure } = useDetail<{ ip: IpInformation; workflowUrl: string }>(`/api/admin/ip-information/${encodeURIComponent(id)}`);
  const [takingDown, setTakingDown] = useState(false);
  const [relisting, setRelisting] = useState(false);
  const [busy, setBusy] = useState(false);
  const [version, setVersion] = useState(0);

  const back = <Link to="/admin/ipInformation">← {t('ipInformation.back')}</Link>;
  if (!detail) return <DetailFallback failure={failure} notFound={t('ipInformation.notFound')} back={back} />;
  const { ip } = detail;
  const changed = (next: IpInformation) => {
    setDetail((d) => d && { ...d, ip: next });
    setVersion((v) => v + 1);
  };
  async function relist() {
    setBusy(true);
    try {
      changed((await api.post<{ ip: IpInformation }>(`/api/admin/ip-information/${encodeURIComponent(ip.ipciId)}/relist`)).ip);
      showToast({ intent: 'success', icon: 'tick', message: t('ipInformation.relisted') });
    } catch (e) {
      if (e instanceof ApiError) showToast({ intent: 'danger', icon: 'error', message: e.message });
    } finally {
      setBusy(false);
      setRelisting(false);
    }
  }
  return (
    <div className="ipci-stack">
      <StaffCaseHead back={back} workflowUrl={detail.workflowUrl} title={ipNameIn(ip.ipNames, lang)} />
      <Card>
        <div className="ipci-toolbar">
          <ListingTag ip={ip} />
          <span className="ipci-spacer" />
          {ip.state !== 'invalid' && !ip.staffTakeDown && <Button intent="danger" icon="eye-off" text={t('ipInformation.takeDown')} onClick={() => setTakingDown(true)} data-testid="ip-takedown" />}
          {ip.staffTakeDown && ip.state !== 'invalid' && <Button intent="primary" icon="eye-open" text={t('ipInformation.relist')} onClick={() => setRelisting(true)} data-testid="ip-relist" />}
        </div>
        {ip.staffTakeDown && (
          <Callout intent="danger" icon="eye-off" style={{ marginTop: 12 }} data-testid="ip-staff-takedown">
            {t('ipInformation.staffTakeDown', { name: ip.staffTakeDown.staffName, at: formatDateTime(ip.staffTakeDown.at, lang) })}
            <p className="ipci-pre-text">{ip.staffTakeDown.reason}</p>
          </Callout>
        )}
        <dl className="ipci-dl" style={{ marginTop: 12 }}>
          <dt>{t('ipInformation.code')}</dt>
          <dd className="ipci-mono">{formatIpciCode(ip.code)}</dd>
          <dt>{t('ipInformation.holder')}</dt>
          <dd>{ip.holder}</dd>
          <dt>{t('ipInformation.owner')}</dt>
          <dd>
            <Link to={`/admin/userManagement/${ip.owner.id}`}>{ip.owner.username}</Link>
          </dd>
          <dt>{t('ipInformation.issuedAt')}</dt>
          <dd>{formatDate(ip.issuedAt, lang)}</dd>
          <dt>{t('ipInformation.validUntil')}</dt>
          <dd>{ip.validUntil ? formatDate(ip.validUntil, lang) : '—'}</dd>
          <dt>{t('ipInformation.listedAt')}</dt>
          <dd>{formatDateTime(ip.listedAt, lang)}</dd>
          <dt>{t('ipInformation.searchCount')}</dt>
          <dd>{ip.searchCount}</dd>
          {ip.revocationCategory && (
            <>
              <dt>{t('ipInformation.revocationCategory')}</dt>
              <dd>{t(`objection.reasonCategory.${ip.revocationCategory}`, { ns: 'messages' })}</dd>
            </>
          )}
        </dl>
      </Card>
      <Card>
        <h3 className="ipci-page-title">{t('timeline.title')}</h3>
        <Timeline key={version} kind="ipciLifecycle" id={ip.ipciId} />
      </Card>
      <TakeDownDialog
        isOpen={takingDown}
        ipciId={ip.ipciId}
        onClose={() => setTakingDown(false)}
        onDone={(next) => {
          setTakingDown(false);
          changed(next);
        }}
      />
      <ConfirmAlert open={relisting} intent="primary" icon="eye-open" busy={busy} cancelText={t('ipInformation.cancel')} confirmText={t('ipInformation.relist')} onCancel={() => setRelisting(false)} onConfirm={() => void relist()}>
        <p>{t('ipInformation.confirmRelist')}</p>
      </ConfirmAlert>
    </div>
  );
}
