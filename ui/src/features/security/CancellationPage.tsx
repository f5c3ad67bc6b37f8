import { useEffect, useState } from 'react';
import { Button, Callout, Card, FormGroup, NonIdealState, Radio, RadioGroup, Spinner, TextArea } from '@blueprintjs/core';
import { Formik, type FormikHelpers } from 'formik';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { CaseEvent } from '../../../../domain/processes/model';
import { cancellationSchema, CANCELLATION_REASON, maskAddress, type CancellationRequest } from '../../../../domain/security';
import { api, subscribe } from '../../api/client';
import { Timeline } from '../../components/Timeline';
import { formatDateTime } from '../../lib/format';
import { useLang, useSitePath } from '../../lib/useLang';
import { validateWithSchema } from '../../lib/validate';
import { useSession } from '../../session/SessionContext';
import { showToast } from '../../session/toaster';
import { fieldError, TextField } from '../account/fields';
import { SendCodeButton } from '../account/SendCodeButton';
import { CancellationStatusTag } from './CancellationStatusTag';
import { SecurityHeading } from './SecurityPage';
import { CANCELLATION_CASE_KIND, type Cancellation } from './types';
import { useServerErrors } from '../../lib/useServerErrors';
import { useSecurity } from './useSecurity';
import { ConfirmAlert } from '../../components/ConfirmAlert';

/** usercenter/cancellation: what cancelling means, the request with a code, then its status and timeline. */
export function CancellationPage() {
  const { t } = useTranslation();
  const { overview, reload } = useSecurity();
  if (overview === null) return <NonIdealState icon="error" title={t('failure.load')} />;
  if (!overview)
    return (
      <div className="ipci-page-center">
        <Spinner />
      </div>
    );
  const request = overview.cancellation;
  const addresses = [overview.addresses.phone, overview.addresses.email].filter((a): a is string => Boolean(a));
  return (
    <div className="ipci-stack">
      <SecurityHeading>{t('security.cancellation.title')}</SecurityHeading>
      {request && <RequestStatus request={request} onChange={reload} />}
      {request?.status !== 'pending' && (
        <>
          <Callout intent="danger" icon="warning-sign" title={t('security.cancellation.warningTitle')} data-testid="cancellation-warning">
            <ul style={{ margin: '4px 0 0', paddingLeft: 20 }}>
              <li>{t('security.cancellation.warningClosed')}</li>
              <li>{t('security.cancellation.warningReleased')}</li>
              <li>{t('security.cancellation.warningKept')}</li>
            </ul>
          </Callout>
          <Card>{addresses.length ? <RequestForm addresses={addresses} onSubmitted={reload} /> : <NoAddress />}</Card>
        </>
      )}
    </div>
  );
}

function NoAddress() {
  const { t } = useTranslation();
  const site = useSitePath();
  return (
    <Callout intent="primary" icon="info-sign">
      <p>{t('security.cancellation.noAddress')}</p>
      <Link to={site('usercenter/bindphone')}>{t('security.bindPhone.title')}</Link> · <Link to={site('usercenter/bindemail')}>{t('security.bindEmail.title')}</Link>
    </Callout>
  );
}

function RequestForm({ addresses, onSubmitted }: { addresses: string[]; onSubmitted: () => Promise<void> }) {
  const { t } = useTranslation();
  const errors = useServerErrors();
  const [confirming, setConfirming] = useState(false);

  async function submit(values: CancellationRequest, helpers: FormikHelpers<CancellationRequest>) {
    errors.reset();
    try {
      await api.post('/api/security/cancellation', values);
      showToast({ intent: 'primary', icon: 'tick', message: t('security.cancellation.submitted') });
      await onSubmitted();
    } catch (e) {
      errors.fail(e, helpers);
    }
  }

  return (
    <Formik<CancellationRequest>
      initialValues={{ reason: '', address: addresses[0], code: '' }}
      validate={(v) => validateWithSchema(cancellationSchema, v)}
      onSubmit={submit}
    >
      {(form) => {
        const common = { form, server: errors.server, onEdit: errors.clear, idPrefix: 'cancellation' };
        const reasonError = fieldError(form, errors.server, 'reason', t);
        const addressError = fieldError(form, errors.server, 'address', t);
        // The dialog asks once more before the irreversible request goes out.
        const ask = async () => {
          const found = await form.validateForm();
          void form.setTouched({ reason: true, address: true, code: true }, false);
          if (!Object.keys(found).length) setConfirming(true);
        };
        return (
          <form onSubmit={(e) => e.preventDefault()} noValidate data-testid="cancellation-form" style={{ maxWidth: 620 }}>
            {errors.formError && (
              <Callout intent="danger" icon="error" role="alert" style={{ marginBottom: 16 }}>
                {errors.formError}
              </Callout>
            )}
            <FormGroup
              label={t('security.cancellation.reason')}
              labelFor="cancellation-reason"
              labelInfo={<span className="ipci-muted">{`${form.values.reason.trim().length}/${CANCELLATION_REASON.max}`}</span>}
              intent={reasonError ? 'danger' : 'none'}
              helperText={
                reasonError && (
                  <span data-testid="error-reason" role="alert">
                    {reasonError}
                  </span>
                )
              }
            >
              <TextArea
                id="cancellation-reason"
                fill
                rows={4}
                value={form.values.reason}
                intent={reasonError ? 'danger' : 'none'}
                onChange={(e) => {
                  errors.clear('reason');
                  void form.setFieldValue('reason', e.target.value);
                }}
                onBlur={() => void form.setFieldTouched('reason', true)}
              />
            </FormGroup>
            <FormGroup label={t('security.cancellation.address')} intent={addressError ? 'danger' : 'none'} helperText={addressError && <span data-testid="error-address">{addressError}</span>}>
              <RadioGroup selectedValue={form.values.address} onChange={(e) => void form.setFieldValue('address', e.currentTarget.value)}>
                {addresses.map((a) => (
                  <Radio key={a} value={a} label={t(a.includes('@') ? 'security.cancellation.addressEmail' : 'security.cancellation.addressPhone', { address: maskAddress(a) })} />
                ))}
              </RadioGroup>
            </FormGroup>
            <TextField
              {...common}
              name="code"
              label={t('security.code')}
              autoComplete="one-time-code"
              right={
                <SendCodeButton
                  id="cancellation-sendCode"
                  purpose="cancelAccount"
                  address={form.values.address}
                  onError={(m) => errors.setField('code', m)}
                  onInvalid={() => void form.setFieldTouched('address', true)}
                />
              }
            />
            <div className="ipci-form-actions">
              <Button intent="danger" icon="disable" text={t('security.cancellation.submit')} loading={form.isSubmitting} onClick={() => void ask()} />
            </div>
            <ConfirmAlert
              open={confirming}
              intent="danger"
              icon="warning-sign"
              confirmText={t('security.cancellation.confirm')}
              cancelText={t('security.cancellation.keep')}
              onCancel={() => setConfirming(false)}
              onConfirm={() => {
                setConfirming(false);
                void form.submitForm();
              }}
            >
              <h4 className="bp6-heading">{t('security.cancellation.confirmTitle')}</h4>
              <p>{t('security.cancellation.confirmText')}</p>
            </ConfirmAlert>
          </form>
        );
      }}
    </Formik>
  );
}

const SETTLED = new Set(['cancelled', 'rejected', 'withdrawn']);

function RequestStatus({ request, onChange }: { request: Cancellation; onChange: () => Promise<void> }) {
  const { t } = useTranslation();
  const lang = useLang();
  const site = useSitePath();
  const navigate = useNavigate();
  const { refresh } = useSession();
  const home = site();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const pending = request.status === 'pending';

  // While the audit is open, its outcome arrives by server push; an approval ends this session.
  useEffect(() => {
    if (!pending) return;
    return subscribe<CaseEvent>(`/api/cases/${CANCELLATION_CASE_KIND}/${encodeURIComponent(request.id)}/stream`, 'case', (event) => {
      if (!SETTLED.has(event.step)) return;
      if (event.step === 'cancelled') {
        showToast({ intent: 'danger', icon: 'disable', message: t('security.toast.accountCancelled') });
        navigate(home, { replace: true });
        void refresh();
      } else void onChange();
    });
  }, [pending, request.id, onChange, refresh, navigate, home, t]);

  async function withdraw() {
    setAsking(false);
    setBusy(true);
    try {
      await api.post('/api/security/cancellation/withdraw');
      showToast({ intent: 'success', icon: 'undo', message: t('security.cancellation.withdrawn') });
    } catch {
      // a 409 means it was decided meanwhile: the reload shows how
    } finally {
      setBusy(false);
      await onChange();
    }
  }

  return (
    <Card data-testid="cancellation-request">
      <div className="ipci-toolbar">
        <h3 className="ipci-page-title" style={{ margin: 0 }}>
          {t('security.cancellation.statusTitle')}
          <CancellationStatusTag status={request.status} />
        </h3>
        <span className="ipci-spacer" />
        {pending && <Button icon="undo" text={t('security.cancellation.withdraw')} loading={busy} onClick={() => setAsking(true)} />}
      </div>
      <dl className="ipci-dl" style={{ marginTop: 12 }}>
        <dt>{t('security.cancellation.requestedAt')}</dt>
        <dd>{formatDateTime(request.requestedAt, lang)}</dd>
        <dt className="ipci-dl-wide-label">{t('security.cancellation.yourReason')}</dt>
        <dd className="ipci-dl-wide">{request.reason}</dd>
        {request.decidedAt && (
          <>
            <dt>{t('security.cancellation.decidedAt')}</dt>
            <dd>{formatDateTime(request.decidedAt, lang)}</dd>
          </>
        )}
        {request.status === 'rejected' && request.decisionComment && (
          <>
            <dt>{t('security.cancellation.adminReason')}</dt>
            <dd className="ipci-dl-wide" data-testid="admin-reason">
              {request.decisionComment}
            </dd>
          </>
        )}
      </dl>
      {!pending && <p className="ipci-muted">{t('security.cancellation.again')}</p>}
      <Timeline kind={CANCELLATION_CASE_KIND} id={request.id} />
      <ConfirmAlert
        open={asking}
        icon="undo"
        intent="primary"
        confirmText={t('security.cancellation.withdraw')}
        onCancel={() => setAsking(false)}
        onConfirm={() => void withdraw()}
      >
        <p>{t('security.cancellation.withdrawConfirm')}</p>
      </ConfirmAlert>
    </Card>
  );
}
