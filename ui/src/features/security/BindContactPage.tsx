import { Button, Callout, Card, NonIdealState, Spinner } from '@blueprintjs/core';
import { Formik, type FormikHelpers } from 'formik';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { bindEmailSchema, bindPhoneSchema } from '../../../../domain/security';
import { api } from '../../api/client';
import { useSitePath } from '../../lib/useLang';
import { validateWithSchema } from '../../lib/validate';
import { showToast } from '../../session/toaster';
import { TextField } from '../account/fields';
import { SendCodeButton } from '../account/SendCodeButton';
import { SecurityHeading } from './SecurityPage';
import { useServerErrors } from '../../lib/useServerErrors';
import { useSecurity } from './useSecurity';

const KINDS = {
  email: { schema: bindEmailSchema, purpose: 'bindEmail', title: 'security.bindEmail', toast: 'security.toast.emailChanged', autoComplete: 'email' },
  phone: { schema: bindPhoneSchema, purpose: 'bindPhone', title: 'security.bindPhone', toast: 'security.toast.phoneChanged', autoComplete: 'tel' },
} as const;

/** usercenter/bindemail and usercenter/bindphone: the new address, a code sent to it, saved together. */
export function BindContactPage({ field }: { field: 'email' | 'phone' }) {
  const { t } = useTranslation();
  const site = useSitePath();
  const navigate = useNavigate();
  const { overview } = useSecurity();
  const errors = useServerErrors();
  const kind = KINDS[field];
  type Values = { code: string } & Record<typeof field, string>;

  async function submit(values: Values, helpers: FormikHelpers<Values>) {
    errors.reset();
    try {
      await api.put(`/api/security/${field}`, values);
      showToast({ intent: 'success', icon: 'tick', message: t(kind.toast) });
      navigate(site('usercenter/security'));
    } catch (e) {
      errors.fail(e, helpers);
    }
  }

  if (overview === null) return <NonIdealState icon="error" title={t('failure.load')} />;
  return (
    <div className="ipci-stack">
      <SecurityHeading>{t(`${kind.title}.title`)}</SecurityHeading>
      <Card>
        {overview === undefined ? (
          <Spinner size={20} />
        ) : (
          <dl className="ipci-dl" style={{ marginBottom: 16 }}>
            <dt>{t(`${kind.title}.current`)}</dt>
            <dd data-testid="current-contact">{overview[field] ?? t('security.notBound')}</dd>
          </dl>
        )}
        <Formik<Values> initialValues={{ [field]: '', code: '' } as Values} validate={(v) => validateWithSchema(kind.schema, v)} onSubmit={submit}>
          {(form) => {
            const common = { form, server: errors.server, onEdit: errors.clear, idPrefix: `bind-${field}` };
            return (
              <form onSubmit={form.handleSubmit} noValidate data-testid={`bind-${field}-form`} style={{ maxWidth: 520 }}>
                {errors.formError && (
                  <Callout intent="danger" icon="error" role="alert" style={{ marginBottom: 16 }}>
                    {errors.formError}
                  </Callout>
                )}
                <TextField
                  {...common}
                  name={field}
                  label={t(`${kind.title}.new`)}
                  autoComplete={kind.autoComplete}
                  helper={<span className="ipci-muted">{t(`${kind.title}.hint`)}</span>}
                  right={
                    <SendCodeButton
                      id={`bind-${field}-sendCode`}
                      purpose={kind.purpose}
                      address={form.values[field]}
                      onError={(m) => errors.setField(field, m)}
                      onInvalid={() => void form.setFieldTouched(field, true)}
                    />
                  }
                />
                <TextField {...common} name="code" label={t('security.code')} autoComplete="one-time-code" />
                <div className="ipci-form-actions">
                  <Button type="submit" intent="primary" icon="tick" text={t(`${kind.title}.submit`)} loading={form.isSubmitting} />
                </div>
              </form>
            );
          }}
        </Formik>
      </Card>
    </div>
  );
}
