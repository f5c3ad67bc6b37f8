import { AnchorButton, HTMLTable, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { formatIpciCode } from '../../../../domain/ipci';
import { ipNameIn } from '../../../../domain/ipNames';
import { ListCard } from '../../components/ListCard';
import { formatBytes, formatDateTime } from '../../lib/format';
import { useLang } from '../../lib/useLang';
import { STATE_INTENT } from './BatchProgress';
import { downloadUrl, type WatermarkItem } from './types';

/**
 * The user's earlier watermarked files, newest first (part 2 §3: file name, fileSize,
 * watermarkState, the time, and the IPCI the mark names), each done one downloadable from its name.
 */
export function WatermarkedList({ list }: { list: { first: unknown; items: WatermarkItem[]; next: string | null; loadMore: () => Promise<void>; failed: string | null } }) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <ListCard items={list.first ? list.items : null} failed={list.failed} empty={{ icon: 'tint', title: t('watermark.list.empty') }} next={list.next} load={() => list.loadMore()}>
      {(items) => (
        <HTMLTable className="ipci-table ipci-watermark-table" striped style={{ width: '100%' }} data-testid="watermark-list">
          <thead>
            <tr>
              <th>{t('watermark.list.name')}</th>
              <th>{t('watermark.list.state')}</th>
              <th>{t('watermark.list.size')}</th>
              <th>{t('watermark.list.ipci')}</th>
              <th>{t('watermark.list.created')}</th>
            </tr>
          </thead>
          <tbody>
            {items.map((i) => (
              <tr key={i.id} data-testid="watermark-row">
                <td className="ipci-watermark-cell-name">
                  {/* Beside the name, so a phone reaches it without scrolling the table sideways. */}
                  {i.state === 'done' && i.copyFileId && (
                    <AnchorButton
                      size="small"
                      variant="minimal"
                      intent="primary"
                      icon="download"
                      aria-label={t('watermark.downloadName', { name: i.name })}
                      title={t('watermark.download')}
                      href={downloadUrl(i.id)}
                      download
                    />
                  )}
                  {i.name}
                </td>
                <td>
                  <Tag minimal intent={STATE_INTENT[i.state]} title={i.errorMessage ?? undefined}>
                    {t(`watermark.states.${i.state}`)}
                  </Tag>
                </td>
                <td className="ipci-nowrap">{i.fileSize === null ? '—' : formatBytes(i.fileSize)}</td>
                <td className="ipci-watermark-cell-ipci">
                  {i.ipci ? (
                    <>
                      {ipNameIn(i.ipci.names, lang)} · <span className="ipci-nowrap">{formatIpciCode(i.ipci.code)}</span>
                    </>
                  ) : (
                    '—'
                  )}
                </td>
                <td className="ipci-nowrap">{formatDateTime(i.createdAt, lang)}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
    </ListCard>
  );
}
