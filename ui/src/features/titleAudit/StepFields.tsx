import { useState } from 'react';
import { FormGroup, HTMLSelect, Radio, RadioGroup, type Intent } from '@blueprintjs/core';
import type { FormikProps } from 'formik';
import { useTranslation } from 'react-i18next';
import type { FieldStep } from '../../../../domain/titleRegistration';
import type { Upload } from '../../api/types';
import { FieldControl, FieldHelper } from '../../components/FieldControl';
import { translateError } from '../../lib/format';
import { isVisible, TITLE_LAYOUT, type FieldSpec, type Values } from './fields';
import type { DictionaryType } from '../../../../domain/dictionaries';
import { useDictionary } from '../../lib/useDictionary';

export interface StepFieldsProps {
  step: FieldStep;
  form: FormikProps<Values>;
  /** Messages show once the user tried to leave the step (or touched the field). */
  tried: boolean;
  /** Modify mode: only flagged fields are editable; each shows the reviewer's reason. */
  flags?: Record<string, string> | null;
  uploads?: Record<string, Upload>;
  /** The server's field messages (a refused submit), already translated. */
  serverErrors?: Record<string, string>;
  onUploaded?: (upload: Upload) => void;
}

/** One wizard step's fields in their sections (fields.ts), with formik values and the shared schema's messages. */
export function StepFields({ step, form, tried, flags, uploads, serverErrors = {}, onUploaded }: StepFieldsProps) {
  const { t } = useTranslation();
  const [uploadErrors, setUploadErrors] = useState<Record<string, string>>({});
  return (
    <div className="ipci-form-grid ipci-title-form" data-testid={`step-${step}`}>
      {TITLE_LAYOUT[step].map((section) => {
        const fields = section.fields.filter((f) => isVisible(f, form.values));
        if (!fields.length) return null;
        return [
          TITLE_LAYOUT[step].length > 1 || step === 'proof' ? (
            <div key={`s-${section.key}`} className="ipci-form-section">
              {t(`titleRegistration.sections.${section.key}`)}
            </div>
          ) : null,
          ...fields.map((f) => (
            <TitleFieldControl
              key={f.name}
              spec={f}
              form={form}
              tried={tried}
              locked={Boolean(flags) && !(f.name in (flags ?? {}))}
              reason={flags?.[f.name]}
              error={uploadErrors[f.name] || serverErrors[f.name]}
              onUploadError={(m) => setUploadErrors((u) => ({ ...u, [f.name]: m ?? '' }))}
              uploads={uploads}
              onUploaded={onUploaded}
            />
          )),
        ];
      })}
    </div>
  );
}

interface ControlProps {
  spec: FieldSpec;
  form: FormikProps<Values>;
  tried: boolean;
  locked: boolean;
  reason?: string;
  error?: string;
  onUploadError: (m: string | null) => void;
  uploads?: Record<string, Upload>;
  onUploaded?: (upload: Upload) => void;
}

function TitleFieldControl({ spec, form, tried, locked, reason, error: outside, onUploadError, uploads, onUploaded }: ControlProps) {
  const { t } = useTranslation();
  const { name, type } = spec;
  const id = `title-${name}`;
  const value = form.values[name];
  const touched = tried || Boolean(form.touched[name]);
  const clientError = touched ? (form.errors as Record<string, string | undefined>)[name] : undefined;
  const error = outside || (clientError ? translateError(t, clientError) : undefined);
  const intent: Intent = error ? 'danger' : 'none';
  const set = (v: unknown) => {
    void form.setFieldValue(name, v);
    void form.setFieldTouched(name, true, false);
  };
  const blur = () => void form.setFieldTouched(name, true);
  const option = (v: string) => t(`titleRegistration.${spec.optionLabels}.${v}`);

  let control: React.ReactNode;
  switch (type) {
    case 'radio':
    case 'yesNo': {
      const options = type === 'yesNo' ? ['yes', 'no'] : [...(spec.options ?? [])];
      const selected = type === 'yesNo' ? (value === true ? 'yes' : value === false ? 'no' : undefined) : String(value ?? '');
      control = (
        <RadioGroup
          name={id}
          inline
          disabled={locked}
          selectedValue={selected}
          onChange={(e) => set(type === 'yesNo' ? e.currentTarget.value === 'yes' : e.currentTarget.value)}
        >
          {options.map((o) => (
            <Radio key={o} id={`${id}-${o}`} value={o} label={type === 'yesNo' ? t(`titleRegistration.yesNo.${o}`) : option(o)} />
          ))}
        </RadioGroup>
      );
      break;
    }
    case 'select': {
      const props = { id, value: String(value ?? ''), disabled: locked, onBlur: blur, onChange: set };
      control = spec.dictionary ? (
        <DictionarySelect {...props} type={spec.dictionary} />
      ) : (
        <Select {...props} options={(spec.options ?? []).map((o) => ({ code: o, label: option(o) }))} />
      );
      break;
    }
    default:
      control = (
        <FieldControl
          id={id}
          type={type}
          value={value}
          disabled={locked}
          intent={intent}
          set={set}
          blur={blur}
          checkboxLabel={t(`titleRegistration.checkbox.${name}`)}
          textareaRows={3}
          uploadKind={spec.uploadKind}
          max={spec.max}
          uploads={uploads}
          onUploadError={onUploadError}
          onUploaded={onUploaded}
        />
      );
  }

  const hint = !locked && type === 'uploads' && spec.uploadKind === 'ipImage' ? t(`titleRegistration.hint.${name === 'mainImages' ? 'mainImages' : 'images'}`) : undefined;
  const helper = (
    <FieldHelper name={name} reason={reason} error={error} hint={hint} />
  );
  return (
    <FormGroup
      className={`${spec.wide ? 'ipci-span-2' : ''} ${type === 'checkbox' ? 'ipci-field-check' : ''} ${locked ? 'ipci-field-locked' : ''}`}
      label={type === 'checkbox' ? undefined : t(`fields.${name}`)}
      labelFor={type === 'radio' || type === 'yesNo' ? undefined : id}
      intent={intent}
      helperText={reason || error || hint ? helper : undefined}
      disabled={locked}
    >
      {control}
    </FormGroup>
  );
}

interface SelectProps {
  id: string;
  value: string;
  disabled: boolean;
  onBlur: () => void;
  onChange: (value: string) => void;
}

function Select({ options, onChange, ...props }: SelectProps & { options: { code: string; label: string }[] }) {
  const { t } = useTranslation();
  const choices = [{ value: '', label: t('form.choose') }, ...options.map((o) => ({ value: o.code, label: o.label }))];
  return <HTMLSelect {...props} fill options={choices} onChange={(e) => onChange(e.currentTarget.value)} />;
}

/** The dictionary's active entries; a value chosen before its entry was deactivated stays shown. */
function DictionarySelect({ type, ...props }: SelectProps & { type: DictionaryType }) {
  const { items, labelOf } = useDictionary(type);
  const options = props.value && !items.some((o) => o.code === props.value) ? [...items, { code: props.value, label: labelOf(props.value) }] : items;
  return <Select {...props} options={options} />;
}
