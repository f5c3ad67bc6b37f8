import { useCallback, useEffect, useState } from 'react';
import { Button, Callout, Dialog, DialogBody, Spinner, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { PaperAddress } from '../../../../domain/paperCertificate';
import { api } from '../../api/client';
import { formatDateTime } from '../../lib/format';
import { useLang } from '../../lib/useLang';
import { showToast } from '../../session/toaster';
import { AddressForm } from './AddressForm';
import { ipNameIn, type IpciRow, type PaperRequest } from './types';

const STATE_INTENT = { requested: 'primary', flagged: 'danger', mailed: 'success' } as const;

/** One mailing address on one line, in the reader's language for the province. */
export function AddressLine({ address }: { address: PaperAddress }) {
  const { t } = useTranslation();
  return (
    <span>
      {address.recipient} · {address.phone} · {t(`provinces.${address.province}`)} {address.city} {address.district} {address.addressLine} · {address.postalCode}
    </span>
  );
}

/** The paper certificates of one IPCI: earlier requests with their state and tracking number, and a new request or a correction. */
export function PaperDialog({ ipci, onClose }: { ipci: IpciRow; onClose: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const [items, setItems] = useState<PaperRequest[] | null>(null);
  // A mailed certificate may be asked for again, but only on purpose.
  const [again, setAgain] = useState(false);
  const load = useCallback(async () => setItems((await api.get<{ items: PaperRequest[] }>(`/api/ipcis/${ipci.id}/paper`)).items), [ipci.id]);
  useEffect(() => {
    load().catch(() => setItems([]));
  }, [load]);

  const open = items?.find((p) => p.state !== 'mailed');
  async function request(address: PaperAddress) {
    await api.post(`/api/ipcis/${ipci.id}/paper`, { address });
    showToast({ intent: 'success', icon: 'envelope', message: t('paper.requested') });
    setAgain(false);
    await load();
  }
  async function correct(paper: PaperRequest, address: PaperAddress) {
    await api.put(`/api/ipcis/${ipci.id}/paper/${paper.id}`, { address });
    showToast({ intent: 'success', icon: 'tick', message: t('paper.corrected') });
    await load();
  }

  return (
    <Dialog isOpen onClose={onClose} title={t('paper.title', { name: ipNameIn(ipci.ipNames, lang) })} icon="envelope" style={{ width: 640 }}>
      <DialogBody>
        {items === null ? (
          <Spinner size={24} />
        ) : (
          <div className="ipci-stack" data-testid="paper-dialog">
            {items.map((p) => (
              <Callout key={p.id} intent={STATE_INTENT[p.state]} icon={p.state === 'mailed' ? 'tick-circle' : p.state === 'flagged' ? 'warning-sign' : 'time'} data-testid={`paper-${p.id}`}>
                <div>
                  <Tag intent={STATE_INTENT[p.state]}>{t(`paper.states.${p.state}`)}</Tag> <span className="ipci-muted">{formatDateTime(p.requestedAt, lang)}</span>
                </div>
                <div style={{ marginTop: 6 }}>
                  <AddressLine address={p.address} />
                </div>
                {p.state === 'mailed' && <div style={{ marginTop: 6 }} data-testid="tracking">{t('paper.tracking', { carrier: p.carrier, trackingNo: p.trackingNo })}</div>}
              </Callout>
            ))}
            {open?.state === 'flagged' ? (
              <>
                <h4>{t('paper.correctTitle')}</h4>
                <AddressForm initial={open.address} flags={open.flags} submitText={t('paper.correct')} onSubmit={(a) => correct(open, a)} />
              </>
            ) : open ? null : items.length > 0 && !again ? (
              <div>
                <Button icon="add" text={t('paper.again')} onClick={() => setAgain(true)} />
              </div>
            ) : (
              <>
                <h4>{t('paper.newTitle')}</h4>
                <AddressForm submitText={t('paper.request')} onSubmit={request} />
              </>
            )}
          </div>
        )}
      </DialogBody>
    </Dialog>
  );
}
