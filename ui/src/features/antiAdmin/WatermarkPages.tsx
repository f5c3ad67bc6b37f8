import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CHECK_ORIGINS } from '../../../../domain/antiAdmin';
import { WATERMARK_MEDIA, WATERMARK_STATES, type WatermarkMedia } from '../../../../domain/watermark';
import { ListCard } from '../../components/ListCard';
import { ListTable, type ListColumn } from '../../components/ListTable';
import { formatBytes, formatDateTime, translateError } from '../../lib/format';
import { useLang } from '../../lib/useLang';
import { useKeysetPages } from '../invitations/useKeysetPages';
import { FilterSelect, FoundTag, IpciText, PersonText, WatermarkStateTag } from './AntiAdminBits';
import type { AdminWatermarkCheck, AdminWatermarkItem, Page } from './types';
import './antiAdmin.css';

/** /admin/imageWatermark and /admin/videoWatermark: one medium's watermark items newest first, by watermarkState. */
export function WatermarkItemsPage({ media }: { media: WatermarkMedia }) {
  const { t } = useTranslation();
  const lang = useLang();
  const [state, setState] = useState('');
  const { first, items, next, loadMore, failed } = useKeysetPages<Page<AdminWatermarkItem>, AdminWatermarkItem>('/api/admin/watermarkItems', { media, state: state || undefined }, (r) => r.items);
  return (
    <div className="ipci-stack" data-testid={`admin-${media}-watermarks`}>
      <h2 className="ipci-page-title">{t(`antiAdmin.watermarks.${media}Title`)}</h2>
      <p className="ipci-muted">{t('antiAdmin.watermarks.lead')}</p>
      <div className="ipci-toolbar">
        <FilterSelect
          label={t('antiAdmin.watermarks.state')}
          all={t('antiAdmin.watermarks.allStates')}
          value={state}
          onChange={setState}
          testId="watermark-state-filter"
          options={WATERMARK_STATES.map((s) => ({ value: s, label: t(`antiAdmin.watermarks.states.${s}`) }))}
        />
      </div>
      <ListCard items={first ? items : null} failed={failed} empty={{ icon: media === 'image' ? 'media' : 'video', title: t('antiAdmin.watermarks.empty') }} next={next} load={() => loadMore()}>
        {(list) => (
          <ListTable
            rows={list}
            rowTestId="admin-watermark-row"
            columns={[
              { head: t('antiAdmin.watermarks.createdAt'), className: 'ipci-nowrap', cell: (w) => formatDateTime(w.createdAt, lang) },
              { head: t('antiAdmin.watermarks.user'), className: 'ipci-name-cell', cell: (w) => <PersonText person={w.user} /> },
              { head: t('antiAdmin.watermarks.source'), className: 'ipci-name-cell ipci-pre-text', cell: (w) => w.sourceName },
              { head: t('antiAdmin.watermarks.fileSize'), className: 'ipci-nowrap', numeric: true, cell: (w) => (w.fileSize === null ? '—' : formatBytes(w.fileSize)) },
              { head: t('antiAdmin.watermarks.state'), cell: (w) => <WatermarkStateTag state={w.watermarkState} /> },
              { head: t('antiAdmin.watermarks.ipci'), cell: (w) => <IpciText code={w.ipciCode} names={w.ipNames} /> },
              { head: t('antiAdmin.watermarks.error'), className: 'ipci-name-cell', cell: (w) => (w.error ? translateError(t, w.error) : '—') },
            ]}
          />
        )}
      </ListCard>
    </div>
  );
}

/**
 * The identification checks: /admin/imageDetection and /admin/videoDetection (one medium, found or
 * not) and, without `media`, /admin/detectedWatermark (found ones of any medium, with the item found).
 */
export function WatermarkChecksPage({ media }: { media?: WatermarkMedia }) {
  const { t } = useTranslation();
  const lang = useLang();
  const detected = !media;
  const [found, setFound] = useState('');
  const [origin, setOrigin] = useState('');
  const [medium, setMedium] = useState('');
  const query = detected ? { found: 'true', media: medium || undefined, origin: origin || undefined } : { media, found: found || undefined, origin: origin || undefined };
  const { first, items, next, loadMore, failed } = useKeysetPages<Page<AdminWatermarkCheck>, AdminWatermarkCheck>('/api/admin/watermarkChecks', query, (r) => r.items);
  const title = detected ? 'antiAdmin.checks.detectedTitle' : `antiAdmin.checks.${media}Title`;
  const checkedAt: ListColumn<AdminWatermarkCheck> = { head: t('antiAdmin.checks.checkedAt'), className: 'ipci-nowrap', cell: (c) => formatDateTime(c.checkedAt, lang) };
  const owner: ListColumn<AdminWatermarkCheck> = { head: t('antiAdmin.checks.owner'), className: 'ipci-name-cell', cell: (c) => <PersonText person={c.owner} /> };
  const file: ListColumn<AdminWatermarkCheck> = { head: t('antiAdmin.checks.file'), className: 'ipci-name-cell ipci-pre-text', cell: (c) => c.fileName };
  /** Found marks of any medium: which item was found, whose, and who checked it. */
  const detectedColumns: Array<ListColumn<AdminWatermarkCheck>> = [
    checkedAt,
    owner,
    {
      head: t('antiAdmin.checks.item'),
      className: 'ipci-name-cell ipci-pre-text',
      cell: (c) => (
        <>
          {c.item?.sourceName ?? '—'}
          {c.item?.copyName && (
            <div className="ipci-muted">
              {t('antiAdmin.checks.copy')}: {c.item.copyName}
            </div>
          )}
          {c.item?.markedAt && (
            <div className="ipci-muted">
              {t('antiAdmin.checks.markedAt')}: {formatDateTime(c.item.markedAt, lang)}
            </div>
          )}
        </>
      ),
    },
    { head: t('antiAdmin.watermarks.ipci'), cell: (c) => <IpciText code={c.ipciCode} names={c.ipNames} /> },
    { head: t('antiAdmin.checks.media'), className: 'ipci-nowrap', cell: (c) => t(`antiAdmin.checks.mediaNames.${c.media}`) },
    {
      head: t('antiAdmin.checks.checker'),
      className: 'ipci-name-cell',
      cell: (c) => (
        <>
          <div>{t(`antiAdmin.checks.origins.${c.origin}`)}</div>
          <PersonText person={c.checker} none={t('antiAdmin.checks.visitor')} />
        </>
      ),
    },
    file,
  ];
  /** One medium's checks, found or not. */
  const checkColumns: Array<ListColumn<AdminWatermarkCheck>> = [
    checkedAt,
    { head: t('antiAdmin.checks.origin'), className: 'ipci-nowrap', cell: (c) => t(`antiAdmin.checks.origins.${c.origin}`) },
    { head: t('antiAdmin.checks.checker'), className: 'ipci-name-cell', cell: (c) => <PersonText person={c.checker} none={t('antiAdmin.checks.visitor')} /> },
    { head: t('antiAdmin.checks.result'), cell: (c) => <FoundTag found={c.found} /> },
    owner,
    file,
    { head: t('antiAdmin.checks.fileSize'), className: 'ipci-nowrap', numeric: true, cell: (c) => formatBytes(c.fileSize) },
  ];
  return (
    <div className="ipci-stack" data-testid={detected ? 'admin-detected-watermarks' : `admin-${media}-detections`}>
      <h2 className="ipci-page-title">{t(title)}</h2>
      <p className="ipci-muted">{t(detected ? 'antiAdmin.checks.detectedLead' : 'antiAdmin.checks.lead')}</p>
      <div className="ipci-toolbar">
        {detected ? (
          <FilterSelect
            label={t('antiAdmin.checks.media')}
            all={t('antiAdmin.checks.allMedia')}
            value={medium}
            onChange={setMedium}
            testId="check-media-filter"
            options={WATERMARK_MEDIA.map((m) => ({ value: m, label: t(`antiAdmin.checks.mediaNames.${m}`) }))}
          />
        ) : (
          <FilterSelect
            label={t('antiAdmin.checks.result')}
            all={t('antiAdmin.checks.allResults')}
            value={found}
            onChange={setFound}
            testId="check-found-filter"
            options={[
              { value: 'true', label: t('antiAdmin.checks.found') },
              { value: 'false', label: t('antiAdmin.checks.notFound') },
            ]}
          />
        )}
        <FilterSelect
          label={t('antiAdmin.checks.origin')}
          all={t('antiAdmin.checks.allOrigins')}
          value={origin}
          onChange={setOrigin}
          testId="check-origin-filter"
          options={CHECK_ORIGINS.map((o) => ({ value: o, label: t(`antiAdmin.checks.origins.${o}`) }))}
        />
      </div>
      <ListCard items={first ? items : null} failed={failed} empty={{ icon: 'search-template', title: t('antiAdmin.checks.empty') }} next={next} load={() => loadMore()}>
        {(list) => (
          <ListTable rows={list} rowTestId="admin-check-row" columns={detected ? detectedColumns : checkColumns} />
        )}
      </ListCard>
    </div>
  );
}
