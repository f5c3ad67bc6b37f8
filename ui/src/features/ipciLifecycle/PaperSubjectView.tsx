import { Card, HTMLTable } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { formatIpciCode } from '../../../../domain/ipci';
import { PAPER_ADDRESS_FIELDS, type PaperAddressField } from '../../../../domain/paperCertificate';
import { countryName } from '../../lib/format';
import { useLang } from '../../lib/useLang';
import type { SubjectViewProps } from '../staff/subjectViews';
import { ipNameIn, type PaperSubject } from './types';

/** The fulfilment task's subject: which certificate goes where; flagged items of the last round are marked. */
export function PaperSubjectView({ subject }: SubjectViewProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const s = subject as PaperSubject;
  const { address, flags } = s.paper;
  const shown = (f: PaperAddressField) => (f === 'province' ? t(`provinces.${address.province}`) : f === 'country' ? countryName(address.country, lang) : address[f]);
  return (
    <Card data-testid="paper-subject">
      <h3 className="ipci-page-title">
        {t('task.subject')} · {t('task.round', { round: s.paper.round })}
      </h3>
      <p>
        <strong>{ipNameIn(s.ipci.ipNames, lang)}</strong> · {formatIpciCode(s.ipci.code)} · {s.ipci.holder}
      </p>
      <HTMLTable compact className="ipci-table">
        <tbody>
          {PAPER_ADDRESS_FIELDS.map((f) => (
            <tr key={f}>
              <th style={{ width: 160 }}>{t(`fields.${f}`)}</th>
              <td>
                {shown(f)}
                {flags?.[f] && <div className="ipci-muted">{t('paper.flagged', { reason: flags[f] })}</div>}
              </td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </Card>
  );
}
