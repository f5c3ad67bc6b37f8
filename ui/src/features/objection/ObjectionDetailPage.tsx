import { Card } from '@blueprintjs/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { mayModifyObjection, OBJECTION_UPLOAD_KIND, objectionSchema } from '../../../../domain/objections';
import { api } from '../../api/client';
import { Timeline } from '../../components/Timeline';
import { useDetail } from '../../lib/useDetail';
import { useSitePath } from '../../lib/useLang';
import { showToast } from '../../session/toaster';
import { DetailFallback } from '../../components/DetailFallback';
import { SchemaForm } from '../../components/SchemaForm';
import { OBJECTION_FIELDS } from './ObjectionBits';
import { DeleteObjection } from './ObjectionListPage';
import { ObjectionView } from './ObjectionView';
import type { ObjectionDetail } from './types';
import './objection.css';

/** /:lang/ipci/usercenter/objectiondetail/:id — one objection of the reader's, its timeline, and the modify form while it may change. */
export function ObjectionDetailPage() {
  const { t } = useTranslation();
  const site = useSitePath();
  const navigate = useNavigate();
  const { hash } = useLocation();
  const { id = '' } = useParams();
  const { detail, failure, reload } = useDetail<ObjectionDetail>(`/api/objections/${encodeURIComponent(id)}`);
  useEffect(() => {
    if (detail && hash === '#modify') document.getElementById('modify')?.scrollIntoView();
  }, [detail, hash]);

  const back = <Link to={site('usercenter/objection')}>← {t('objection.detail.back')}</Link>;
  if (!detail) return <DetailFallback failure={failure} notFound={t('objection.detail.notFound')} back={back} />;
  const o = detail.objection;
  return (
    <div className="ipci-stack">
      <div className="ipci-toolbar">
        {back}
        <span className="ipci-spacer" />
        <DeleteObjection objection={o} onDeleted={() => navigate(site('usercenter/objection'))} />
      </div>
      <h2 className="ipci-page-title">{t('objection.detail.title')}</h2>
      <ObjectionView objection={o} uploads={detail.uploads} />
      {mayModifyObjection(o.state) && (
        <Card id="modify">
          <h3 className="ipci-page-title">{t('objection.detail.modify')}</h3>
          <SchemaForm
            uploadKind={OBJECTION_UPLOAD_KIND}
            key={o.updatedAt}
            id="objection-modify"
            schema={objectionSchema}
            fields={OBJECTION_FIELDS}
            initial={{ ...o.data }}
            uploads={detail.uploads}
            labelOf={(name) => t(`objection.fields.${name}`)}
            submitText={t('objection.detail.save')}
            onSubmit={async (values) => {
              await api.put(`/api/objections/${encodeURIComponent(o.id)}`, values);
              showToast({ intent: 'success', icon: 'tick', message: t('objection.detail.saved') });
              void reload();
            }}
          />
        </Card>
      )}
      <Card>
        <h3 className="ipci-page-title">{t('timeline.title')}</h3>
        <Timeline kind="objection" id={o.id} />
      </Card>
    </div>
  );
}
