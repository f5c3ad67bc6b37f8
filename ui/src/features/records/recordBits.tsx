import type { ReactNode } from 'react';
import { HTMLTable, Switch, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { formatIpciCode } from '../../../../domain/ipci';
import { ipNameIn } from '../../../../domain/ipNames';
import type { Upload } from '../../api/types';
import { UploadPreview } from '../../components/UploadPreview';
import { useLang } from '../../lib/useLang';
import { ChannelList, regionText, termText } from '../trade/tradeBits';
import type { TradeRecordJson } from './types';

export const recordIpName = (r: Pick<TradeRecordJson, 'ipci'>, lang: string) => ipNameIn(r.ipci.names, lang);

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
  return (
    <HTMLTable className="ipci-table ipci-record-data" style={{ width: '100%' }}>
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
