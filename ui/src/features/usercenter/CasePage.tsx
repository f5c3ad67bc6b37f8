import { Card } from '@blueprintjs/core';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Timeline } from '../../components/Timeline';

export function CasePage() {
  const { t } = useTranslation();
  const { kind = '', id = '' } = useParams();
  return (
    <div className="ipci-stack">
      <h2 className="ipci-page-title">
        {t('timeline.caseTitle', { process: t(`processes.${kind}`, { defaultValue: kind }) })}
        <span className="ipci-muted" style={{ fontSize: 13, fontWeight: 400 }}>
          {id}
        </span>
      </h2>
      <Card>
        <Timeline kind={kind} id={id} />
      </Card>
    </div>
  );
}
