import { useRef, useState } from 'react';
import { Icon, ProgressBar } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { CHECK_IMAGE_EXTENSIONS, CHECK_IMAGE_TYPES, MIN_CLIP_SECONDS, VIDEO_EXTENSIONS, VIDEO_TYPES } from '../../../../domain/watermark';

const ACCEPT = [...CHECK_IMAGE_TYPES, ...VIDEO_TYPES, ...[...CHECK_IMAGE_EXTENSIONS, 'jpeg', ...VIDEO_EXTENSIONS].map((e) => `.${e}`)].join(',');

interface Props {
  onPick: (file: File) => void;
  /** The file being (or last) checked, named in the zone. */
  file: File | null;
  /** 0–1 while it uploads, null otherwise. */
  progress: number | null;
  testId: string;
}

/**
 * Where a suspect picture is dropped or chosen: the whole zone is the file chooser (a label for the
 * hidden input, so keyboard and screen readers reach it), and a drop on it checks the file at once.
 */
export function SuspectPicker({ onPick, file, progress, testId }: Props) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement | null>(null);
  const [over, setOver] = useState(false);
  const busy = progress !== null;
  const pick = (files: FileList | null) => {
    const chosen = files?.[0];
    if (chosen && !busy) onPick(chosen);
    if (input.current) input.current.value = '';
  };
  return (
    <div className="ipci-suspect">
      <label
        className={`ipci-suspect-zone${over ? ' is-over' : ''}${busy ? ' is-busy' : ''}`}
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={(e) => {
          e.preventDefault();
          setOver(false);
          pick(e.dataTransfer.files);
        }}
        data-testid={`${testId}-zone`}
      >
        <input ref={input} type="file" accept={ACCEPT} hidden disabled={busy} onChange={(e) => pick(e.currentTarget.files)} data-testid={`${testId}-input`} />
        <Icon icon={busy ? 'search' : 'media'} size={28} />
        <strong>{t('watermarkCheck.pick.title')}</strong>
        <span className="ipci-muted">{t('watermarkCheck.pick.hint', { types: CHECK_IMAGE_EXTENSIONS.join(', '), seconds: MIN_CLIP_SECONDS })}</span>
        {file && (
          <span className="ipci-suspect-file" title={file.name}>
            {file.name}
          </span>
        )}
      </label>
      {busy && (
        <div aria-live="polite" data-testid={`${testId}-progress`}>
          <ProgressBar value={progress < 1 ? progress : undefined} intent="primary" stripes={progress >= 1} />
          <div className="ipci-muted ipci-suspect-status">{progress < 1 ? t('watermarkCheck.pick.uploading', { percent: Math.round(progress * 100) }) : t('watermarkCheck.pick.reading')}</div>
        </div>
      )}
    </div>
  );
}
