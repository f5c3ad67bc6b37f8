import { useEffect, useState } from 'react';
import { Button, Card, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { api, ApiError } from '../../api/client';
import type { Message } from '../../api/types';
import { formatDateTime } from '../../lib/format';
import { useLang, useSitePath } from '../../lib/useLang';
import { actionHref, messageBody, messageSender, messageTitle } from './messageText';

/** usercenter/msgdetail/:id: one message; opening it marks it read. */
export function MessageDetailPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const lang = useLang();
  const site = useSitePath();
  const navigate = useNavigate();
  const [message, setMessage] = useState<Message | null | undefined>(undefined);

  useEffect(() => {
    let alive = true;
    setMessage(undefined);
    (async () => {
      const { message } = await api.get<{ message: Message }>(`/api/messages/${encodeURIComponent(id)}`);
      if (!alive) return;
      setMessage(message);
      if (!message.readAt) {
        const read = await api.post<{ message: Message }>(`/api/messages/${encodeURIComponent(id)}/read`);
        if (alive) setMessage(read.message);
      }
    })().catch((e) => alive && e instanceof ApiError && setMessage(null));
    return () => {
      alive = false;
    };
  }, [id]);

  const back = <Button icon="arrow-left" text={t('msg.back')} onClick={() => navigate(site('usercenter/msg') + (message?.kind === 'message' ? '?kind=message' : ''))} />;
  if (message === undefined) return <Spinner size={32} />;
  if (message === null) return <NonIdealState icon="envelope" title={t('http.notFound', { ns: 'errors' })} action={back} />;
  const body = messageBody(t, message, lang);
  return (
    <div className="ipci-stack">
      <h2 className="ipci-page-title">{t('msg.detailTitle')}</h2>
      <Card data-testid="message-detail">
        <h3 style={{ marginTop: 0 }}>{messageTitle(t, message, lang)}</h3>
        <p className="ipci-muted">
          <Tag minimal style={{ marginRight: 8 }}>
            {t(`msg.kinds.${message.kind}`)}
          </Tag>
          {messageSender(t, message)} · {formatDateTime(message.createdAt, lang)}
        </p>
        {body && <p style={{ whiteSpace: 'pre-wrap' }}>{body}</p>}
        {message.remark && (
          <p className="ipci-muted">
            {t('msg.remark')}: {message.remark}
          </p>
        )}
        <div className="ipci-form-actions" style={{ justifyContent: 'flex-start' }}>
          {back}
          {message.actionLink && <Button intent="primary" endIcon="arrow-right" text={t('messages.view')} onClick={() => navigate(actionHref(message.actionLink!, lang))} />}
        </div>
      </Card>
    </div>
  );
}
