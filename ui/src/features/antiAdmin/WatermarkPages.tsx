import { HTMLTable } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CHECK_ORIGINS } from '../../../../domain/antiAdmin';
import { WATERMARK_MEDIA, WATERMARK_STATES, type WatermarkMedia } from '../../../../domain/watermark';
import { ListCard } from '../../components/ListCard';
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
          <HTMLTable className="ipci-table ipci-anti-table" striped style={{ width: '100%' }}>
            <thead>
              <tr>
                <th>{t('antiAdmin.watermarks.createdAt')}</th>
                <th>{t('antiAdmin.watermarks.user')}</th>
                <th>{t('antiAdmin.watermarks.source')}</th>
                <th style={{ textAlign: 'right' }}>{t('antiAdmin.watermarks.fileSize')}</th>
                <th>{t('antiAdmin.watermarks.state')}</th>
                <th>{t('antiAdmin.watermarks.ipci')}</th>
                <th>{t('antiAdmin.watermarks.error')}</th>
              </tr>
            </thead>
            <tbody>
              {list.map((w) => (
                <tr key={w.id} data-testid="admin-watermark-row">
                  <td className="ipci-nowrap" data-label={t('antiAdmin.watermarks.createdAt')}>
                    {formatDateTime(w.createdAt, lang)}
                  </td>
                  <td className="ipci-name-cell" data-label={t('antiAdmin.watermarks.user')}>
                    <PersonText person={w.user} />
                  </td>
                  <td className="ipci-name-cell ipci-pre-text" data-label={t('antiAdmin.watermarks.source')}>
                    {w.sourceName}
                  </td>
                  <td className="ipci-nowrap" style={{ textAlign: 'right' }} data-label={t('antiAdmin.watermarks.fileSize')}>
                    {w.fileSize === null ? '—' : formatBytes(w.fileSize)}
                  </td>
                  <td data-label={t('antiAdmin.watermarks.state')}>
                    <WatermarkStateTag state={w.watermarkState} />
                  </td>
                  <td data-label={t('antiAdmin.watermarks.ipci')}>
                    <IpciText code={w.ipciCode} names={w.ipNames} />
                  </td>
                  <td className="ipci-name-cell" data-label={t('antiAdmin.watermarks.error')}>
                    {w.error ? translateError(t, w.error) : '—'}
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
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
          <HTMLTable className="ipci-table ipci-anti-table" striped style={{ width: '100%' }}>
            <thead>
              <tr>
                <th>{t('antiAdmin.checks.checkedAt')}</th>
                {detected ? (
                  <>
                    <th>{t('antiAdmin.checks.owner')}</th>
                    <th>{t('antiAdmin.checks.item')}</th>
                    <th>{t('antiAdmin.watermarks.ipci')}</th>
                    <th>{t('antiAdmin.checks.media')}</th>
                    <th>{t('antiAdmin.checks.checker')}</th>
                    <th>{t('antiAdmin.checks.file')}</th>
                  </>
                ) : (
                  <>
                    <th>{t('antiAdmin.checks.origin')}</th>
                    <th>{t('antiAdmin.checks.checker')}</th>
                    <th>{t('antiAdmin.checks.result')}</th>
                    <th>{t('antiAdmin.checks.owner')}</th>
                    <th>{t('antiAdmin.checks.file')}</th>
                    <th style={{ textAlign: 'right' }}>{t('antiAdmin.checks.fileSize')}</th>
                  </>
                )}
              </tr>
            </thead>
            <tbody>
              {list.map((c) => (
                <tr key={c.id} data-testid="admin-check-row">
                  <td className="ipci-nowrap" data-label={t('antiAdmin.checks.checkedAt')}>
                    {formatDateTime(c.checkedAt, lang)}
                  </td>
                  {detected ? (
                    <>
                      <td className="ipci-name-cell" data-label={t('antiAdmin.checks.owner')}>
                        <PersonText person={c.owner} />
                      </td>
                      <td className="ipci-name-cell ipci-pre-text" data-label={t('antiAdmin.checks.item')}>
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
                      </td>
                      <td data-label={t('antiAdmin.watermarks.ipci')}>
                        <IpciText code={c.ipciCode} names={c.ipNames} />
                      </td>
                      <td className="ipci-nowrap" data-label={t('antiAdmin.checks.media')}>
                        {t(`antiAdmin.checks.mediaNames.${c.media}`)}
                      </td>
                      <td className="ipci-name-cell" data-label={t('antiAdmin.checks.checker')}>
                        <div>{t(`antiAdmin.checks.origins.${c.origin}`)}</div>
                        <PersonText person={c.checker} none={t('antiAdmin.checks.visitor')} />
                      </td>
                      <td className="ipci-name-cell ipci-pre-text" data-label={t('antiAdmin.checks.file')}>
                        {c.fileName}
                      </td>
                    </>
                  ) : (
                    <>
                      <td className="ipci-nowrap" data-label={t('antiAdmin.checks.origin')}>
                        {t(`antiAdmin.checks.origins.${c.origin}`)}
                      </td>
                      <td className="ipci-name-cell" data-label={t('antiAdmin.checks.checker')}>
                        <PersonText person={c.checker} none={t('antiAdmin.checks.visitor')} />
                      </td>
                      <td data-label={t('antiAdmin.checks.result')}>
                        <FoundTag found={c.found} />
                      </td>
                      <td className="ipci-name-cell" data-label={t('antiAdmin.checks.owner')}>
                        <PersonText person={c.owner} />
                      </td>
                      <td className="ipci-name-cell ipci-pre-text" data-label={t('antiAdmin.checks.file')}>
                        {c.fileName}
                      </td>
                      <td className="ipci-nowrap" style={{ textAlign: 'right' }} data-label={t('antiAdmin.checks.fileSize')}>
                        {formatBytes(c.fileSize)}
                      </td>
                    </>
                  )}
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        )}
      </ListCard>
    </div>
  );
}
