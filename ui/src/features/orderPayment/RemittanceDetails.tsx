import { HTMLTable } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { formatYuan } from '../../../../domain/money';
import { REMITTANCE_FIELDS } from '../../../../domain/orders';
import type { Upload } from '../../api/types';
import { UploadPreview } from '../../components/UploadPreview';
import { countryName } from '../../lib/format';
import { useLang } from '../../lib/useLang';

/** A submitted remittance, field by field (the amount in yuan, proofs as previews); flagged fields carry finance's reason. */
export function RemittanceDetails({ remittance, uploads, flags }: { remittance: Record<string, unknown>; uploads: Record<string, Upload>; flags?: Record<string, string> | null }) {
  const { t } = useTranslation();
  const lang = useLang();
  const shown = (f: string) => {
    const v = remittance[f];
    if (f === 'method') return t(`orderLabels.payMethod.${String(v)}`, { ns: 'messages' });
    if (f === 'amount' && typeof v === 'number') return formatYuan(v);
    if (f === 'payerCountry' && typeof v === 'string' && v) return countryName(v, lang);
    if (f === 'proofs' && Array.isArray(v))
      return (
        <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
          {v.map((id: string) => (
            <UploadPreview key={id} id={id} meta={uploads[id]} />
          ))}
        </div>
      );
    return v === undefined || v === '' ? '—' : String(v);
  };
  return (
    <HTMLTable compact className="ipci-table" data-testid="remittance-details">
      <tbody>
        {REMITTANCE_FIELDS.map((f) => (
          <tr key={f}>
            <th style={{ width: 160 }}>{t(`pay.fields.${f}`)}</th>
            <td>
              {shown(f)}
              {flags?.[f] && <div style={{ color: '#cd4246' }}>{flags[f]}</div>}
            </td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}
