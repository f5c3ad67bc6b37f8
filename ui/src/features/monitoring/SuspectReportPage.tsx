import { Card, Spinner } from '@blueprintjs/core';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import type { ProtectionData } from '../../../../domain/protection';
import { api } from '../../api/client';
import { ConfirmAlert } from '../../components/ConfirmAlert';
import { DetailFallback } from '../../components/DetailFallback';
import { useDetail } from '../../lib/useDetail';
import { useSitePath } from '../../lib/useLang';
import { showToast } from '../../session/toaster';
import { ProtectionForm } from '../protection/ProtectionForm';
import { filterQuery } from './SuspectPages';
import type { ReportDraft, TortReportJson } from './types';
import './monitoring.css';

/**
 * usercenter/suspecttort/:id/report — the protection application prefilled from the suspect's
 * evidence (GET report-draft: the evidence report and the matched image are already in its proof),
 * in the same form as any application; sending it is confirmed first, then the suspect's page
 * follows the report on its timeline.
 */
export function SuspectReportPage() {
  const { t } = useTranslation();
  const site = useSitePath();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { id = '' } = useParams();
  const query = filterQuery(params);
  const detailPath = site(`usercenter/suspecttort/${id}${query}`);
  const { detail, failure } = useDetail<ReportDraft>(`/api/suspects/${encodeURIComponent(id)}/report-draft`);
  // The form waits on the question: confirming sends and resolves, backing out resolves unsent.
  const [asking, setAsking] = useState<ProtectionData | null>(null);
  const [busy, setBusy] = useState(false);
  const settle = useRef<{ resolve: () => void; reject: (e: unknown) => void } | null>(null);
  const back = <Link to={detailPath}>← {t('monitoring.report.back')}</Link>;
  if (!detail) return failure ? <DetailFallback failure={failure} notFound={t('monitoring.suspects.notFound')} back={back} /> : <Spinner />;

  async function send(application: ProtectionData) {
    setBusy(true);
    try {
      await api.post<{ report: TortReportJson }>(`/api/suspects/${encodeURIComponent(id)}/report`, { application });
      settle.current?.resolve();
      showToast({ intent: 'success', icon: 'tick', message: t('monitoring.report.sent') });
      navigate(detailPath);
    } catch (e) {
      settle.current?.reject(e);
    } finally {
      settle.current = null;
      setBusy(false);
      setAsking(null);
    }
  }

  return (
    <div className="ipci-stack" data-testid="suspect-report-page">
      <div className="ipci-toolbar">{back}</div>
      <h2 className="ipci-page-title">{t('monitoring.report.title')}</h2>
      <p className="ipci-muted">{t('monitoring.report.lead')}</p>
      <Card>
        <ProtectionForm
          kind={detail.application.kind}
          prefilled={detail.application}
          uploads={detail.uploads}
          submitText={t('monitoring.report.submit')}
          onSubmit={(values) =>
            new Promise<void>((resolve, reject) => {
              settle.current = { resolve, reject };
              setAsking(values);
            })
          }
        />
      </Card>
      <ConfirmAlert
        open={asking !== null}
        intent="danger"
        icon="take-action"
        confirmText={t('monitoring.report.submit')}
        busy={busy}
        onCancel={() => {
          settle.current?.resolve();
          settle.current = null;
          setAsking(null);
        }}
        onConfirm={() => asking && void send(asking)}
      >
        {t('monitoring.report.confirm')}
      </ConfirmAlert>
    </div>
  );
}
