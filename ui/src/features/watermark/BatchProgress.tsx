import { useEffect, useRef, useState } from 'react';
import { AnchorButton, Callout, Card, NonIdealState, ProgressBar, Spinner, Tag, type Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { api, ApiError } from '../../api/client';
import { formatBytes } from '../../lib/format';
import { downloadUrl, thumbnailUrl, type WatermarkBatch, type WatermarkItem } from './types';

/** How often a running batch is read again: a picture takes about a second. */
export const BATCH_POLL_MS = 1000;

export const STATE_INTENT: Record<WatermarkItem['state'], Intent> = { pending: 'none', embedding: 'primary', done: 'success', failed: 'danger' };

/**
 * A batch's progress, read every second until it has finished: the share of files processed, and
 * per file its picture, state (with the reason when it failed), size and the copy's download.
 */
export function BatchProgress({ batchId, onFinished }: { batchId: string; onFinished: (batch: WatermarkBatch) => void }) {
  const { t } = useTranslation();
  const [batch, setBatch] = useState<WatermarkBatch | null>(null);
  const [failure, setFailure] = useState<'notFound' | 'failed' | null>(null);
  const finished = useRef(onFinished);
  finished.current = onFinished;

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    setBatch(null);
    setFailure(null);
    const read = async () => {
      try {
        const r = await api.get<{ batch: WatermarkBatch }>(`/api/watermarks/batches/${encodeURIComponent(batchId)}`, undefined, { quiet: true });
        if (stopped) return;
        setBatch(r.batch);
        if (r.batch.state === 'finished') finished.current(r.batch);
        else timer = setTimeout(() => void read(), BATCH_POLL_MS);
      } catch (e) {
        if (stopped) return;
        if (e instanceof ApiError && e.status === 404) setFailure('notFound');
        // A hiccup (the network, a restart): try again a little later rather than give up on the batch.
        else timer = setTimeout(() => void read(), BATCH_POLL_MS * 3);
      }
    };
    void read();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [batchId]);

  if (failure) return <NonIdealState icon="search" title={t('watermark.batch.notFound')} />;
  if (!batch) return <Spinner size={24} />;
  const processed = batch.done + batch.failed;
  const running = batch.state !== 'finished';

  return (
    <Card className="ipci-watermark-batch" data-testid="watermark-batch">
      <div className="ipci-watermark-batch-head" aria-live="polite">
        <strong data-testid="watermark-batch-summary">
          {running ? t('watermark.batch.running', { processed, total: batch.total }) : t('watermark.batch.finished', { done: batch.done, failed: batch.failed, total: batch.total })}
        </strong>
        <ProgressBar value={batch.total ? processed / batch.total : 0} intent={running ? 'primary' : batch.failed ? 'warning' : 'success'} stripes={running} animate={running} />
      </div>
      {batch.failed > 0 && !running && (
        <Callout intent="warning" icon="warning-sign" data-testid="watermark-batch-failed">
          {t('watermark.batch.someFailed')}
        </Callout>
      )}
      <ul className="ipci-watermark-items">
        {batch.items.map((item) => (
          <li key={item.id} className="ipci-watermark-item" data-testid={`watermark-item-${item.id}`}>
            <span className="ipci-watermark-thumb">
              {(item.copyFileId ?? item.sourceFileId) && <img src={thumbnailUrl((item.copyFileId ?? item.sourceFileId)!)} alt={item.name} loading="lazy" />}
            </span>
            <span className="ipci-watermark-item-text">
              <span className="ipci-watermark-name" title={item.name}>
                {item.name}
              </span>
              <span>
                <Tag minimal intent={STATE_INTENT[item.state]} icon={item.state === 'embedding' ? 'refresh' : undefined} data-testid="watermark-item-state">
                  {t(`watermark.states.${item.state}`)}
                </Tag>
                {item.state === 'done' && item.fileSize !== null && <span className="ipci-muted"> {formatBytes(item.fileSize)}</span>}
              </span>
              {item.state === 'failed' && item.errorMessage && (
                <span className="ipci-watermark-error" data-testid="watermark-item-error">
                  {item.errorMessage}
                </span>
              )}
            </span>
            {item.state === 'done' && (
              <AnchorButton icon="download" text={t('watermark.download')} href={downloadUrl(item.id)} download data-testid="watermark-item-download" />
            )}
          </li>
        ))}
      </ul>
    </Card>
  );
}
