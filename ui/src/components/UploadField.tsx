import { useRef, useState } from 'react';
import { Button, FileInput, ProgressBar } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { ApiError, uploadFile } from '../api/client';
import type { Upload } from '../api/types';
import type { UploadKind } from '../../../domain/uploads';
import { MAX_UPLOAD_BYTES } from '../../../domain/uploads';
import { checkImageBatch, MAX_IMAGES_PER_BATCH } from '../../../domain/titleRegistration';
import { UploadPreview } from './UploadPreview';

const ACCEPT: Record<UploadKind, string> = {
  idPhoto: 'image/*,.jpg,.jpeg,.jpe,.jif,.jfif,.png,.gif,.bmp,.ico',
  licence: 'image/*,.pdf,.doc,.docx,.xls,.xlsx',
  attachment: '.pdf,.doc,.docx,.xls,.xlsx,.zip,.rar',
  avatar: 'image/jpeg,image/png,.jpg,.jpeg,.png',
  ipImage: 'image/*,.jpg,.jpeg,.jpe,.jif,.jfif,.png,.gif,.ico,.bmp',
  proof: '.pdf,.doc,.docx,.xls,.xlsx,.zip,.rar',
  idDocument: 'image/*,.jpg,.jpeg,.png,.gif,.bmp,.pdf',
  remittanceProof: 'image/jpeg,.jpg,.jpeg',
  evidence: 'image/*,.jpg,.jpeg,.png,.gif,.bmp,.pdf,.doc,.docx,.xls,.xlsx,.zip,.rar',
  showcase: 'image/*,.jpg,.jpeg,.jpe,.jif,.jfif,.png,.gif,.ico,.bmp',
  monitorPicture: 'image/jpeg,image/png,.jpg,.jpeg,.png',
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
  /** Each file the server took, e.g. for a summary that names it. */
  onUploaded?: (upload: Upload) => void;
}

/**
 * POST /api/uploads with a progress bar, a thumbnail for images and the server's error on the field.
 * A list field takes several files at once (at most 9 per batch, spec part 1 §5), uploaded one after
 * the other with one progress bar over the batch; a batch over a limit is refused before anything is sent.
 */
export function UploadField({ id, kind, disabled, value, multiple, max = 9, onChange, onError, metas = {}, onUploaded }: Props) {
  const { t } = useTranslation();
  const [progress, setProgress] = useState<{ share: number; index: number; count: number } | null>(null);
  const [known, setKnown] = useState<Record<string, Upload>>({});
  const input = useRef<HTMLInputElement | null>(null);
  const ids = Array.isArray(value) ? value : value ? [value] : [];
  const all = { ...metas, ...known };

  /** Why this batch cannot be sent, or null. */
  function refusal(files: File[]): string | null {
    if (multiple && files.length > MAX_IMAGES_PER_BATCH) {
      return kind === 'ipImage' ? t(checkImageBatch(files.length)!, { ns: 'errors' }) : t('upload.batch', { max: MAX_IMAGES_PER_BATCH });
    }
    if (multiple && ids.length + files.length > max) return t('upload.tooMany', { max, left: max - ids.length });
    if (files.some((f) => f.size > MAX_UPLOAD_BYTES)) return t('http.payloadTooLarge', { ns: 'errors', max: '1 GB' });
    return null;
  }

  async function pick(list: FileList | null | undefined) {
    const files = Array.from(list ?? []).slice(0, multiple ? undefined : 1);
    const clear = () => {
      if (input.current) input.current.value = '';
    };
    if (!files.length) return;
    const refused = refusal(files);
    if (refused) {
      onError?.(refused);
      clear();
      return;
    }
    onError?.(null);
    const total = files.reduce((n, f) => n + f.size, 0) || 1;
    let done = 0;
    const added: string[] = [];
    setProgress({ share: 0, index: 1, count: files.length });
    try {
      for (const [i, file] of files.entries()) {
        setProgress({ share: done / total, index: i + 1, count: files.length });
        const upload = await uploadFile<Upload>(kind, file, (p) => setProgress({ share: (done + (p.total ? (p.loaded / p.total) * file.size : 0)) / total, index: i + 1, count: files.length }));
        done += file.size;
        setKnown((k) => ({ ...k, [upload.id]: upload }));
        onUploaded?.(upload);
        added.push(upload.id);
      }
    } catch (e) {
      const message = e instanceof ApiError && e.message ? e.message : t('http.unavailable', { ns: 'errors' });
      // Name the file when several were sent, so the user knows which one to replace.
      onError?.(files.length > 1 ? `${files[added.length]?.name}: ${message}` : message);
    } finally {
      setProgress(null);
      clear();
      if (added.length) onChange(multiple ? [...ids, ...added] : added[0]);
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
          <ProgressBar value={progress.share} intent="primary" stripes={false} />
          <div className="ipci-muted" style={{ fontSize: 12, marginTop: 4 }} data-testid={`progress-${id}`}>
            {t('upload.uploading')} {progress.count > 1 ? `${progress.index}/${progress.count} · ` : ''}
            {Math.round(progress.share * 100)}%
          </div>
        </div>
      )}
      {canAdd && (multiple || ids.length === 0) && (
        <FileInput
          text={t(multiple ? 'upload.chooseMany' : 'upload.choose')}
          buttonText={t('upload.browse')}
          inputProps={{ id, accept: ACCEPT[kind], ref: input, multiple, 'aria-label': t(multiple ? 'upload.chooseMany' : 'upload.choose') }}
          onInputChange={(e) => void pick((e.target as HTMLInputElement).files)}
        />
      )}
      {canAdd && !multiple && ids.length > 0 && (
        <FileInput
          text={t('upload.replace')}
          buttonText={t('upload.browse')}
          inputProps={{ id, accept: ACCEPT[kind], ref: input, 'aria-label': t('upload.replace') }}
          onInputChange={(e) => void pick((e.target as HTMLInputElement).files)}
        />
      )}
    </div>
  );
}
