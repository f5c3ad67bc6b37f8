import { useEffect, useState } from 'react';
import { Button } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { channelOf, normaliseAddress, type CodePurpose } from '../../../../domain/verification';
import { api, ApiError } from '../../api/client';

export interface SendCodeButtonProps {
  id: string;
  purpose: CodePurpose;
  address: string;
  /** A refusal (429 limits, a taken address, …) to show on the address field, or null to clear it. */
  onError: (message: string | null) => void;
  /** The address is not valid yet: the caller shows the schema's message on its field. */
  onInvalid: () => void;
  onSent?: () => void;
}

/** "Send code": POST /api/codes, then a countdown of the server's resendSeconds before it may be pressed again. */
export function SendCodeButton({ id, purpose, address, onError, onInvalid, onSent }: SendCodeButtonProps) {
  const { t } = useTranslation();
  const [left, setLeft] = useState(0);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);

  async function send() {
    const a = address.trim();
    if (!channelOf(a)) return onInvalid();
    setBusy(true);
    onError(null);
    try {
      const r = await api.post<{ resendSeconds: number }>('/api/codes', { purpose, address: normaliseAddress(a) });
      setLeft(r.resendSeconds);
      onSent?.();
    } catch (e) {
      if (e instanceof ApiError) onError(e.fields?.address ?? (e.message || t('http.unavailable', { ns: 'errors' })));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Button id={id} icon="send-message" loading={busy} disabled={left > 0} onClick={() => void send()} style={{ minWidth: 150 }}>
      {left > 0 ? t('codeButton.resend', { seconds: left }) : t('codeButton.send')}
    </Button>
  );
}
