import { useState } from 'react';
import { Icon } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { Upload } from '../api/types';
import { isImageMime } from '../../../domain/uploads';
import { formatBytes } from '../lib/format';

/** Images as thumbnails that open full size; other files as download links. */
export function UploadPreview({ id, meta }: { id: string; meta?: Upload | null }) {
  const { t } = useTranslation();
  const [broken, setBroken] = useState(false);
  const url = `/api/uploads/${encodeURIComponent(id)}`;
  const image = meta ? isImageMime(meta.mime) : !broken;
  if (image && !broken) {
    return (
      <a className="ipci-thumb-link" href={url} target="_blank" rel="noreferrer" title={meta?.originalName ?? t('upload.openFull')}>
        <img className="ipci-thumb" src={url} alt={meta?.originalName ?? t('upload.preview')} onError={() => setBroken(true)} />
      </a>
    );
  }
  return (
    <a className="ipci-file-chip" href={url} download={meta?.originalName ?? true} target="_blank" rel="noreferrer">
      <Icon icon="document" />
      <span>{meta?.originalName ?? t('upload.download')}</span>
      {meta && <span className="ipci-muted">{formatBytes(meta.size)}</span>}
    </a>
  );
}
