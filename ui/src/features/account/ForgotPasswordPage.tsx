import { Button, Callout, Card } from '@blueprintjs/core';
import { Formik, type FormikHelpers } from 'formik';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { forgotPasswordSchema } from '../../../../domain/accounts';
import { normaliseAddress } from '../../../../domain/verification';
import { api } from '../../api/client';
import { useServerErrors } from '../../lib/useServerErrors';
import { useSitePath } from '../../lib/useLang';
import { validateWithSchema } from '../../lib/validate';
import { showToast } from '../../session/toaster';
import { TextField } from './fields';
import { PasswordMeter } from './PasswordMeter';
import { SendCodeButton } from './SendCodeButton';
import './account.css';

type Values = { address: string; code: string; password: string; repeatPassword: string };

/** /:lang/ipci/forgotpassword — a code to the bound e-mail or phone, then the new password twice. */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const site = useSitePath();
  const navigate = useNavigate();
  const { server, formError, clear, reset, fail, setField } = useServerErrors();

  async function submit(values: Values, helpers: FormikHelpers<Values>) {
    reset();
    try {
      await api.post('/api/account/forgot-password', { ...values, address: normaliseAddress(values.address) });
      showToast({ intent: 'success', icon: 'tick', message: t('forgot.done') });
      navigate(site('login'), { replace: true });
    } catch (e) {
      fail(e, helpers);
    }
  }

  return (
    <div className="ipci-auth-page">
      <Card className="ipci-auth-card is-narrow" elevation={1}>
        <h1 className="ipci-page-title">{t('forgot.title')}</h1>
        <p className="ipci-muted">{t('forgot.intro')}</p>
        <Formik<Values>
          initialValues={{ address: '', code: '', password: '', repeatPassword: '' }}
          validate={(values) => validateWithSchema(forgotPasswordSchema, values)}
          onSubmit={submit}
        >
          {(form) => {
            const common = { form, server, onEdit: clear, idPrefix: 'forgot' };
            return (
              <form onSubmit={form.handleSubmit} noValidate data-testid="forgot-form">
                {formError && (
                  <Callout intent="danger" icon="error" role="alert" style={{ marginBottom: 16 }}>
                    {formError}
                  </Callout>
                )}
                <TextField
                  {...common}
                  name="address"
                  label={t('forgot.address')}
                  autoComplete="username"
                  right={
                    <SendCodeButton
                      id="forgot-sendCode"
                      purpose="resetPassword"
                      address={form.values.address}
                      onError={(m) => setField('address', m)}
                      onInvalid={() => void form.setFieldTouched('address', true)}
                    />
                  }
                />
                <TextField {...common} name="code" label={t('register.code')} autoComplete="one-time-code" />
                <TextField {...common} name="password" type="password" label={t('forgot.password')} autoComplete="new-password" helper={<PasswordMeter password={form.values.password} />} />
                <TextField {...common} name="repeatPassword" type="password" label={t('register.repeatPassword')} autoComplete="new-password" />
                <Button type="submit" intent="primary" size="large" fill icon="key" text={t('forgot.submit')} loading={form.isSubmitting} />
                <div className="ipci-auth-links">
                  <Link to={site('login')}>{t('forgot.backToLogin')}</Link>
                  <Link to={site('register')}>{t('signin.register')}</Link>
                </div>
              </form>
            );
          }}
        </Formik>
      </Card>
    </div>
  );
}
