import { useState, type ReactNode } from 'react';
import { Button, HTMLTable, InputGroup, NonIdealState, Spinner, Switch, Tag } from '@blueprintjs/core';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatIpciCode } from '../../../../domain/ipci';
import { ipNameIn } from '../../../../domain/ipNames';
import type { Upload } from '../../api/types';
import { UploadPreview } from '../../components/UploadPreview';
import { useLang } from '../../lib/useLang';
import { ChannelList, regionText, termText } from '../trade/tradeBits';
import type { TradeRecordJson } from './types';

export const recordIpName = (r: Pick<TradeRecordJson, 'ipci'>, lang: string) => ipNameIn(r.ipci.names, lang);

/** An evaluation's stars as five characters, e.g. ★★★☆☆. */
export const starText = (n: number) => '★'.repeat(n) + '☆'.repeat(5 - n);

/** What a detail page shows before its detail is there: a spinner, or `title` with a link back for a 404. */
export function NotLoaded({ missing, title, back }: { missing: boolean; title: string; back: string }) {
  const { t } = useTranslation();
  if (missing) return <NonIdealState icon="search" title={title} action={<Link to={back}>{t('records.back')}</Link>} />;
  return (
    <div className="ipci-page-center">
      <Spinner />
    </div>
  );
}

/** The back-office lists' filters: `children` (selects), then a search box that searches `q` on enter or its button. */
export function FilterBar({ q, label, onSearch, children }: { q: string; label: string; onSearch: (q: string) => void; children: ReactNode }) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState(q);
  return (
    <form
      className="ipci-rec-filters"
      onSubmit={(e) => {
        e.preventDefault();
        onSearch(typed.trim());
      }}
    >
      {children}
      <InputGroup
        type="search"
        leftIcon="search"
        aria-label={label}
        placeholder={label}
        value={typed}
        onChange={(e) => setTyped(e.target.value)}
        rightElement={<Button type="submit" variant="minimal" icon="arrow-right" aria-label={t('records.admin.searchGo')} />}
      />
    </form>
  );
}

/** The detail pages' way back to their list. */
export function BackButton({ to }: { to: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div>
      <Button variant="minimal" icon="arrow-left" text={t('records.back')} onClick={() => navigate(to)} />
    </div>
  );
}

/** A two-column table of translated labels and their values (record and evaluation details). */
export function LabelledRows({ rows, className = 'ipci-table' }: { rows: Array<[string, ReactNode]>; className?: string }) {
  const { t } = useTranslation();
  return (
    <HTMLTable className={className} style={{ width: '100%' }}>
      <tbody>
        {rows.map(([label, value]) => (
          <tr key={label}>
            <th style={{ width: '30%' }}>{t(label)}</th>
            <td className="ipci-break">{value}</td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}

/**
 * The record lists' table (user centre, back office): the IP linked to its detail, licensee, scope, term
 * and source; `withCode` adds the IPCI code after the IP, `last` one more column at the end.
 */
export function RecordTable({
  list,
  detailPath,
  rowTestId,
  withCode = false,
  last,
}: {
  list: TradeRecordJson[];
  detailPath: (r: TradeRecordJson) => string;
  rowTestId: string;
  withCode?: boolean;
  last?: { label: string; cell: (r: TradeRecordJson) => ReactNode };
}) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <HTMLTable className="ipci-table ipci-rec-table" striped style={{ width: '100%' }}>
      <thead>
        <tr>
          <th>{t('records.fields.ip')}</th>
          {withCode && <th>{t('records.fields.code')}</th>}
          <th>{t('records.fields.licensee')}</th>
          <th>{t('records.fields.scope')}</th>
          <th>{t('records.fields.term')}</th>
          <th>{t('records.fields.source')}</th>
          {last && <th>{last.label}</th>}
        </tr>
      </thead>
      <tbody>
        {list.map((r) => (
          <tr key={r.id} data-testid={rowTestId}>
            <td className="ipci-break">
              <Link to={detailPath(r)}>{recordIpName(r, lang)}</Link>
            </td>
            {withCode && <td>{formatIpciCode(r.ipci.code)}</td>}
            <td className="ipci-break">{r.licensee}</td>
            <td>
              <ChannelList codes={r.scope} />
            </td>
            <td>{termText(t, r.termFrom, r.termTo)}</td>
            <td>
              <RecordSourceTag record={r} />
            </td>
            {last && <td>{last.cell(r)}</td>}
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}

/** Where a record came from: written by a completed trade (read-only) or entered by hand. */
export function RecordSourceTag({ record }: { record: TradeRecordJson }) {
  const { t } = useTranslation();
  return (
    <Tag minimal intent={record.readOnly ? 'primary' : 'none'} data-testid="record-source">
      {t(record.readOnly ? 'records.source.trade' : 'records.source.manual')}
    </Tag>
  );
}

/** Shown on the IP detail page or not; any record's owner may switch it. */
export function VisibleSwitch({ record, onChange, disabled }: { record: TradeRecordJson; onChange: (visible: boolean) => void; disabled?: boolean }) {
  const { t } = useTranslation();
  return (
    <Switch
      checked={record.visible}
      disabled={disabled}
      label={t('records.fields.visible')}
      aria-label={t('records.fields.visible')}
      onChange={(e) => onChange(e.currentTarget.checked)}
      style={{ marginBottom: 0 }}
      data-testid="record-visible"
    />
  );
}

/** Every field of a record, read-only (user centre detail, back office detail). */
export function RecordData({ record, uploads = {}, extra = [] }: { record: TradeRecordJson; uploads?: Record<string, Upload>; extra?: Array<[string, ReactNode]> }) {
  const { t } = useTranslation();
  const lang = useLang();
  const rows: Array<[string, ReactNode]> = [
    ['records.fields.ip', `${recordIpName(record, lang)} · ${formatIpciCode(record.ipci.code)}`],
    ['records.fields.licensee', record.licensee],
    ['records.fields.scope', <ChannelList key="s" codes={record.scope} />],
    ['records.fields.sublicensing', t(`records.sublicensing.${record.sublicensing}`)],
    ['records.fields.exclusive', t(record.exclusive ? 'records.exclusiveYes' : 'records.exclusiveNo')],
    ['records.fields.region', regionText(t, record.region, lang)],
    ['records.fields.term', termText(t, record.termFrom, record.termTo)],
    ['records.fields.enteredOn', record.enteredOn],
    ['records.fields.source', <RecordSourceTag key="src" record={record} />],
    ...extra,
    [
      'records.fields.voucher',
      record.voucher ? <UploadPreview key="v" id={record.voucher} meta={uploads[record.voucher]} /> : t('records.noVoucher'),
    ],
  ];
  return <LabelledRows rows={rows} className="ipci-table ipci-record-data" />;
}
