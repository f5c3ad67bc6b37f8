import type { ReactNode } from 'react';
import { Checkbox, Icon, InputGroup, TextArea, type Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { Upload } from '../api/types';
import type { UploadKind } from '../../../domain/uploads';
import { CountrySelect } from './CountrySelect';
import { UploadField } from './UploadField';

/** The field kinds every form has; a form renders its own kinds (radios, multi-selects…) itself. */
export type CommonFieldType = 'text' | 'date' | 'textarea' | 'country' | 'checkbox' | 'upload' | 'uploads';

export interface FieldControlProps {
  id: string;
  type: CommonFieldType;
  value: unknown;
  disabled: boolean;
  intent: Intent;
  set: (value: unknown) => void;
  blur: () => void;
  checkboxLabel: string;
  textareaRows: number;
  uploadKind?: UploadKind;
  max?: number;
  uploads?: Record<string, Upload>;
  onUploadError: (message: string | null) => void;
  onUploaded?: (upload: Upload) => void;
}

/** One place for the controls the identity and title forms share, so both behave alike; ids, labels and errors stay the caller's. */
export function FieldControl({ id, type, value, disabled, intent, set, blur, checkboxLabel, textareaRows, uploadKind, max, uploads, onUploadError, onUploaded }: FieldControlProps) {
  switch (type) {
    case 'checkbox':
      return <Checkbox id={id} checked={Boolean(value)} disabled={disabled} label={checkboxLabel} onChange={(e) => set(e.currentTarget.checked)} />;
    case 'country':
      return <CountrySelect id={id} value={String(value ?? '')} disabled={disabled} onChange={set} onBlur={blur} />;
    case 'upload':
    case 'uploads':
      return (
        <UploadField
          id={id}
          kind={uploadKind!}
          multiple={type === 'uploads'}
          max={max}
          value={(value as string | string[]) ?? (type === 'uploads' ? [] : '')}
          disabled={disabled}
          metas={uploads}
          onChange={set}
          onError={onUploadError}
          onUploaded={onUploaded}
        />
      );
    case 'textarea':
      return <TextArea id={id} fill rows={textareaRows} value={String(value ?? '')} disabled={disabled} intent={intent} onChange={(e) => set(e.target.value)} onBlur={blur} />;
    default:
      return (
        <InputGroup
          id={id}
          type={type === 'date' ? 'date' : 'text'}
          value={String(value ?? '')}
          disabled={disabled}
          intent={intent}
          onChange={(e) => set(e.target.value)}
          onBlur={blur}
        />
      );
  }
}

/**
 * What a form says under a field, one line each so they never run together: the reviewer's flag
 * reason (review flows), the error, then the field's hint (its rules, kept in view while the error shows).
 */
export function FieldHelper({ name, reason, error, hint }: { name: string; reason?: string; error?: string; hint?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <>
      {reason && (
        <div className="ipci-helper-line ipci-flag-reason" data-testid={`reason-${name}`}>
          <Icon icon="flag" size={12} intent="danger" /> {t('identity.reviewerSays')}: {reason}
        </div>
      )}
      {error && (
        <div className="ipci-helper-line" data-testid={`error-${name}`} role="alert">
          {error}
        </div>
      )}
      {hint && (
        <div className="ipci-helper-line ipci-helper-hint" data-testid={`hint-${name}`}>
          {hint}
        </div>
      )}
    </>
  );
}
