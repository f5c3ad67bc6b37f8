import { useRef, useState } from 'react';
import { Button, Callout, HTMLSelect, NonIdealState, ProgressBar, Spinner } from '@blueprintjs/core';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { GoButton } from '../../components/GoButton';
import { LoadMore } from '../../components/LoadMore';
import { useDetail } from '../../lib/useDetail';
import { useSitePath } from '../../lib/useLang';
import { showToast } from '../../session/toaster';
import { useKeysetPages } from '../invitations/useKeysetPages';
import { GALLERY_EXTENSIONS, GALLERY_TYPES } from '../../../../domain/gallery';
import { isVideoMime } from '../../../../domain/watermark';
import { CapacityStrip } from './CapacityStrip';
import { FolderNav } from './FolderNav';
import { GalleryGrid } from './GalleryGrid';
import { useGalleryUpload } from './useGalleryUpload';
import type { GalleryCapacity, GalleryFilesPage, GalleryFile, GalleryFolders } from './types';
import './gallery.css';
import { ConfirmAlert } from '../../components/ConfirmAlert';

const ACCEPT = [...GALLERY_TYPES, ...GALLERY_EXTENSIONS.map((e) => `.${e}`)].join(',');

/**
 * usercenter/gallerymanagement (issue 14): the user's pictures kept against their anti-counterfeit
 * capacity — the capacity at the top, folders beside (a select on phones), a grid of thumbnails,
 * uploads with progress into the folder shown, and moving or deleting a selection. A selection of
 * original videos is watermarked from here (addwatermarkimage marks pictures) and its batch followed
 * on addwatermarkimage, which shows any batch's progress and copies.
 */
export function GalleryPage() {
  const { t } = useTranslation();
  const site = useSitePath();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const view = params.get('folder') ?? '';
  const folders = useDetail<GalleryFolders>('/api/gallery/folders');
  const list = useKeysetPages<GalleryFilesPage, GalleryFile>('/api/gallery/files', { folder: view || undefined }, (r) => r.items);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [confirming, setConfirming] = useState(false);
  const input = useRef<HTMLInputElement | null>(null);
  const capacity = folders.detail?.capacity;
  const folderId = view && view !== 'none' ? view : null;

  const setCapacity = (c: GalleryCapacity) => folders.setDetail((d) => d && { ...d, capacity: c });
  const uploads = useGalleryUpload(capacity, folderId, (_file, c) => setCapacity(c));

  const refresh = () => {
    setSelected(new Set());
    list.reload();
    void folders.reload();
  };
  const show = (next: string) => {
    setSelected(new Set());
    setParams(next ? { folder: next } : {}, { replace: true });
  };
  const toggle = (id: string) =>
    setSelected((s) => {
      const next = new Set(s);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  async function pick(files: FileList | null) {
    const sent = await uploads.upload(Array.from(files ?? []));
    if (input.current) input.current.value = '';
    if (sent) {
      showToast({ intent: 'success', icon: 'tick', message: t('gallery.uploaded', { count: sent }) });
      refresh();
    }
  }

  async function remove() {
    const ids = [...selected];
    try {
      const r = await api.post<{ capacity: GalleryCapacity }>('/api/gallery/files/delete', { ids });
      setCapacity(r.capacity);
      showToast({ intent: 'success', icon: 'trash', message: t('gallery.deleted', { count: ids.length }) });
      refresh();
    } catch {
      /* the client shows the failure */
    } finally {
      setConfirming(false);
    }
  }

  const chosen = list.items.filter((f) => selected.has(f.id));
  const onlyVideos = chosen.length === selected.size && chosen.every((f) => f.kind === 'original' && isVideoMime(f.mime));

  async function watermarkVideos() {
    try {
      const r = await api.post<{ batchId: string }>('/api/watermarks/batches', { fileIds: [...selected] });
      navigate(site(`usercenter/addwatermarkimage?batch=${encodeURIComponent(r.batchId)}`));
    } catch {
      /* the client shows the failure */
    }
  }

  async function move(target: string) {
    try {
      await api.post('/api/gallery/files/move', { ids: [...selected], folderId: target === 'none' ? null : target });
      showToast({ intent: 'success', icon: 'tick', message: t('gallery.moved') });
      refresh();
    } catch {
      /* the client shows the failure */
    }
  }

  if (folders.failure) return <NonIdealState icon="error" title={t('failure.load')} />;
  if (!folders.detail || !capacity) return <Spinner />;
  const progress = uploads.progress;

  return (
    <div className="ipci-stack" data-testid="gallery-page">
      <div className="ipci-toolbar">
        <h2 className="ipci-page-title">{t('gallery.title')}</h2>
        <span className="ipci-spacer" />
        <input ref={input} type="file" accept={ACCEPT} multiple hidden onChange={(e) => void pick(e.currentTarget.files)} data-testid="gallery-file-input" aria-label={t('gallery.upload')} />
        <Button intent="primary" icon="upload" text={t('gallery.upload')} disabled={progress !== null || capacity.total === 0} onClick={() => input.current?.click()} data-testid="gallery-upload" />
      </div>
      <CapacityStrip capacity={capacity} />
      {capacity.total === 0 && (
        <Callout intent="warning" icon="database" data-testid="gallery-no-capacity">
          <p>{t('gallery.noCapacity')}</p>
          <GoButton intent="primary" icon="shopping-cart" text={t('gallery.buy')} to={site('protect/capacitypay')} />
        </Callout>
      )}
      {progress && (
        <div aria-live="polite" data-testid="gallery-progress">
          <ProgressBar value={progress.share} intent="primary" stripes={false} />
          <div className="ipci-muted" style={{ fontSize: 12, marginTop: 4 }}>
            {t('gallery.uploading', { index: progress.index, count: progress.count, percent: Math.round(progress.share * 100) })}
          </div>
        </div>
      )}
      {uploads.error && (
        <Callout intent="danger" icon="error" data-testid="gallery-upload-error">
          {uploads.error}
        </Callout>
      )}
      <div className="ipci-gallery-layout">
        <FolderNav folders={folders.detail} view={view} onView={show} onChanged={refresh} />
        <section className="ipci-gallery-main">
          {selected.size > 0 && (
            <div className="ipci-gallery-selection" data-testid="gallery-selection">
              <strong>{t('gallery.selected', { count: selected.size })}</strong>
              <Button variant="minimal" text={t('gallery.clearSelection')} onClick={() => setSelected(new Set())} />
              <span className="ipci-spacer" />
              <HTMLSelect aria-label={t('gallery.moveTo')} value="" onChange={(e) => void move(e.currentTarget.value)} data-testid="gallery-move">
                <option value="" disabled>
                  {t('gallery.moveTo')}
                </option>
                <option value="none">{t('gallery.none')}</option>
                {folders.detail.folders.map((f) => (
                  <option key={f.id} value={f.id}>
                    {f.name}
                  </option>
                ))}
              </HTMLSelect>
              {onlyVideos && <Button intent="primary" icon="tint" text={t('gallery.watermarkVideos')} onClick={() => void watermarkVideos()} data-testid="gallery-watermark-videos" />}
              <Button intent="danger" icon="trash" text={t('gallery.delete')} onClick={() => setConfirming(true)} data-testid="gallery-delete" />
            </div>
          )}
          {list.failed ? (
            <NonIdealState icon="error" title={list.failed} />
          ) : !list.first ? (
            <Spinner />
          ) : list.items.length === 0 ? (
            <NonIdealState icon="media" title={t('gallery.empty')} description={t('gallery.emptyHint')} />
          ) : (
            <>
              {list.items.length > 1 && (
                <Button variant="minimal" size="small" text={t('gallery.selectAll')} onClick={() => setSelected(new Set(list.items.map((f) => f.id)))} data-testid="gallery-select-all" />
              )}
              <GalleryGrid files={list.items} selected={selected} onToggle={toggle} />
              <LoadMore next={list.next} load={() => list.loadMore()} text={t('gallery.loadMore')} />
            </>
          )}
        </section>
      </div>
      <ConfirmAlert
        open={confirming}
        icon="trash"
        intent="danger"
        confirmText={t('gallery.delete')}
        onConfirm={() => void remove()}
        onCancel={() => setConfirming(false)}
      >
        <p>
          <strong>{t('gallery.deleteConfirmTitle', { count: selected.size })}</strong>
        </p>
        <p>{t('gallery.deleteConfirm')}</p>
      </ConfirmAlert>
    </div>
  );
}
