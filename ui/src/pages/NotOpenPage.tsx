import { Button, Card, NonIdealState } from '@blueprintjs/core';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSitePath } from '../lib/useLang';

/** A user-centre area whose issue has not landed yet: a real page that says so, never a dead link. */
export function NotOpenPage({ area }: { area: string }) {
  const { t } = useTranslation();
  const site = useSitePath();
  const navigate = useNavigate();
  const name = t(`ucmenu.areas.${area}`);
  return (
    <div className="ipci-stack" data-testid="not-open">
      <h2 className="ipci-page-title">{name}</h2>
      <Card className="ipci-card-empty">
        <NonIdealState
          icon="time"
          title={t('notOpen.title', { area: name })}
          description={t('notOpen.text')}
          action={<Button intent="primary" icon="arrow-left" text={t('notOpen.back')} onClick={() => navigate(site('usercenter'))} />}
        />
      </Card>
    </div>
  );
}
