import { Button, Dialog, DialogBody } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** A firm's pictures as a grid of thumbnails; one opens large in a dialog that steps through the rest. */
export function Gallery({ urls, alt }: { urls: string[]; alt: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<number | null>(null);
  if (!urls.length) return null;
  const step = (d: number) => setOpen((i) => (i === null ? i : (i + d + urls.length) % urls.length));
  return (
    <>
      <div className="ipci-lawfirm-gallery" data-testid="lawfirm-gallery">
        {urls.map((u, i) => (
          <button key={u} type="button" className="ipci-lawfirm-thumb" onClick={() => setOpen(i)} aria-label={t('lawFirm.detail.picture', { index: i + 1, count: urls.length })}>
            <img src={u} alt={`${alt} ${i + 1}`} loading="lazy" />
          </button>
        ))}
      </div>
      <Dialog isOpen={open !== null} onClose={() => setOpen(null)} title={open !== null ? t('lawFirm.detail.picture', { index: open + 1, count: urls.length }) : ''} className="ipci-lawfirm-viewer">
        <DialogBody>
          {open !== null && <img src={urls[open]} alt={`${alt} ${open + 1}`} className="ipci-lawfirm-viewer-img" />}
          {urls.length > 1 && (
            <div className="ipci-form-actions">
              <Button icon="chevron-left" text={t('lawFirm.detail.previous')} onClick={() => step(-1)} />
              <Button endIcon="chevron-right" text={t('lawFirm.detail.next')} onClick={() => step(1)} />
            </div>
          )}
        </DialogBody>
      </Dialog>
    </>
  );
}
