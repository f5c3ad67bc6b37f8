import { useCallback, useEffect, useState } from 'react';
import { Callout, Card, NonIdealState, Radio, RadioGroup, Spinner, Tag } from '@blueprintjs/core';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { IDENTITY_STATE, type IdentityKind } from '../../../../domain/identity';
import { api } from '../../api/client';
import type { Certification } from '../../api/types';
import { useSession } from '../../session/SessionContext';
import { showToast } from '../../session/toaster';
import { Timeline } from '../../components/Timeline';
import { formatDateTime } from '../../lib/format';
import { useLang } from '../../lib/useLang';
import { IdentityForm } from './IdentityForm';
import { IdentityData } from './IdentityData';
import { IdentityStateTag } from './IdentityStateTag';
import { emptyValues } from './fields';

/** The process of domain/processes/identityReview.ts; a certification's case id is its id. */
export const IDENTITY_CASE_KIND = 'identityReview';

export function IdentityPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const location = useLocation();
  const { user, refresh } = useSession();
  const [cert, setCert] = useState<Certification | null | undefined>(undefined);
  const [failed, setFailed] = useState(false);
  const [chosenKind, setChosenKind] = useState<IdentityKind>('personal');

  const load = useCallback(async () => {
    try {
      const r = await api.get<{ certification: Certification | null }>('/api/identity');
      setCert(r.certification);
    } catch {
      setFailed(true);
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  if (failed) return <NonIdealState icon="error" title={t('failure.load')} />;
  if (cert === undefined || !user)
    return (
      <div className="ipci-page-center">
        <Spinner />
      </div>
    );

  const kind: IdentityKind = cert?.kind ?? user.kind ?? chosenKind;
  const state = cert?.state ?? null;

  async function submitNew(data: Record<string, unknown>) {
    const r = await api.post<{ certification: Certification }>('/api/identity', { kind, data });
    setCert(r.certification);
    showToast({ intent: 'success', icon: 'tick', message: t('identity.submitted') });
    void refresh();
  }
  async function resubmit(data: Record<string, unknown>) {
    const r = await api.put<{ certification: Certification }>('/api/identity', { data });
    setCert(r.certification);
    showToast({ intent: 'success', icon: 'tick', message: t('identity.resubmitted') });
    void refresh();
  }

  const required = (location.state as { identityRequired?: boolean } | null)?.identityRequired && state !== IDENTITY_STATE.verified;

  return (
    <div className="ipci-stack">
      <h2 className="ipci-page-title">
        {t('usercenter.menu.identity')}
        <IdentityStateTag state={state} />
        <Tag minimal>{t(`user.kinds.${kind}`)}</Tag>
      </h2>
      {required && (
        <Callout intent="warning" icon="warning-sign" role="alert">
          {t('identity.required', { ns: 'errors' })}
        </Callout>
      )}

      {state === null && (
        <>
          <Callout intent="primary" icon="info-sign">
            {t('identity.intro')}
          </Callout>
          {!user.kind && (
            <Card>
              <RadioGroup inline label={t('user.kind')} selectedValue={chosenKind} onChange={(e) => setChosenKind(e.currentTarget.value as IdentityKind)}>
                <Radio value="personal" label={t('user.kinds.personal')} />
                <Radio value="enterprise" label={t('user.kinds.enterprise')} />
              </RadioGroup>
            </Card>
          )}
          <Card>
            <IdentityForm key={kind} kind={kind} initialValues={emptyValues(kind)} onSubmit={submitNew} submitText={t('identity.submit')} />
          </Card>
        </>
      )}

      {state === IDENTITY_STATE.underReview && cert && (
        <>
          <Callout intent="primary" icon="time" title={t('identity.underReview', { ns: 'errors' })}>
            {t('identity.underReviewHint', { date: formatDateTime(cert.submittedAt, lang) })}
          </Callout>
          <TimelineCard id={cert.id} />
          <Card>
            <h3 className="ipci-page-title">{t('identity.submittedData')}</h3>
            <IdentityData kind={kind} data={cert.data} />
          </Card>
        </>
      )}

      {state === IDENTITY_STATE.failed && cert && (
        <>
          <Callout intent="danger" icon="error" title={t('identity.failedTitle')}>
            {t('identity.failedHint')}
          </Callout>
          <Card>
            <IdentityForm
              key={`${cert.id}-${cert.round}`}
              kind={kind}
              initialValues={{ ...emptyValues(kind), ...cert.data }}
              flags={cert.flags ?? {}}
              onSubmit={resubmit}
              submitText={t('identity.resubmit')}
            />
          </Card>
          <TimelineCard id={cert.id} />
        </>
      )}

      {state === IDENTITY_STATE.verified && cert && (
        <>
          <Callout intent="success" icon="endorsed" title={t('identity.verifiedTitle')}>
            {t('identity.verifiedHint', { date: formatDateTime(cert.decidedAt, lang) })}
          </Callout>
          <Card>
            <IdentityData kind={kind} data={cert.data} />
          </Card>
          <TimelineCard id={cert.id} />
        </>
      )}
    </div>
  );
}

/** The certification's progress timeline, shown in every state after submission. */
function TimelineCard({ id }: { id: string }) {
  const { t } = useTranslation();
  return (
    <Card>
      <h3 className="ipci-page-title">{t('timeline.title')}</h3>
      <Timeline kind={IDENTITY_CASE_KIND} id={id} />
    </Card>
  );
}
