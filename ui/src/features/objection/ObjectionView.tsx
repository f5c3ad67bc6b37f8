import { Card } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { ObjectionJson } from '../../../../domain/objections';
import { formatDateTime } from '../../lib/format';
import { useLang } from '../../lib/useLang';
import { Attachments } from '../../components/Attachments';
import { ObjectionIp, ObjectionStateTag } from './ObjectionBits';
import type { UploadMap } from './types';

const TEXT_FIELDS = ['companyName', 'contact', 'phone', 'email'] as const;

/**
 * An objection as its objector, the holder (without the objector's contact details) and staff read
 * it: what is objected, the holder's answer, and the decision with its review opinion.
 */
export function ObjectionView({ objection: o, uploads }: { objection: ObjectionJson; uploads: UploadMap }) {
  const { t } = useTranslation();
  const lang = useLang();
  const data = o.data as Partial<ObjectionJson['data']>;
  return (
    <>
      <Card>
        <div className="ipci-toolbar">
          <ObjectionIp objection={o} />
          <ObjectionStateTag state={o.state} />
        </div>
        <dl className="ipci-dl" style={{ marginTop: 12 }}>
          <dt>{t('objection.detail.createdAt')}</dt>
          <dd>{formatDateTime(o.createdAt, lang)}</dd>
          {o.answerDueAt && (
            <>
              <dt>{t('objection.detail.answerDue')}</dt>
              <dd data-testid="objection-answer-due">{formatDateTime(o.answerDueAt, lang)}</dd>
            </>
          )}
          {o.decidedAt && (
            <>
              <dt>{t('objection.detail.decidedAt')}</dt>
              <dd>{formatDateTime(o.decidedAt, lang)}</dd>
            </>
          )}
          {o.outcome && (
            <>
              <dt>{t('objection.detail.outcome')}</dt>
              <dd data-testid="objection-outcome">{t(`objection.outcomes.${o.outcome}`)}</dd>
            </>
          )}
          {o.reasonCategory && (
            <>
              <dt>{t('objection.detail.reasonCategory')}</dt>
              <dd>{t(`objection.reasonCategory.${o.reasonCategory}`, { ns: 'messages' })}</dd>
            </>
          )}
          {o.reviewOpinion && (
            <>
              <dt>{t('objection.detail.reviewOpinion')}</dt>
              <dd className="ipci-pre-text" data-testid="objection-opinion">
                {o.reviewOpinion}
              </dd>
            </>
          )}
        </dl>
      </Card>
      <Card>
        <h3 className="ipci-page-title">{t('objection.detail.content')}</h3>
        <p className="ipci-pre-text" data-testid="objection-content">
          {data.content}
        </p>
        <dl className="ipci-dl">
          {TEXT_FIELDS.filter((f) => data[f] !== undefined).map((f) => (
            <div key={f} style={{ display: 'contents' }}>
              <dt>{t(`objection.fields.${f}`)}</dt>
              <dd>{data[f]}</dd>
            </div>
          ))}
        </dl>
        <h4>{t('objection.detail.attachments')}</h4>
        <Attachments ids={data.attachments ?? []} uploads={uploads} />
      </Card>
      {o.holderAnswer && (
        <Card data-testid="objection-holder-answer">
          <h3 className="ipci-page-title">{t('objection.detail.holderAnswer')}</h3>
          <p className="ipci-muted">{formatDateTime(o.holderAnswer.answeredAt, lang)}</p>
          <p className="ipci-pre-text">{o.holderAnswer.statement}</p>
          {o.holderAnswer.attachments.length > 0 && <Attachments ids={o.holderAnswer.attachments} uploads={uploads} />}
        </Card>
      )}
    </>
  );
}
