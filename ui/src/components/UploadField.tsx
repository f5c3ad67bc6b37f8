import { useRef, useState } from 'react';
import { Button, FileInput, ProgressBar } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { ApiError, uploadFile } from '../api/client';
import type { Upload } from '../api/types';
import type { UploadKind } from '../../../domain/uploads';
import { MAX_UPLOAD_BYTES } from '../../../domain/uploads';
import { UploadPreview } from './UploadPreview';

const ACCEPT: Record<UploadKind, string> = {
  idPhoto: 'image/*,.jpg,.jpeg,.jpe,.jif,.jfif,.png,.gif,.bmp,.ico',
  licence: 'image/*,.pdf,.doc,.docx,.xls,.xlsx',
  attachment: '.pdf,.doc,.docx,.xls,.xlsx,.zip,.rar',
  avatar: 'image/jpeg,image/png,.jpg,.jpeg,.png',
};

interface Props {
  id: string;
  kind: UploadKind;
  disabled?: boolean;
  /** One upload id ('' when empty) or, with `multiple`, a list of ids. */
  value: string | string[];
  multiple?: boolean;
  max?: number;
  onChange: (value: string | string[]) => void;
  /** Shown on the field: the server's 413/415 message. */
  onError?: (message: string | null) => void;
  metas?: Record<string, Upload>;
}

/** POST /api/uploads with a progress bar, a thumbnail for images and the server's error on the field. */
export function UploadField({ id, kind, disabled, value, multiple, max = 9, onChange, onError, metas = {} }: Props) {
  const { t } = useTranslation();
  const [progress, setProgress] = useState<number | null>(null);
  const [known, setKnown] = useState<Record<string, Upload>>({});
  const input = useRef<HTMLInputElement | null>(null);
  const ids = Array.isArray(value) ? value : value ? [value] : [];
  const all = { ...metas, ...known };

  async function pick(file: File | undefined) {
    if (!file) return;
    if (file.size > MAX_UPLOAD_BYTES) {
      onError?.(t('http.payloadTooLarge', { ns: 'errors', max: '1 GB' }));
      return;
    }
    onError?.(null);
    setProgress(0);
    try {
      const upload = await uploadFile<Upload>(kind, file, (p) => setProgress(p.total ? p.loaded / p.total : 0));
      setKnown((k) => ({ ...k, [upload.id]: upload }));
      onChange(multiple ? [...ids, upload.id] : upload.id);
    } catch (e) {
      onError?.(e instanceof ApiError && e.message ? e.message : t('http.unavailable', { ns: 'errors' }));
    } finally {
      setProgress(null);
      if (input.current) input.current.value = '';
    }
  }

  const canAdd = !disabled && progress === null && (multiple ? ids.length < max : true);
  return (
    <div className="ipci-upload" data-testid={`upload-${id}`}>
      {ids.map((u) => (
        <div key={u} style={{ display: 'flex', alignItems: 'center', gap: 4 }}>
          <UploadPreview id={u} meta={all[u]} />
          {!disabled && (multiple || ids.length > 0) && (
            <Button
              size="small"
              variant="minimal"
              icon="cross"
              aria-label={t('upload.remove')}
              title={t('upload.remove')}
              onClick={() => onChange(multiple ? ids.filter((x) => x !== u) : '')}
            />
          )}
        </div>
      ))}
      {progress !== null && (
        <div className="ipci-upload-progress" aria-label={t('upload.uploading')}>
          <ProgressBar value={progress} intent="primary" stripes={false} />
          <div className="ipci-muted" style={{ fontSize: 12, marginTop: 4 }}>
            {t('upload.uploading')} {Math.round(progress * 100)}%
          </div>
        </div>
      )}
      {canAdd && (multiple || ids.length === 0) && (
        <FileInput
          text={t(multiple ? 'upload.chooseMany' : 'upload.choose')}
          buttonText={t('upload.browse')}
          inputProps={{ id, accept: ACCEPT[kind], ref: input, 'aria-label': t('upload.choose') }}
          onInputChange={(e) => void pick((e.target as HTMLInputElement).files?.[0])}
        />
      )}
      {canAdd && !multiple && ids.length > 0 && (
        <FileInput
          text={t('upload.replace')}
          buttonText={t('upload.browse')}
          inputProps={{ id, accept: ACCEPT[kind], ref: input, 'aria-label': t('upload.replace') }}
          onInputChange={(e) => void pick((e.target as HTMLInputElement).files?.[0])}
        />
      )}
    </div>
  );
}
