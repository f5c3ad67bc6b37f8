import { Button, Card, HTMLTable, Icon, NonIdealState, Spinner, type IconName } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format';
import { useLang, useSitePath } from '../../lib/useLang';
import { CancellationStatusTag } from './CancellationStatusTag';
import { useSecurity } from './useSecurity';

/** usercenter/security — one row per setting, each with its action (spec part 1 §2, security settings). */
export function SecurityPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const site = useSitePath();
  const navigate = useNavigate();
  const { overview } = useSecurity();

  if (overview === null) return <NonIdealState icon="error" title={t('failure.load')} />;
  if (!overview)
    return (
      <div className="ipci-page-center">
        <Spinner />
      </div>
    );

  const go = (path: string) => () => navigate(site(`usercenter/${path}`));
  const bound = (value: string | null) => value ?? <span className="ipci-muted">{t('security.notBound')}</span>;
  const rows: Array<{ key: string; icon: IconName; value: ReactNode; action: ReactNode }> = [
    { key: 'phone', icon: 'mobile-phone', value: bound(overview.phone), action: <Button text={t(overview.phone ? 'security.change' : 'security.bind')} onClick={go('bindphone')} /> },
    { key: 'email', icon: 'envelope', value: bound(overview.email), action: <Button text={t(overview.email ? 'security.change' : 'security.bind')} onClick={go('bindemail')} /> },
    {
      key: 'password',
      icon: 'key',
      value: overview.passwordChangedAt ? t('security.passwordChangedAt', { date: formatDateTime(overview.passwordChangedAt, lang) }) : t('security.passwordNever'),
      action: <Button text={t('security.change')} onClick={go('password')} />,
    },
    { key: 'sessions', icon: 'desktop', value: t('security.sessionsHint'), action: <Button text={t('security.manage')} onClick={go('sessions')} /> },
    {
      key: 'cancellation',
      icon: 'disable',
      value: (
        <>
          {t('security.cancellationHint')}
          {overview.cancellation && <CancellationStatusTag status={overview.cancellation.status} />}
        </>
      ),
      action: <Button intent="danger" variant="outlined" text={t('security.rows.cancellation')} onClick={go('cancellation')} />,
    },
  ];
  return (
    <div className="ipci-stack">
      <h2 className="ipci-page-title">{t('security.title')}</h2>
      <Card>
        <HTMLTable style={{ width: '100%' }} data-testid="security-rows">
          <tbody>
            {rows.map((r) => (
              <tr key={r.key} data-testid={`security-${r.key}`}>
                <th style={{ width: 200, verticalAlign: 'middle' }}>
                  <Icon icon={r.icon} style={{ marginRight: 8 }} />
                  {t(`security.rows.${r.key}`)}
                </th>
                <td style={{ verticalAlign: 'middle' }}>{r.value}</td>
                <td style={{ textAlign: 'right', verticalAlign: 'middle' }}>{r.action}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </Card>
    </div>
  );
}

/** The way back from every security sub-page. */
function BackToSecurity() {
  const { t } = useTranslation();
  const site = useSitePath();
  const navigate = useNavigate();
  return <Button variant="minimal" icon="arrow-left" text={t('security.back')} onClick={() => navigate(site('usercenter/security'))} />;
}

export function SecurityHeading({ children }: { children: ReactNode }) {
  return (
    <div className="ipci-toolbar">
      <h2 className="ipci-page-title" style={{ margin: 0 }}>
        {children}
      </h2>
      <span className="ipci-spacer" />
      <BackToSecurity />
    </div>
  );
}

