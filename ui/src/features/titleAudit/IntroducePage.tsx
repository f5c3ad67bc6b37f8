import { useEffect, useState } from 'react';
import { Button, Callout, Card, HTMLTable, Icon, Spinner } from '@blueprintjs/core';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatYuan } from '../../../../domain/money';
import { REGISTRATION_MODES, WIZARD_STEPS } from '../../../../domain/titleRegistration';
import { api } from '../../api/client';
import { useRequireIdentity } from '../../components/Guards';
import { useSitePath } from '../../lib/useLang';
import { useSession } from '../../session/SessionContext';
import { useAuditDays } from './useAuditDays';
import './titleAudit.css';

type Fees = Record<(typeof REGISTRATION_MODES)[number], number>;

const PARTS = ['code', 'identifier', 'electronic', 'paper'] as const;

/** introduce (spec part 1 §1, §2): what IPCI is, how to get one, how long the audit takes and what it costs. */
export function IntroducePage() {
  const { t } = useTranslation();
  const site = useSitePath();
  const navigate = useNavigate();
  const { user, openLogin } = useSession();
  const requireIdentity = useRequireIdentity();
  const [fees, setFees] = useState<Fees | null | undefined>(undefined);
  const auditDays = useAuditDays();
  useEffect(() => {
    api
      .get<{ fees: Fees }>('/api/fees', undefined, { quiet: true })
      .then((r) => setFees(r.fees))
      .catch(() => setFees(null));
  }, []);

  const start = () => {
    if (!user) return openLogin();
    if (requireIdentity(navigate)) navigate(site('usercenter/traceability/new'));
  };

  return (
    <div className="ipci-container ipci-page ipci-stack" data-testid="introduce">
      <h1 className="ipci-page-title">{t('introduce.title')}</h1>
      <p className="ipci-muted">{t('introduce.lead')}</p>
      <Card>
        <h3 className="ipci-section-title">{t('introduce.whatTitle')}</h3>
        <div className="ipci-grid-4">
          {PARTS.map((p) => (
            <div key={p}>
              <h4>
                <Icon icon={p === 'paper' ? 'document' : p === 'electronic' ? 'endorsed' : p === 'code' ? 'barcode' : 'tag'} /> {t(`introduce.parts.${p}.title`)}
              </h4>
              <p className="ipci-muted">{t(`introduce.parts.${p}.text`)}</p>
            </div>
          ))}
        </div>
      </Card>
      <Card>
        <h3 className="ipci-section-title">{t('introduce.stepsTitle')}</h3>
        <ol className="ipci-intro-steps">
          {WIZARD_STEPS.map((s, i) => (
            <li key={s}>
              <strong>
                {i + 1}. {t(`titleRegistration.wizard.${s}`)}
              </strong>
            </li>
          ))}
        </ol>
        {auditDays !== undefined && (
          <Callout icon="time" style={{ marginTop: 12 }} data-testid="audit-time">
            {t('introduce.auditTime', { days: auditDays })}
          </Callout>
        )}
      </Card>
      <Card data-testid="fee-schedule">
        <h3 className="ipci-section-title">{t('introduce.feesTitle')}</h3>
        {fees === undefined ? (
          <Spinner size={24} />
        ) : fees === null ? (
          <Callout intent="warning">{t('introduce.feesUnavailable')}</Callout>
        ) : (
          <HTMLTable className="ipci-fee-table" striped>
            <thead>
              <tr>
                <th>{t('introduce.feeKind')}</th>
                <th>{t('introduce.feeAmount')}</th>
              </tr>
            </thead>
            <tbody>
              {REGISTRATION_MODES.map((m) => (
                <tr key={m} data-testid={`fee-${m}`}>
                  <td>{t(`titleRegistration.mode.${m}`)}</td>
                  <td>¥ {formatYuan(fees[m])}</td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        )}
        <p className="ipci-muted" style={{ marginTop: 8 }}>
          {t('introduce.feeNote')}
        </p>
      </Card>
      <div>
        <Button intent="primary" size="large" icon="endorsed" text={t('introduce.registerNow')} onClick={start} />
      </div>
    </div>
  );
}
