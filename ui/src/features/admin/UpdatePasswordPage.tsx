import { Button, Callout, Card } from '@blueprintjs/core';
import { Formik, type FormikHelpers } from 'formik';
import { useTranslation } from 'react-i18next';
import { changePasswordSchema, type ChangePassword } from '../../../../domain/security';
import { api } from '../../api/client';
import { validateWithSchema } from '../../lib/validate';
import { showToast } from '../../session/toaster';
import { TextField } from '../account/fields';
import { PasswordMeter } from '../account/PasswordMeter';
import { useServerErrors } from '../../lib/useServerErrors';

/** admin/updatePassword: a staff member changes their own password (PUT /api/security/password). */
export function UpdatePasswordPage() {
  const { t } = useTranslation();
  const errors = useServerErrors();

  async function submit(values: ChangePassword, helpers: FormikHelpers<ChangePassword>) {
    errors.reset();
    try {
      await api.put('/api/security/password', values);
      helpers.resetForm();
      showToast({ intent: 'success', icon: 'tick', message: t('admin.password.done') });
    } catch (e) {
      errors.fail(e, helpers);
    }
  }

  return (
    <div className="ipci-stack">
      <h2 className="ipci-page-title">{t('admin.password.title')}</h2>
      <Card>
        <Formik<ChangePassword> initialValues={{ oldPassword: '', password: '', repeatPassword: '' }} validate={(v) => validateWithSchema(changePasswordSchema, v)} onSubmit={submit}>
          {(form) => {
            const common = { form, server: errors.server, onEdit: errors.clear, idPrefix: 'admin-password', type: 'password' as const };
            return (
              <form onSubmit={form.handleSubmit} noValidate data-testid="admin-password-form" style={{ maxWidth: 520 }}>
                {errors.formError && (
                  <Callout intent="danger" icon="error" role="alert" style={{ marginBottom: 16 }}>
                    {errors.formError}
                  </Callout>
                )}
                <p className="ipci-muted">{t('admin.password.hint')}</p>
                <TextField {...common} name="oldPassword" label={t('admin.password.old')} autoComplete="current-password" />
                <TextField {...common} name="password" label={t('admin.password.new')} autoComplete="new-password" helper={<PasswordMeter password={form.values.password} />} />
                <TextField {...common} name="repeatPassword" label={t('admin.password.repeat')} autoComplete="new-password" />
                <div className="ipci-form-actions">
                  <Button type="submit" intent="primary" icon="key" text={t('admin.password.submit')} loading={form.isSubmitting} />
                </div>
              </form>
            );
          }}
        </Formik>
      </Card>
    </div>
  );
}
