import { Card, NonIdealState, Spinner } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { OBJECTION_UPLOAD_KIND, objectionSchema, type ObjectionJson } from '../../../../domain/objections';
import { api, ApiError } from '../../api/client';
import { useSitePath } from '../../lib/useLang';
import { showToast } from '../../session/toaster';
import { SchemaForm } from '../../components/SchemaForm';
import { OBJECTION_FIELDS, ObjectionIp } from './ObjectionBits';
import type { ObjectionTarget } from './types';
import './objection.css';

const EMPTY = { content: '', companyName: '', contact: '', phone: '', email: '', attachments: [] as string[] };

/**
 * /:lang/ipci/trade/objection?ipci=<ipciId> — the rights objection form (spec part 1 §3). Signed in
 * and real-name certified only (the route's guards); a listed IP that is not the reader's own.
 */
export function ObjectionFormPage() {
  const { t } = useTranslation();
  const site = useSitePath();
  const navigate = useNavigate();
  const ipciId = useSearchParams()[0].get('ipci') ?? '';
  const [target, setTarget] = useState<ObjectionTarget | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    api
      .get<ObjectionTarget>(`/api/objections/targets/${encodeURIComponent(ipciId)}`, undefined, { quiet: true })
      .then((r) => live && setTarget(r))
      .catch((e: unknown) => live && setError(e instanceof ApiError && e.status === 404 ? t('objection.ipciNotListed', { ns: 'errors' }) : t('failure.load')));
    return () => {
      live = false;
    };
  }, [ipciId, t]);

  if (error) return <NonIdealState icon="issue" title={error} action={<Link to={site('right')}>{t('objection.form.toCatalogue')}</Link>} />;
  if (!target)
    return (
      <div className="ipci-page-center">
        <Spinner />
      </div>
    );

  return (
    <div className="ipci-container ipci-page ipci-stack ipci-objection-form">
      <h2 className="ipci-page-title">{t('objection.form.title')}</h2>
      <Card>
        <p className="ipci-muted">{t('objection.form.against')}</p>
        <p data-testid="objection-target">
          <ObjectionIp objection={target.ipci} /> · {target.ipci.holder}
        </p>
        <p className="ipci-muted">{t('objection.form.intro')}</p>
      </Card>
      <Card>
        {target.own ? (
          <NonIdealState icon="disable" title={t('objection.ownIp', { ns: 'errors' })} />
        ) : (
          <SchemaForm
            uploadKind={OBJECTION_UPLOAD_KIND}
            id="objection-form"
            schema={objectionSchema}
            fields={OBJECTION_FIELDS}
            initial={EMPTY}
            labelOf={(name) => t(`objection.fields.${name}`)}
            submitText={t('objection.form.submit')}
            onSubmit={async (values) => {
              const r = await api.post<{ objection: ObjectionJson }>('/api/objections', { ...values, ipciId });
              showToast({ intent: 'success', icon: 'tick', message: t('objection.form.submitted') });
              navigate(site(`usercenter/objectiondetail/${r.objection.id}`));
            }}
          />
        )}
      </Card>
    </div>
  );
}
