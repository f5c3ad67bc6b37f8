import { AnchorButton, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { formatIpciCode } from '../../../../domain/ipci';
import { ipNameIn } from '../../../../domain/ipNames';
import { ListCard } from '../../components/ListCard';
import { ListTable } from '../../components/ListTable';
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
        <ListTable
          rows={items}
          testId="watermark-list"
          rowTestId="watermark-row"
          columns={[
            {
              head: t('watermark.list.name'),
              className: 'ipci-watermark-cell-name',
              cell: (i) => (
                <>
                  {/* Beside the name, where the reader looks for the file on a desktop and on a phone's card. */}
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
                </>
              ),
            },
            {
              head: t('watermark.list.state'),
              cell: (i) => (
                <Tag minimal intent={STATE_INTENT[i.state]} title={i.errorMessage ?? undefined}>
                  {t(`watermark.states.${i.state}`)}
                </Tag>
              ),
            },
            { head: t('watermark.list.size'), className: 'ipci-nowrap', numeric: true, cell: (i) => (i.fileSize === null ? '—' : formatBytes(i.fileSize)) },
            {
              head: t('watermark.list.ipci'),
              className: 'ipci-watermark-cell-ipci',
              cell: (i) =>
                i.ipci ? (
                  <>
                    {ipNameIn(i.ipci.names, lang)} · <span className="ipci-nowrap">{formatIpciCode(i.ipci.code)}</span>
                  </>
                ) : (
                  '—'
                ),
            },
            { head: t('watermark.list.created'), className: 'ipci-nowrap', cell: (i) => formatDateTime(i.createdAt, lang) },
          ]}
        />
      )}
    </ListCard>
  );
}
