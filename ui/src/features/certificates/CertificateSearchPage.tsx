import { Button, Callout, Card, Icon } from '@blueprintjs/core';
import { Formik, type FormikHelpers } from 'formik';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { SIGNING_KEY_PATH, verifyCodeSchema } from '../../../../domain/certificate';
import { normaliseIpciCode } from '../../../../domain/ipci';
import { api, ApiError } from '../../api/client';
import { TextField } from '../account/fields';
import { useServerErrors } from '../../lib/useServerErrors';
import { useSitePath } from '../../lib/useLang';
import { validateWithSchema } from '../../lib/validate';
import type { Verification } from './types';
import './certificates.css';

type Values = { code: string };

/**
 * /:lang/ipci/right/certificate — anyone enters an IPCI identification code and reaches its
 * verification page; an unknown code is answered on the form with the spec's search message (§8).
 */
export function CertificateSearchPage() {
  const { t } = useTranslation();
  const site = useSitePath();
  const navigate = useNavigate();
  const { server, formError, clear, reset, fail, setField } = useServerErrors();

  async function submit(values: Values, helpers: FormikHelpers<Values>) {
    reset();
    const code = normaliseIpciCode(values.code);
    try {
      const r = await api.get<{ ipci: Verification }>(`/api/public/ipci/${encodeURIComponent(code)}`);
      // The page shows this answer instead of asking again (each lookup counts as one search).
      navigate(site(`right/certificate/${r.ipci.code}`), { state: { ipci: r.ipci } });
    } catch (e) {
      if (e instanceof ApiError && e.status === 404) setField('code', e.message);
      else fail(e, helpers);
    }
  }

  return (
    <div className="ipci-container ipci-page ipci-verify">
      <Card className="ipci-verify-card" elevation={1}>
        <div className="ipci-verify-head">
          <Icon icon="endorsed" size={28} />
          <div>
            <h1 className="ipci-page-title">{t('certificate.search.title')}</h1>
            <p className="ipci-muted">{t('certificate.search.intro')}</p>
            <p className="ipci-muted">{t('certificate.search.codeHint')}</p>
          </div>
        </div>
        <Formik<Values> initialValues={{ code: '' }} validate={(v) => validateWithSchema(verifyCodeSchema, v)} onSubmit={submit}>
          {(form) => (
            <form onSubmit={form.handleSubmit} noValidate data-testid="certificate-search">
              {formError && (
                <Callout intent="danger" icon="error" role="alert" style={{ marginBottom: 16 }}>
                  {formError}
                </Callout>
              )}
              <TextField
                form={form}
                server={server}
                onEdit={clear}
                idPrefix="certificate"
                name="code"
                label={t('certificate.search.code')}
                autoComplete="off"
              />
              <Button type="submit" intent="primary" size="large" icon="search" text={t('certificate.search.submit')} loading={form.isSubmitting} />
            </form>
          )}
        </Formik>
      </Card>
      <Card className="ipci-verify-card">
        <h2 className="ipci-section-title">{t('certificate.how.title')}</h2>
        <ol className="ipci-verify-steps">
          <li>{t('certificate.how.scan')}</li>
          <li>{t('certificate.how.offline')}</li>
        </ol>
        <a href={SIGNING_KEY_PATH} download>
          <Icon icon="key" /> {t('certificate.how.publicKey')}
        </a>
      </Card>
    </div>
  );
}
