import { Checkbox, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { isVideoMime } from '../../../../domain/watermark';
import { formatBytes } from '../../lib/format';
import type { GalleryFile } from './types';

interface Props {
  files: GalleryFile[];
  selected: Set<string>;
  onToggle: (id: string) => void;
}

/** The files as thumbnails (the API's small WebP copies; a video's is a frame, tagged as video), each opening its original, each selectable. */
export function GalleryGrid({ files, selected, onToggle }: Props) {
  const { t } = useTranslation();
  return (
    <ul className="ipci-gallery-grid" data-testid="gallery-grid">
      {files.map((f) => {
        const url = `/api/gallery/files/${encodeURIComponent(f.id)}`;
        const isSelected = selected.has(f.id);
        return (
          <li key={f.id} className={`ipci-gallery-tile${isSelected ? ' is-selected' : ''}`} data-testid={`gallery-file-${f.id}`}>
            <a className="ipci-gallery-thumb" href={url} target="_blank" rel="noreferrer" title={t('gallery.open')}>
              <img src={`${url}/thumbnail`} alt={f.name} loading="lazy" />
            </a>
            <Checkbox className="ipci-gallery-check" checked={isSelected} onChange={() => onToggle(f.id)} aria-label={t('gallery.select', { name: f.name })} />
            <div className="ipci-gallery-caption">
              <span className="ipci-gallery-name" title={f.name}>
                {f.name}
              </span>
              <span className="ipci-muted">
                {formatBytes(f.size)}
                {f.width && f.height ? ` · ${f.width}×${f.height}` : ''}
              </span>
              {isVideoMime(f.mime) && (
                <Tag minimal icon="video">
                  {t('gallery.video')}
                </Tag>
              )}
              {f.kind === 'watermarked' && (
                <Tag minimal intent="success" icon="tint">
                  {t('gallery.watermarked')}
                </Tag>
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
