import { Callout, Card } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { objectionAnswerSchema, OBJECTION_ATTACHMENTS_MAX, OBJECTION_UPLOAD_KIND } from '../../../../domain/objections';
import { api } from '../../api/client';
import { formatDateTime } from '../../lib/format';
import { useDetail } from '../../lib/useDetail';
import { useLang, useSitePath } from '../../lib/useLang';
import { showToast } from '../../session/toaster';
import { DetailFallback } from '../../components/DetailFallback';
import { SchemaForm, type FormField } from '../../components/SchemaForm';
import { ObjectionView } from './ObjectionView';
import type { ObjectionDetail } from './types';
import './objection.css';

const ANSWER_FIELDS: FormField[] = [
  { name: 'statement', type: 'textarea' },
  { name: 'attachments', type: 'uploads', max: OBJECTION_ATTACHMENTS_MAX },
];

/**
 * /:lang/ipci/usercenter/objectionanswer/:id — the holder's side of an objection to their IPCI: what
 * is objected (without the objector's contact details) and their answer, within the set time.
 */
export function ObjectionAnswerPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const site = useSitePath();
  const { id = '' } = useParams();
  const { detail, failure, reload } = useDetail<ObjectionDetail>(`/api/objections/${encodeURIComponent(id)}/answer`);

  const back = <Link to={site('usercenter/certificates')}>← {t('objection.answer.back')}</Link>;
  if (!detail) return <DetailFallback failure={failure} notFound={t('objection.detail.notFound')} back={back} />;
  const o = detail.objection;
  const awaiting = o.state === 'pendingConfirmation' && !o.holderAnswer;
  return (
    <div className="ipci-stack">
      <div className="ipci-toolbar">{back}</div>
      <h2 className="ipci-page-title">{t('objection.answer.title')}</h2>
      <ObjectionView objection={o} uploads={detail.uploads} />
      {awaiting ? (
        <Card>
          <h3 className="ipci-page-title">{t('objection.answer.form')}</h3>
          {o.answerDueAt && <Callout intent="warning" icon="time" style={{ marginBottom: 12 }}>{t('objection.answer.due', { at: formatDateTime(o.answerDueAt, lang) })}</Callout>}
          <SchemaForm
            uploadKind={OBJECTION_UPLOAD_KIND}
            id="objection-answer"
            schema={objectionAnswerSchema}
            fields={ANSWER_FIELDS}
            initial={{ statement: '', attachments: [] as string[] }}
            labelOf={(name) => t(`objection.answer.fields.${name}`)}
            submitText={t('objection.answer.submit')}
            onSubmit={async (values) => {
              await api.post(`/api/objections/${encodeURIComponent(o.id)}/answer`, values);
              showToast({ intent: 'success', icon: 'tick', message: t('objection.answer.sent') });
              void reload();
            }}
          />
        </Card>
      ) : (
        !o.holderAnswer && <Callout icon="info-sign">{t('objection.answer.closed')}</Callout>
      )}
    </div>
  );
}
