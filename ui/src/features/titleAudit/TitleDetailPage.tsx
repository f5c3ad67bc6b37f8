import { useCallback, useEffect, useState } from 'react';
import { Button, Callout, Card, NonIdealState, Spinner } from '@blueprintjs/core';
import { Formik } from 'formik';
import { Link, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatIpciCode } from '../../../../domain/ipci';
import { registrationSchema, stepOfField, type FieldStep } from '../../../../domain/titleRegistration';
import { formatYuan } from '../../../../domain/money';
import { api, ApiError } from '../../api/client';
import type { TitleRegistrationView, Upload } from '../../api/types';
import { Timeline } from '../../components/Timeline';
import { formatDateTime, formatDeadline, translateError } from '../../lib/format';
import { useLang, useSitePath } from '../../lib/useLang';
import { validateWithSchema } from '../../lib/validate';
import { showToast } from '../../session/toaster';
import { draftData, initialValues, TITLE_LAYOUT, type Values } from './fields';
import { RegistrationActions, TitleStateTag } from './RegistrationActions';
import { StepFields } from './StepFields';
import { TitleData } from './TitleData';
import { ipName } from './TitleListPage';
import './titleAudit.css';

/** The process of domain/processes/titleAudit.ts; a registration's case id is its id. */
export const TITLE_CASE_KIND = 'titleAudit';

type Detail = { registration: TitleRegistrationView; uploads: Record<string, Upload> };

/** usercenter/traceability/:id: the registration read-only, its timeline and actions; `?modify=1` corrects the flagged fields. */
export function TitleDetailPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const site = useSitePath();
  const { id = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const [detail, setDetail] = useState<Detail | null | undefined>(undefined);

  const load = useCallback(async () => {
    try {
      setDetail(await api.get<Detail>(`/api/title/registrations/${encodeURIComponent(id)}`));
    } catch {
      setDetail(null);
    }
  }, [id]);
  useEffect(() => {
    void load();
  }, [load]);

  if (detail === null) return <NonIdealState icon="search" title={t('titleRegistration.notFound')} action={<Link to={site('usercenter/traceability')}>{t('titleRegistration.backToList')}</Link>} />;
  if (!detail)
    return (
      <div className="ipci-page-center">
        <Spinner />
      </div>
    );
  const r = detail.registration;
  const modifying = params.get('modify') === '1' && r.actions.includes('modify');

  return (
    <div className="ipci-stack" data-testid="title-detail">
      <div className="ipci-wizard-bar">
        <h2 className="ipci-page-title">
          {ipName(r.data, lang)} <TitleStateTag state={r.state} />
        </h2>
        {!modifying && <RegistrationActions registration={r} onChanged={() => void load()} hideView />}
      </div>
      <div className="ipci-muted">
        {t(`titleRegistration.mode.${r.mode}`)} · {t('titleRegistration.submittedAt', { time: formatDateTime(r.submittedAt, lang) })} · {t('task.round', { round: r.round })}
      </div>

      {r.state === 'failed' && (
        <Callout intent="danger" icon="error" title={t('titleRegistration.failedTitle')} data-testid="failure-reason">
          {r.failureReason && (
            <p>
              {t('titleRegistration.failureReasonLabel')}: {t(`titleRegistration.failureReason.${r.failureReason}`)}
            </p>
          )}
          {t('titleRegistration.failedHint')}
        </Callout>
      )}
      {r.order && r.state === 'pendingPayment' && (
        <Callout intent="warning" icon="credit-card" title={t('titleRegistration.payTitle')}>
          {t('titleRegistration.payHint', { amount: formatYuan(r.order.amount), deadline: formatDeadline(r.order.deadlineAt, lang), orderNo: r.order.orderNo })}
        </Callout>
      )}
      {r.ipci && (
        <Callout intent="success" icon="endorsed" title={t('titleRegistration.issuedTitle')} data-testid="ipci-issued">
          <p>
            {t('titleRegistration.ipciCode')}: <strong>{formatIpciCode(r.ipci.code)}</strong>
          </p>
          <Link to={site('usercenter/certificates')}>{t('titleRegistration.toCertificates')}</Link>
        </Callout>
      )}

      {modifying ? (
        <ModifyForm detail={detail} onDone={() => (setParams({}, { replace: true }), void load())} onCancel={() => setParams({}, { replace: true })} />
      ) : (
        <Card>
          <TitleData data={r.data} uploads={detail.uploads} flags={r.state === 'failed' ? r.flags : null} />
        </Card>
      )}
      <Card>
        <h3 className="ipci-page-title">{t('timeline.title')}</h3>
        <Timeline kind={TITLE_CASE_KIND} id={r.id} />
      </Card>
    </div>
  );
}

/**
 * §4 'modify': the same step forms, only the flagged fields editable (each with the reviewer's
 * reason), checked with the whole registration schema, resubmitted with PUT.
 */
function ModifyForm({ detail, onDone, onCancel }: { detail: Detail; onDone: () => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const r = detail.registration;
  const flags = r.flags ?? {};
  const steps = (Object.keys(TITLE_LAYOUT) as FieldStep[]).filter((s) => Object.keys(flags).some((f) => stepOfField(f) === s));
  const [tried, setTried] = useState(false);
  const [server, setServer] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);

  async function submit(values: Values) {
    setFormError(null);
    try {
      await api.put(`/api/title/registrations/${encodeURIComponent(r.id)}`, { data: draftData(values) });
      showToast({ intent: 'success', icon: 'tick', message: t('titleRegistration.resubmitted') });
      onDone();
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      setServer(e.fields ?? {});
      setFormError(e.message || t('http.unavailable', { ns: 'errors' }));
    }
  }

  return (
    <Formik<Values> initialValues={initialValues(r.data)} validate={(v) => validateWithSchema(registrationSchema, draftData(v))} onSubmit={submit}>
      {(form) => (
        <form
          noValidate
          data-testid="title-modify"
          onSubmit={(e) => {
            setTried(true);
            form.handleSubmit(e);
          }}
        >
          <Callout intent="primary" icon="edit" style={{ marginBottom: 12 }}>
            {t('titleRegistration.modifyHint')}
          </Callout>
          {formError && (
            <Callout intent="danger" icon="error" role="alert" style={{ marginBottom: 12 }}>
              {formError}
              {/* A message on a field that is not on the page (not flagged) still names it. */}
              <ul>
                {Object.entries(form.errors)
                  .filter(([f]) => !(f in flags))
                  .map(([f, m]) => (
                    <li key={f}>
                      {t(`fields.${f}`)}: {translateError(t, String(m))}
                    </li>
                  ))}
              </ul>
            </Callout>
          )}
          {steps.map((s) => (
            <Card key={s} style={{ marginBottom: 12 }}>
              <h3 className="ipci-page-title">{t(`titleRegistration.wizard.${s}`)}</h3>
              <StepFields step={s} form={form} tried={tried} flags={flags} uploads={detail.uploads} serverErrors={server} />
            </Card>
          ))}
          <div className="ipci-form-actions">
            <Button text={t('titleRegistration.keep')} onClick={onCancel} />
            <Button type="submit" intent="primary" icon="upload" text={t('titleRegistration.resubmit')} loading={form.isSubmitting} />
          </div>
        </form>
      )}
    </Formik>
  );
}
