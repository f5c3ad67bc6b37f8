import { Callout, FormGroup, HTMLSelect, NonIdealState, Spinner } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { formatIpciCode } from '../../../../domain/ipci';
import { ipNameIn } from '../../../../domain/ipNames';
import { INFRINGER_TYPES, PROTECTION_FILES_MAX, PROTECTION_UPLOAD_KIND, protectionSchema, type ProtectionData, type ProtectionKind } from '../../../../domain/protection';
import { api } from '../../api/client';
import { CheckedForm } from '../../components/CheckedForm';
import { FieldControl, type CommonFieldType } from '../../components/FieldControl';
import { translateError } from '../../lib/format';
import { useLang, useSitePath } from '../../lib/useLang';
import { showToast } from '../../session/toaster';
import { RULE_MESSAGE } from './ProtectionBits';
import type { ProtectionCaseJson, ProtectionIpciChoice, ProtectionIpcis, UploadMap } from './types';

/** The form's fields after the IPCI, in the order of spec part 2 §3; `ipciId` and `infringerType` are selects drawn apart. */
const FIELDS: Array<{ name: keyof ProtectionData; type: CommonFieldType | 'infringerType'; max?: number }> = [
  { name: 'ipName', type: 'text' },
  { name: 'ipIntroduction', type: 'textarea' },
  { name: 'infringer', type: 'text' },
  { name: 'infringerType', type: 'infringerType' },
  { name: 'infringingWork', type: 'text' },
  { name: 'scope', type: 'textarea' },
  { name: 'infringerContact', type: 'text' },
  { name: 'infringerPhone', type: 'text' },
  { name: 'address', type: 'text' },
  { name: 'description', type: 'textarea' },
  { name: 'proof', type: 'uploads', max: PROTECTION_FILES_MAX },
  { name: 'supplementary', type: 'uploads', max: PROTECTION_FILES_MAX },
  { name: 'mailbox', type: 'text' },
];

const REQUIRED = new Set(['ipciId', 'ipName', 'ipIntroduction', 'description']);

function emptyValues(kind: ProtectionKind, lawFirmId: string): ProtectionData {
  return {
    kind,
    ipciId: '',
    ipName: '',
    ipIntroduction: '',
    infringer: '',
    infringerType: '',
    infringingWork: '',
    scope: '',
    infringerContact: '',
    infringerPhone: '',
    address: '',
    description: '',
    proof: [],
    supplementary: [],
    mailbox: '',
    lawFirmId,
  };
}

/**
 * What a page that sends the same application elsewhere passes (a suspected infringement's report,
 * prefilled from its evidence): the values to start from, their files' metadata, and its own sending.
 */
export interface ProtectionFormReuse {
  prefilled?: ProtectionData;
  uploads?: UploadMap;
  onSubmit?: (values: ProtectionData) => Promise<void>;
  submitText?: string;
}

/**
 * The rights-protection application (spec part 2 §3), administrative or legal with the firm chosen
 * in the directory. The platform's own rule (spec part 1 §6: only the holder named on a valid IPCI)
 * is shown as soon as an IPCI is picked, and the form cannot be sent with an IPCI that fails it.
 */
export function ProtectionForm({ kind, lawFirmId = '', prefilled, uploads, onSubmit, submitText }: { kind: ProtectionKind; lawFirmId?: string } & ProtectionFormReuse) {
  const { t } = useTranslation();
  const lang = useLang();
  const site = useSitePath();
  const navigate = useNavigate();
  const [choices, setChoices] = useState<ProtectionIpcis | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    api
      .get<ProtectionIpcis>('/api/protection/ipcis', undefined, { quiet: true })
      .then((r) => live && setChoices(r))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, []);

  if (failed) return <NonIdealState icon="error" title={t('failure.load')} />;
  if (!choices)
    return (
      <div style={{ padding: 24 }}>
        <Spinner size={24} />
      </div>
    );
  if (!choices.certified)
    return (
      <NonIdealState
        icon="id-number"
        title={t('identity.required', { ns: 'errors' })}
        description={t('protection.form.identityHint')}
        action={
          <Link to={site('usercenter/identity')} className="bp6-button bp6-intent-primary" data-testid="protection-identity">
            {t('protection.form.toIdentity')}
          </Link>
        }
      />
    );

  const usable = choices.ipcis.filter((i) => !i.refusal);
  const byId = new Map(choices.ipcis.map((i) => [i.ipciId, i]));
  const ruleOf = (id: string) => byId.get(id)?.refusal ?? null;
  const label = (i: ProtectionIpciChoice) =>
    `${ipNameIn(i.ipNames, lang)} · ${formatIpciCode(i.code)}${i.refusal ? ` — ${t('protection.form.notUsable')}: ${translateError(t, RULE_MESSAGE[i.refusal])}` : ''}`;

  async function submit(values: ProtectionData) {
    const r = await api.post<{ case: ProtectionCaseJson }>('/api/protection/cases', values);
    showToast({ intent: 'success', icon: 'tick', message: t('protection.form.submitted') });
    navigate(site(`usercenter/protectdetail/${r.case.id}`));
  }

  const first = usable.length === 1 ? usable[0] : null;
  const initial = prefilled ?? { ...emptyValues(kind, lawFirmId), ipciId: first?.ipciId ?? '', ipName: first ? ipNameIn(first.ipNames, lang) : '' };

  return (
    <CheckedForm<ProtectionData>
      id="protection-form"
      schema={protectionSchema}
      check={(v) => {
        const rule = ruleOf(v.ipciId);
        return rule ? { ipciId: RULE_MESSAGE[rule] } : undefined;
      }}
      initial={initial}
      onSubmit={onSubmit ?? submit}
      submitText={submitText ?? t(`protection.form.submit.${kind}`)}
      submitBlocked={(v) => Boolean(ruleOf(v.ipciId)) || usable.length === 0}
    >
      {(form, { server, clear, setField }) => {
        const rule = ruleOf(form.values.ipciId);
        const error = (name: string) => {
          const touched = form.touched[name as keyof ProtectionData] || form.submitCount > 0 || (name === 'ipciId' && rule);
          const own = form.errors[name as keyof ProtectionData];
          return (touched && own ? translateError(t, own as string) : undefined) || server[name];
        };
        const set = (name: string, v: unknown) => {
          clear(name);
          void form.setFieldValue(name, v);
        };
        const group = (name: string, control: React.ReactNode) => {
          const e = error(name);
          return (
            <FormGroup key={name} label={t(`protection.fields.${name}`)} labelFor={`protection-form-${name}`} labelInfo={REQUIRED.has(name) ? t('protection.form.required') : undefined} intent={e ? 'danger' : 'none'} helperText={e}>
              {control}
            </FormGroup>
          );
        };
        return (
          <>
            {choices.ipcis.length === 0 ? (
              <Callout intent="warning" icon="badge" data-testid="protection-rule" style={{ marginBottom: 12 }}>
                {t('protection.form.noIpci')} <Link to={site('introduce')}>{t('protection.form.toRegister')}</Link>
              </Callout>
            ) : (
              usable.length === 0 && (
                <Callout intent="danger" icon="disable" data-testid="protection-rule" style={{ marginBottom: 12 }}>
                  <p>{t('protection.form.noneUsable')}</p>
                  <ul>
                    {[...new Set(choices.ipcis.map((i) => i.refusal!))].map((r) => (
                      <li key={r}>{translateError(t, RULE_MESSAGE[r])}</li>
                    ))}
                  </ul>
                </Callout>
              )
            )}
            {group(
              'ipciId',
              <HTMLSelect
                id="protection-form-ipciId"
                fill
                value={form.values.ipciId}
                disabled={form.isSubmitting || choices.ipcis.length === 0}
                onChange={(e) => {
                  const chosen = byId.get(e.currentTarget.value);
                  set('ipciId', e.currentTarget.value);
                  // The IP's name is prefilled from the chosen IPCI (the applicant may still edit it).
                  if (chosen) set('ipName', ipNameIn(chosen.ipNames, lang));
                  void form.setFieldTouched('ipciId', true, false);
                }}
                options={[{ value: '', label: t('protection.form.chooseIpci') }, ...choices.ipcis.map((i) => ({ value: i.ipciId, label: label(i) }))]}
              />,
            )}
            {rule && (
              <Callout intent="danger" icon="disable" data-testid="protection-rule" style={{ marginBottom: 12 }}>
                {translateError(t, RULE_MESSAGE[rule])}
              </Callout>
            )}
            {FIELDS.map((f) =>
              group(
                f.name,
                f.type === 'infringerType' ? (
                  <HTMLSelect
                    id="protection-form-infringerType"
                    value={form.values.infringerType}
                    disabled={form.isSubmitting}
                    onChange={(e) => set('infringerType', e.currentTarget.value)}
                    options={[{ value: '', label: t('protection.form.notSaid') }, ...INFRINGER_TYPES.map((v) => ({ value: v, label: t(`protection.infringerTypes.${v}`) }))]}
                  />
                ) : (
                  <FieldControl
                    id={`protection-form-${f.name}`}
                    type={f.type}
                    value={form.values[f.name]}
                    disabled={form.isSubmitting}
                    intent={error(f.name) ? 'danger' : 'none'}
                    set={(v) => set(f.name, v)}
                    blur={() => void form.setFieldTouched(f.name, true)}
                    checkboxLabel=""
                    textareaRows={5}
                    uploadKind={PROTECTION_UPLOAD_KIND}
                    uploads={uploads}
                    max={f.max}
                    onUploadError={(m) => setField(f.name, m)}
                  />
                ),
              ),
            )}
            {(server.lawFirmId || (form.submitCount > 0 && form.errors.lawFirmId)) && (
              <Callout intent="danger" role="alert" style={{ marginBottom: 12 }} data-testid="protection-law-firm-error">
                {server.lawFirmId || translateError(t, form.errors.lawFirmId)}
              </Callout>
            )}
          </>
        );
      }}
    </CheckedForm>
  );
}
