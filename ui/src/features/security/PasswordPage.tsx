import { Button, Callout, Card } from '@blueprintjs/core';
import { Formik, type FormikHelpers } from 'formik';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { changePasswordSchema, type ChangePassword } from '../../../../domain/security';
import { api } from '../../api/client';
import { useSitePath } from '../../lib/useLang';
import { validateWithSchema } from '../../lib/validate';
import { showToast } from '../../session/toaster';
import { TextField } from '../account/fields';
import { PasswordMeter } from '../account/PasswordMeter';
import { SecurityHeading } from './SecurityPage';
import { useServerErrors } from '../../lib/useServerErrors';

/** usercenter/password: the current password, the new one twice with the strength meter; other devices are signed out. */
export function PasswordPage() {
  const { t } = useTranslation();
  const site = useSitePath();
  const navigate = useNavigate();
  const errors = useServerErrors();

  async function submit(values: ChangePassword, helpers: FormikHelpers<ChangePassword>) {
    errors.reset();
    try {
      const r = await api.put<{ revokedSessions: number }>('/api/security/password', values);
      showToast({ intent: 'success', icon: 'tick', message: t('security.toast.passwordReset') });
      if (r.revokedSessions > 0) showToast({ intent: 'primary', icon: 'log-out', message: t('security.password.othersSignedOut', { count: r.revokedSessions }) });
      navigate(site('usercenter/security'));
    } catch (e) {
      errors.fail(e, helpers);
    }
  }

  return (
    <div className="ipci-stack">
      <SecurityHeading>{t('security.password.title')}</SecurityHeading>
      <Card>
        <Formik<ChangePassword>
          initialValues={{ oldPassword: '', password: '', repeatPassword: '' }}
          validate={(v) => validateWithSchema(changePasswordSchema, v)}
          onSubmit={submit}
        >
          {(form) => {
            const common = { form, server: errors.server, onEdit: errors.clear, idPrefix: 'password', type: 'password' as const };
            return (
              <form onSubmit={form.handleSubmit} noValidate data-testid="password-form" style={{ maxWidth: 520 }}>
                {errors.formError && (
                  <Callout intent="danger" icon="error" role="alert" style={{ marginBottom: 16 }}>
                    {errors.formError}
                  </Callout>
                )}
                <p className="ipci-muted">{t('security.password.hint')}</p>
                <TextField {...common} name="oldPassword" label={t('security.password.old')} autoComplete="current-password" />
                <TextField {...common} name="password" label={t('security.password.new')} autoComplete="new-password" helper={<PasswordMeter password={form.values.password} />} />
                <TextField {...common} name="repeatPassword" label={t('security.password.repeat')} autoComplete="new-password" />
                <div className="ipci-form-actions">
                  <Button type="submit" intent="primary" icon="key" text={t('security.password.submit')} loading={form.isSubmitting} />
                </div>
              </form>
            );
          }}
        </Formik>
      </Card>
    </div>
  );
}
