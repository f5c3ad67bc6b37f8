import { Button, Callout, Card, NonIdealState, Spinner } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ipNameIn } from '../../../../domain/ipNames';
import type { LawFirmPublicJson } from '../../../../domain/lawFirms';
import { protectionCase } from '../../../../domain/processes/protectionCase';
import { PROTECTION_ACCEPTANCE_WORKING_DAYS } from '../../../../domain/protection';
import { api, ApiError } from '../../api/client';
import { ProcessDiagram } from '../../components/Timeline';
import { useLang, useSitePath } from '../../lib/useLang';
import { useSession } from '../../session/SessionContext';
import { ProtectionForm } from './ProtectionForm';
import './protection.css';

/** The steps the process page explains, in the order the case runs (domain/processes/protectionCase.ts). */
const PROCESS_STEPS = ['submitted', 'acceptance', 'processing', 'supplement', 'processed'] as const;

/** The law firm a legal application goes to (`?firm=`), with the way back to the directory to change it. */
function ChosenFirm({ id }: { id: string }) {
  const { t } = useTranslation();
  const lang = useLang();
  const site = useSitePath();
  const [firm, setFirm] = useState<LawFirmPublicJson | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    setFirm(null);
    setError(null);
    if (!id) return;
    api
      .get<{ firm: LawFirmPublicJson }>(`/api/public/lawfirms/${encodeURIComponent(id)}`, undefined, { quiet: true })
      .then((r) => live && setFirm(r.firm))
      .catch((e: unknown) => live && setError(e instanceof ApiError && e.status === 404 ? t('protection.lawFirmNotListed', { ns: 'errors' }) : t('failure.load')));
    return () => {
      live = false;
    };
  }, [id, t]);
  const change = (
    <Link to={site('protect/legalrights')} data-testid="protection-change-firm">
      {t(id ? 'protection.legal.change' : 'protection.legal.choose')}
    </Link>
  );
  if (!id || error)
    return (
      <Callout intent="warning" icon="briefcase" data-testid="protection-no-firm">
        {error ?? t('protection.lawFirmRequired', { ns: 'errors' })} {change}
      </Callout>
    );
  if (!firm) return <Spinner size={20} />;
  return (
    <Callout icon="briefcase" title={t('protection.legal.firm')} data-testid="protection-firm">
      <strong>{ipNameIn(firm.names, lang)}</strong>
      <span className="ipci-muted"> · {firm.businessAddress}</span> · {change}
    </Callout>
  );
}

/**
 * protect/rightprocess: the administrative process step by step with its model drawn, then the
 * application; `?kind=legal&firm=<id>` makes it the legal application to the chosen listed firm.
 */
export function ProtectProcessPage() {
  const { t } = useTranslation();
  const { user, openLogin } = useSession();
  const [params] = useSearchParams();
  const legal = params.get('kind') === 'legal';
  const firm = params.get('firm') ?? '';
  const days = { days: PROTECTION_ACCEPTANCE_WORKING_DAYS };
  return (
    <div className="ipci-container ipci-page ipci-stack ipci-protect-process" data-testid="protect-process">
      <h1 className="ipci-page-title">{t(legal ? 'protection.process.legalTitle' : 'protection.process.title')}</h1>
      <p className="ipci-muted">{t(legal ? 'protection.process.legalLead' : 'protection.process.lead')}</p>
      <Card>
        <h3 className="ipci-section-title">{t('protection.process.stepsTitle')}</h3>
        <ol className="ipci-protect-steps" data-testid="protect-steps">
          {PROCESS_STEPS.map((s) => (
            <li key={s}>
              <strong>{t(`steps.protectionCase.${s}`)}</strong>
              <p className="ipci-muted">{t(`protection.process.steps.${s}`, days)}</p>
            </li>
          ))}
        </ol>
        <ProcessDiagram model={protectionCase} />
        <p className="ipci-muted" data-testid="protect-sla">
          {t('protection.process.sla', days)}
        </p>
      </Card>
      <Card>
        <h3 className="ipci-section-title">{t(legal ? 'protection.form.legalTitle' : 'protection.form.title')}</h3>
        {legal && <ChosenFirm id={firm} />}
        {user === undefined ? (
          <Spinner size={24} />
        ) : user === null ? (
          <NonIdealState
            icon="lock"
            title={t('protection.form.signIn')}
            description={t('protection.form.signInHint')}
            action={<Button intent="primary" icon="log-in" text={t('header.login')} onClick={openLogin} data-testid="protection-sign-in" />}
          />
        ) : !user.roles.includes('user') ? (
          <NonIdealState icon="person" title={t('protection.form.usersOnly')} description={t('protection.form.usersOnlyHint')} data-testid="protection-users-only" />
        ) : (
          (!legal || firm) && <ProtectionForm key={legal ? `legal/${firm}` : 'administrative'} kind={legal ? 'legal' : 'administrative'} lawFirmId={legal ? firm : ''} />
        )}
      </Card>
    </div>
  );
}
