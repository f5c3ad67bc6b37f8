import { useRef, useState } from 'react';
import { Button, Callout, FormGroup, HTMLSelect, NonIdealState, ProgressBar, SegmentedControl, Spinner } from '@blueprintjs/core';
import type { FormikProps } from 'formik';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { GALLERY_EXTENSIONS, GALLERY_TYPES } from '../../../../domain/gallery';
import { formatIpciCode } from '../../../../domain/ipci';
import { ipNameIn } from '../../../../domain/ipNames';
import { isVideoMime, MAX_WATERMARK_BATCH, MIN_WATERMARK_SIDE, VIDEO_EXTENSIONS, watermarkBatchSchema, type WatermarkMedia } from '../../../../domain/watermark';
import { api } from '../../api/client';
import { CheckedForm } from '../../components/CheckedForm';
import { GoButton } from '../../components/GoButton';
import { LoadMore } from '../../components/LoadMore';
import { translateError } from '../../lib/format';
import { useDetail } from '../../lib/useDetail';
import { useLang, useSitePath } from '../../lib/useLang';
import { showToast } from '../../session/toaster';
import { CapacityStrip } from '../gallery/CapacityStrip';
import { GalleryGrid } from '../gallery/GalleryGrid';
import { useGalleryUpload } from '../gallery/useGalleryUpload';
import type { GalleryCapacity, GalleryFile, GalleryFilesPage, GalleryFolders } from '../gallery/types';
import { useKeysetPages } from '../invitations/useKeysetPages';
import { BatchProgress } from './BatchProgress';
import { WatermarkedList } from './WatermarkedList';
import type { IpciChoice, WatermarkBatch, WatermarkItem, WatermarkItemPage } from './types';
import '../gallery/gallery.css';
import './watermark.css';

/** The gallery's picture types: what this page uploads and marks (a video is a batch of its own). */
const PICTURE_TYPES: readonly string[] = GALLERY_TYPES.filter((t) => !isVideoMime(t));
const ACCEPT = [...PICTURE_TYPES, ...GALLERY_EXTENSIONS.filter((e) => !(VIDEO_EXTENSIONS as readonly string[]).includes(e)).map((e) => `.${e}`)].join(',');

interface BatchValues {
  fileIds: string[];
  ipciId: string;
}

/** What this page marks: gallery originals that are pictures (copies are marked already). */
const isPicture = (f: GalleryFile) => f.kind === 'original' && PICTURE_TYPES.includes(f.mime);

/** An IPCI the marks may name: issued and not invalid (a taken-down one is still the user's). */
const usableIpci = (i: IpciChoice) => i.source === 'ipci' && i.code !== null && i.state !== 'invalid';

/**
 * usercenter/addwatermarkimage (issue 14): the user picks pictures from their gallery (or uploads
 * them into it first), optionally names one of their IPCIs, and starts a batch; its progress is
 * followed file by file (`?batch=` keeps it across a reload or from the finishing message) with a
 * download per copy, and below are the copies made before, pictures' or videos' (a video batch,
 * started from the gallery, is followed here too).
 */
export function WatermarkImagePage() {
  const { t } = useTranslation();
  const lang = useLang();
  const site = useSitePath();
  const [params, setParams] = useSearchParams();
  const batchId = params.get('batch');
  const [folder, setFolder] = useState('');
  const folders = useDetail<GalleryFolders>('/api/gallery/folders');
  const ipcis = useDetail<{ items: IpciChoice[] }>('/api/ipcis');
  const pictures = useKeysetPages<GalleryFilesPage, GalleryFile>('/api/gallery/files', { folder: folder || undefined }, (r) => r.items.filter(isPicture));
  const [media, setMedia] = useState<WatermarkMedia>('image');
  const copies = useKeysetPages<WatermarkItemPage, WatermarkItem>('/api/watermarks/items', { media }, (r) => r.items);
  const form = useRef<FormikProps<BatchValues> | null>(null);
  const input = useRef<HTMLInputElement | null>(null);
  const capacity = folders.detail?.capacity;
  const folderId = folder && folder !== 'none' ? folder : null;

  const setCapacity = (c: GalleryCapacity) => folders.setDetail((d) => d && { ...d, capacity: c });
  const uploaded = useRef<string[]>([]);
  const uploads = useGalleryUpload(capacity, folderId, (file, c) => {
    setCapacity(c);
    uploaded.current.push(file.id);
  });

  async function pick(files: FileList | null) {
    uploaded.current = [];
    const sent = await uploads.upload(Array.from(files ?? []));
    if (input.current) input.current.value = '';
    if (!sent) return;
    showToast({ intent: 'success', icon: 'tick', message: t('gallery.uploaded', { count: sent }) });
    pictures.reload();
    // What was just uploaded is what is to be marked: chosen already.
    const f = form.current;
    if (f) void f.setFieldValue('fileIds', [...new Set([...f.values.fileIds, ...uploaded.current])].slice(0, MAX_WATERMARK_BATCH));
  }

  async function start(values: BatchValues) {
    const r = await api.post<{ batchId: string }>('/api/watermarks/batches', { fileIds: values.fileIds, ipciId: values.ipciId || null });
    form.current?.resetForm({ values: { ...values, fileIds: [] } });
    setParams({ batch: r.batchId });
  }

  function finished(batch: WatermarkBatch) {
    // The list shows the copies just made: a video batch (started from the gallery) switches it to videos.
    if (batch.media === media) copies.reload();
    else setMedia(batch.media);
    void folders.reload();
  }

  if (folders.failure) return <NonIdealState icon="error" title={t('failure.load')} />;
  if (!folders.detail || !capacity) return <Spinner />;
  const choices = (ipcis.detail?.items ?? []).filter(usableIpci);
  const progress = uploads.progress;

  return (
    <div className="ipci-stack" data-testid="watermark-image-page">
      <div className="ipci-toolbar">
        <h2 className="ipci-page-title">{t('watermark.title')}</h2>
      </div>
      <p className="ipci-muted ipci-watermark-intro">{t('watermark.intro')}</p>
      <CapacityStrip capacity={capacity} />
      {capacity.total === 0 && (
        <Callout intent="warning" icon="database" data-testid="watermark-no-capacity">
          <p>{t('gallery.noCapacity')}</p>
          <GoButton intent="primary" icon="shopping-cart" text={t('gallery.buy')} to={site('protect/capacitypay')} />
        </Callout>
      )}

      {batchId && (
        <section className="ipci-stack">
          <div className="ipci-toolbar">
            <h3 className="ipci-watermark-heading">{t('watermark.batch.title')}</h3>
            <span className="ipci-spacer" />
            <Button variant="minimal" icon="cross" text={t('watermark.batch.close')} onClick={() => setParams({}, { replace: true })} data-testid="watermark-batch-close" />
          </div>
          <BatchProgress batchId={batchId} onFinished={finished} />
        </section>
      )}

      <CheckedForm<BatchValues>
        id="watermark-form"
        schema={watermarkBatchSchema}
        initial={{ fileIds: [], ipciId: '' }}
        onSubmit={start}
        submitText={t('watermark.start')}
        // The schema's own "at least 1 items" said as the page would say it.
        check={(v) => (v.fileIds.length ? undefined : { fileIds: 'watermark.batch.pickOne' })}
        submitBlocked={() => capacity.total === 0}
      >
        {(f, { server, clear }) => {
          form.current = f;
          const error = (name: keyof BatchValues) => (f.submitCount > 0 && f.errors[name] ? translateError(t, f.errors[name] as string) : undefined) || server[name];
          const selected = new Set(f.values.fileIds);
          const toggle = (id: string) => {
            clear('fileIds');
            void f.setFieldValue('fileIds', selected.has(id) ? f.values.fileIds.filter((x) => x !== id) : [...f.values.fileIds, id]);
          };
          return (
            <div className="ipci-stack">
              <FormGroup
                label={t('watermark.pick')}
                helperText={error('fileIds') ?? t('watermark.pickHint', { max: MAX_WATERMARK_BATCH, min: MIN_WATERMARK_SIDE })}
                intent={error('fileIds') ? 'danger' : 'none'}
                className="ipci-watermark-picker"
              >
                <div className="ipci-toolbar ipci-watermark-picker-bar">
                  <HTMLSelect aria-label={t('gallery.folder')} value={folder} onChange={(e) => setFolder(e.currentTarget.value)} data-testid="watermark-folder">
                    <option value="">{t('gallery.all')}</option>
                    <option value="none">{t('gallery.none')}</option>
                    {folders.detail!.folders.map((x) => (
                      <option key={x.id} value={x.id}>
                        {x.name}
                      </option>
                    ))}
                  </HTMLSelect>
                  <strong data-testid="watermark-selected">{t('watermark.selected', { count: selected.size })}</strong>
                  {selected.size > 0 && <Button variant="minimal" text={t('gallery.clearSelection')} onClick={() => void f.setFieldValue('fileIds', [])} />}
                  <span className="ipci-spacer" />
                  <input ref={input} type="file" accept={ACCEPT} multiple hidden onChange={(e) => void pick(e.currentTarget.files)} data-testid="watermark-file-input" aria-label={t('watermark.upload')} />
                  <Button icon="upload" text={t('watermark.upload')} disabled={progress !== null || capacity.total === 0} onClick={() => input.current?.click()} data-testid="watermark-upload" />
                </div>
                {progress && (
                  <div aria-live="polite" className="ipci-watermark-upload-progress">
                    <ProgressBar value={progress.share} intent="primary" stripes={false} />
                    <div className="ipci-muted">{t('gallery.uploading', { index: progress.index, count: progress.count, percent: Math.round(progress.share * 100) })}</div>
                  </div>
                )}
                {uploads.error && (
                  <Callout intent="danger" icon="error" data-testid="watermark-upload-error">
                    {uploads.error}
                  </Callout>
                )}
                {pictures.failed ? (
                  <NonIdealState icon="error" title={pictures.failed} />
                ) : !pictures.first ? (
                  <Spinner size={24} />
                ) : pictures.items.length === 0 ? (
                  <NonIdealState icon="media" title={t('watermark.noPictures')} description={t('watermark.noPicturesHint')} />
                ) : (
                  <>
                    <GalleryGrid files={pictures.items} selected={selected} onToggle={toggle} />
                    <LoadMore next={pictures.next} load={() => pictures.loadMore()} text={t('gallery.loadMore')} />
                  </>
                )}
              </FormGroup>
              <FormGroup label={t('watermark.ipci')} labelFor="watermark-ipci" labelInfo={t('watermark.optional')} helperText={error('ipciId') ?? t('watermark.ipciHint')} intent={error('ipciId') ? 'danger' : 'none'}>
                <HTMLSelect
                  id="watermark-ipci"
                  fill
                  value={f.values.ipciId}
                  onChange={(e) => {
                    clear('ipciId');
                    void f.setFieldValue('ipciId', e.currentTarget.value);
                  }}
                  data-testid="watermark-ipci"
                >
                  <option value="">{t('watermark.noIpci')}</option>
                  {choices.map((i) => (
                    <option key={i.id} value={i.id}>
                      {`${ipNameIn(i.ipNames, lang)} · ${formatIpciCode(i.code!)}`}
                    </option>
                  ))}
                </HTMLSelect>
              </FormGroup>
            </div>
          );
        }}
      </CheckedForm>

      <section className="ipci-stack">
        <div className="ipci-toolbar">
          <h3 className="ipci-watermark-heading">{t('watermark.list.title')}</h3>
          <SegmentedControl
            size="small"
            aria-label={t('watermark.list.media')}
            options={[
              { label: t('watermark.list.pictures'), value: 'image' },
              { label: t('watermark.list.videos'), value: 'video' },
            ]}
            value={media}
            onValueChange={(v) => setMedia(v as WatermarkMedia)}
            data-testid="watermark-list-media"
          />
        </div>
        <WatermarkedList list={copies} />
      </section>
    </div>
  );
}
