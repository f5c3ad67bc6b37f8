import { Button, NonIdealState } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLang } from '../lib/useLang';

export function NotFoundPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  return (
    <div className="ipci-page-center" data-testid="not-found">
      <NonIdealState
        icon="search"
        title="404"
        description={t('http.notFound', { ns: 'errors' })}
        action={<Button intent="primary" icon="home" text={t('nav.backHome')} onClick={() => navigate(`/${lang}/ipci`)} />}
      />
    </div>
  );
}

export function SorryPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  return (
    <div className="ipci-page-center">
      <NonIdealState
        icon="error"
        title={t('sorry.title')}
        description={t('http.internal', { ns: 'errors' })}
        action={
          <div style={{ display: 'flex', gap: 10 }}>
            <Button icon="refresh" text={t('actions.retry')} onClick={() => window.history.back()} />
            <Button intent="primary" icon="home" text={t('nav.backHome')} onClick={() => navigate(`/${lang}/ipci`)} />
          </div>
        }
      />
    </div>
  );
}
