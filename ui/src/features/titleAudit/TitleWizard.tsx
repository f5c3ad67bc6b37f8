import { useEffect, useRef, useState } from 'react';
import { Button, Callout, Card, Icon, NonIdealState, Spinner } from '@blueprintjs/core';
import { Formik, type FormikProps } from 'formik';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  registrationSchema,
  stepOfField,
  titleStepSchema,
  WIZARD_STEPS,
  type FieldStep,
  type WizardStep,
} from '../../../../domain/titleRegistration';
import { api, ApiError } from '../../api/client';
import type { TitleRegistrationView, Upload } from '../../api/types';
import { translateError } from '../../lib/format';
import { useSitePath } from '../../lib/useLang';
import { validateWithSchema } from '../../lib/validate';
import { draftData, initialValues, stepValues, TITLE_FIELD_SPECS, TITLE_LAYOUT, type Values } from './fields';
import { StepFields } from './StepFields';
import { TitleData } from './TitleData';
import type { TitleDraftView } from './types';
import { useAuditDays } from './useAuditDays';
import { useDraftAutosave, type SaveState } from './useDraftAutosave';
import './titleAudit.css';

const FIELD_STEPS = Object.keys(TITLE_LAYOUT) as FieldStep[];
const isFieldStep = (s: WizardStep): s is FieldStep => (FIELD_STEPS as string[]).includes(s);

type Loaded = { draft: TitleDraftView; uploads?: Record<string, Upload> };
const blankDraft = (): Loaded => ({ draft: { id: '', data: {}, step: 'notice', createdAt: '', updatedAt: '' } });

/**
 * usercenter/traceability/draft/:id: the wizard over a saved draft, resumed at its saved step; and
 * usercenter/traceability/new: an empty wizard that stores nothing until the user enters something —
 * its first save creates the draft, and this same wizard goes on (no reload, the field being typed
 * in keeps its focus) at the draft's address.
 */
export function TitleWizardPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const site = useSitePath();
  const [draft, setDraft] = useState<Loaded | null | undefined>(() => (id ? undefined : blankDraft()));
  // The draft this wizard created on its first save: already on screen, not fetched again.
  const created = useRef<string | null>(null);
  useEffect(() => {
    if (id && id === created.current) return;
    created.current = null;
    if (!id) return setDraft(blankDraft());
    let live = true;
    setDraft(undefined);
    api
      .get<Loaded>(`/api/title/drafts/${encodeURIComponent(id)}`)
      .then((r) => live && setDraft(r))
      .catch(async (e: unknown) => {
        if (!live) return;
        // A submitted draft became the registration of the same id: show that instead.
        if (e instanceof ApiError && e.status === 404) {
          const found = await api.get(`/api/title/registrations/${encodeURIComponent(id)}`, undefined, { quiet: true }).then(() => true, () => false);
          if (found && live) return navigate(site(`usercenter/traceability/${id}`), { replace: true });
        }
        if (live) setDraft(null);
      });
    return () => {
      live = false;
    };
    // `site` is a new function each render; the draft depends on the id alone.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id]);
  const onCreated = (newId: string) => {
    created.current = newId;
    navigate(site(`usercenter/traceability/draft/${newId}`), { replace: true });
  };
  if (draft === null) return <NonIdealState icon="search" title={t('titleRegistration.draftMissing')} action={<Link to={site('usercenter/traceability')}>{t('titleRegistration.backToList')}</Link>} />;
  if (!draft)
    return (
      <div className="ipci-page-center">
        <Spinner />
      </div>
    );
  return <Wizard key={draft.draft.id || 'new'} draft={draft.draft} uploads={draft.uploads ?? {}} onCreated={onCreated} />;
}

type Outcome = { ok: true; registration: TitleRegistrationView } | { ok: false; message: string; fields: Record<string, string> };

function Wizard({ draft, uploads, onCreated }: { draft: TitleDraftView; uploads: Record<string, Upload>; onCreated: (id: string) => void }) {
  const [step, setStep] = useState<WizardStep>(isFieldStep(draft.step) || draft.step === 'submit' ? draft.step : 'notice');
  return (
    <Formik<Values>
      initialValues={initialValues(draft.data)}
      validate={(values) => (isFieldStep(step) ? validateWithSchema(titleStepSchema(step), stepValues(step, values)) : {})}
      onSubmit={() => undefined}
    >
      {(form) => <WizardBody draftId={draft.id} onCreated={onCreated} form={form} step={step} setStep={setStep} uploads={uploads} />}
    </Formik>
  );
}

interface BodyProps {
  /** '' until the first save creates the draft. */
  draftId: string;
  onCreated: (id: string) => void;
  form: FormikProps<Values>;
  step: WizardStep;
  setStep: (s: WizardStep) => void;
  /** What the saved draft's uploads are (names, types) for thumbnails and the summary. */
  uploads: Record<string, Upload>;
}

function WizardBody({ draftId: savedId, onCreated, form, step, setStep, uploads: saved }: BodyProps) {
  const { t } = useTranslation();
  // The saved draft's uploads and those added since, so the summary names every file.
  const [uploads, setUploads] = useState(saved);
  const uploaded = (u: Upload) => setUploads((all) => ({ ...all, [u.id]: u }));
  const site = useSitePath();
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const { state, flush, draftId } = useDraftAutosave(savedId, draftData(form.values), step === 'result' ? 'submit' : step, onCreated);
  const index = WIZARD_STEPS.indexOf(step);

  const go = (next: WizardStep) => {
    setTried(false);
    setStep(next);
    window.scrollTo(0, 0);
  };
  // The form validates against the new step's schema once it is shown.
  useEffect(() => {
    void form.validateForm();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [step]);

  async function next() {
    if (!isFieldStep(step)) return;
    const errors = await validateWithSchema(titleStepSchema(step), stepValues(step, form.values));
    form.setErrors(errors);
    if (Object.keys(errors).length) {
      setTried(true);
      return;
    }
    go(WIZARD_STEPS[index + 1]);
  }

  async function submit() {
    setBusy(true);
    try {
      // The whole registration first, with the same schema the API uses: no round trip for a known gap.
      const errors = await validateWithSchema(registrationSchema, draftData(form.values));
      if (Object.keys(errors).length) {
        setOutcome({ ok: false, message: t('http.badRequest', { ns: 'errors' }), fields: Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, translateError(t, v)])) });
        return go('result');
      }
      if (!(await flush())) {
        setOutcome({ ok: false, message: t('titleRegistration.saveFailed'), fields: {} });
        return go('result');
      }
      const r = await api.post<{ registration: TitleRegistrationView }>('/api/title/registrations', { draftId });
      setOutcome({ ok: true, registration: r.registration });
      go('result');
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      setOutcome({ ok: false, message: e.message || t('http.unavailable', { ns: 'errors' }), fields: e.fields ?? {} });
      go('result');
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="ipci-stack" data-testid="title-wizard">
      <div className="ipci-wizard-bar">
        <h2 className="ipci-page-title">{t('titleRegistration.wizardTitle')}</h2>
        {step !== 'result' && <SaveIndicator state={state} />}
      </div>
      <StepIndicator step={step} onPick={(s) => WIZARD_STEPS.indexOf(s) < index && step !== 'result' && go(s)} />
      <Card>
        {step === 'notice' && <Terms />}
        {isFieldStep(step) && <StepFields step={step} form={form} tried={tried} uploads={uploads} onUploaded={uploaded} />}
        {step === 'submit' && (
          <>
            <Callout intent="primary" icon="info-sign" style={{ marginBottom: 16 }}>
              {t('titleRegistration.submitHint')}
            </Callout>
            <TitleData
              data={form.values}
              uploads={uploads}
              steps={FIELD_STEPS}
              stepAction={(s) => (
                <Button variant="minimal" size="small" icon="edit" text={t('titleRegistration.edit')} onClick={() => go(s)} data-testid={`edit-${s}`} />
              )}
            />
          </>
        )}
        {step === 'result' && outcome && <Result outcome={outcome} onBack={() => go('submit')} onEdit={go} />}
        {step !== 'result' && (
          <div className="ipci-form-actions">
            {index > 0 && <Button icon="arrow-left" text={t('titleRegistration.back')} onClick={() => go(WIZARD_STEPS[index - 1])} />}
            {isFieldStep(step) && <Button intent="primary" rightIcon="arrow-right" text={t('titleRegistration.next')} onClick={() => void next()} />}
            {step === 'submit' && <Button intent="primary" icon="upload" text={t('titleRegistration.submit')} loading={busy} onClick={() => void submit()} />}
          </div>
        )}
      </Card>
      {step === 'result' && outcome?.ok && (
        <div>
          <Link to={site('usercenter/traceability')}>{t('titleRegistration.backToList')}</Link>
        </div>
      )}
    </div>
  );
}

function Terms() {
  const { t } = useTranslation();
  const auditDays = useAuditDays();
  return (
    <div className="ipci-terms" data-testid="title-terms">
      <strong>{t('titleRegistration.terms.title')}</strong>
      <ol>
        {(['t1', 't2', 't3', 't4', 't5'] as const).map((k) =>
          k === 't4' && auditDays === undefined ? null : <li key={k}>{t(`titleRegistration.terms.${k}`, { days: auditDays })}</li>,
        )}
      </ol>
    </div>
  );
}

function StepIndicator({ step, onPick }: { step: WizardStep; onPick: (s: WizardStep) => void }) {
  const { t } = useTranslation();
  const current = WIZARD_STEPS.indexOf(step);
  return (
    <ol className="ipci-wizard-steps" aria-label={t('titleRegistration.stepsLabel')}>
      {WIZARD_STEPS.map((s, i) => (
        <li
          key={s}
          className={i === current ? 'is-current' : i < current ? 'is-done' : ''}
          aria-current={i === current ? 'step' : undefined}
          onClick={() => onPick(s)}
          style={i < current && step !== 'result' ? { cursor: 'pointer' } : undefined}
        >
          <span className="ipci-wizard-step-no">{i < current ? <Icon icon="tick" size={12} /> : i + 1}</span>
          {t(`titleRegistration.wizard.${s}`)}
        </li>
      ))}
    </ol>
  );
}

function SaveIndicator({ state }: { state: SaveState }) {
  const { t, i18n } = useTranslation();
  const text =
    state.status === 'saving'
      ? t('titleRegistration.saving')
      : state.status === 'saved'
        ? t('titleRegistration.savedAt', { time: state.at.toLocaleTimeString(i18n.language, { hour: '2-digit', minute: '2-digit' }) })
        : state.status === 'failed'
          ? t('titleRegistration.saveFailed')
          : '';
  return (
    <span className="ipci-save-state" role="status" data-testid="save-state">
      {state.status === 'failed' && <Icon icon="warning-sign" intent="warning" size={12} />} {text}
    </span>
  );
}

function Result({ outcome, onBack, onEdit }: { outcome: Outcome; onBack: () => void; onEdit: (s: WizardStep) => void }) {
  const { t } = useTranslation();
  const site = useSitePath();
  if (outcome.ok) {
    return (
      <Callout intent="success" icon="endorsed" title={t('titleRegistration.submitted')} data-testid="result-success">
        <p>{t('titleRegistration.submittedHint')}</p>
        <Link to={site(`usercenter/traceability/${outcome.registration.id}`)}>{t('titleRegistration.viewRegistration')}</Link>
      </Callout>
    );
  }
  const entries = Object.entries(outcome.fields);
  return (
    <Callout intent="danger" icon="error" title={t('titleRegistration.submitFailed')} data-testid="result-failure">
      <p>{outcome.message}</p>
      {entries.length > 0 && (
        <ul>
          {entries.map(([field, message]) => {
            const s = stepOfField(field);
            return (
              <li key={field} data-testid={`result-error-${field}`}>
                {field in TITLE_FIELD_SPECS ? t(`fields.${field}`) : field}: {message}{' '}
                {s && (
                  <Button variant="minimal" size="small" icon="edit" text={t('titleRegistration.edit')} onClick={() => onEdit(s)} />
                )}
              </li>
            );
          })}
        </ul>
      )}
      <Button icon="arrow-left" text={t('titleRegistration.backToSubmit')} onClick={onBack} />
    </Callout>
  );
}
