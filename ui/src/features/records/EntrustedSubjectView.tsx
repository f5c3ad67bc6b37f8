import { Callout, Card, HTMLTable } from '@blueprintjs/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { DictionaryEntry } from '../../../../domain/dictionaries';
import type { Upload } from '../../api/types';
import { useLang } from '../../lib/useLang';
import { useSession } from '../../session/SessionContext';
import type { SubjectViewProps } from '../staff/subjectViews';
import { TradeData } from '../trade/tradeBits';
import type { TradeJson } from '../trade/types';

/** The entrustedTrade task's subject (api/lib/subjects/entrustedTrade.ts). */
interface EntrustedSubject {
  trade: TradeJson;
  uploads?: Record<string, Upload>;
  rightScopes: DictionaryEntry[];
}

/**
 * An entrusted or manual trade in the trade queue: the buyer's request and what staff recorded so
 * far; while negotiating, how to write the agreed terms and the channel codes to choose from.
 */
export function EntrustedSubjectView({ subject }: SubjectViewProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const { user } = useSession();
  const { trade, uploads, rightScopes } = subject as EntrustedSubject;
  const contact = (trade.outcome?.contact ?? null) as { summary?: string; comment?: string; by?: string } | null;
  const manual = trade.application.manual === true;
  return (
    <Card data-testid="entrusted-subject">
      <h3 className="ipci-page-title">
        {t('task.subject')} · {t(manual ? 'records.entrusted.manual' : 'records.entrusted.entrusted')}
      </h3>
      <TradeData trade={trade} uploads={uploads} />
      {contact && (
        <Callout icon="phone" title={t('records.entrusted.contact', { name: contact.by ?? '' })} style={{ marginTop: 12 }}>
          {contact.summary}
          {contact.comment ? ` — ${contact.comment}` : ''}
        </Callout>
      )}
      {trade.step === 'negotiation' && (
        <Callout intent="primary" icon="info-sign" title={t('records.entrusted.howTitle')} style={{ marginTop: 12 }}>
          <p>{t('records.entrusted.how')}</p>
          <HTMLTable compact className="ipci-table">
            <tbody>
              {rightScopes.map((s) => (
                <tr key={s.code}>
                  <td>
                    <code>{s.code}</code>
                  </td>
                  <td>{s.labels[lang]}</td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </Callout>
      )}
      {/* The back-office trade page is for admins; reviewers work from the task alone. */}
      {user?.roles.includes('admin') && (
        <p style={{ marginTop: 12 }}>
          <Link to={`/admin/manualWork/${trade.id}`}>{t('records.entrusted.toTrade')}</Link>
        </p>
      )}
    </Card>
  );
}
