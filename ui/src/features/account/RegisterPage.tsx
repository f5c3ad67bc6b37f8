import { Button, Callout, Card, Checkbox, FormGroup, Radio, RadioGroup } from '@blueprintjs/core';
import { Formik, type FormikHelpers, type FormikProps } from 'formik';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { AGREEMENTS, registerSchema } from '../../../../domain/accounts';
import { api } from '../../api/client';
import { useServerErrors } from '../../lib/useServerErrors';
import { useSitePath } from '../../lib/useLang';
import { validateWithSchema } from '../../lib/validate';
import { useSession } from '../../session/SessionContext';
import { showToast } from '../../session/toaster';
import { fieldError, TextField } from './fields';
import { PasswordMeter } from './PasswordMeter';
import { SendCodeButton } from './SendCodeButton';
import './account.css';

type Values = {
  userType: 'personal' | 'enterprise';
  username: string;
  password: string;
  repeatPassword: string;
  address: string;
  code: string;
  inviteCode: string;
  birthDate: string;
} & Record<(typeof AGREEMENTS)[number]['field'], boolean>;

/** The browser's own date: the form's age check is a hint, the API decides on the server's date. */
const localToday = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/** /:lang/ipci/register — spec part 1 §2 / §5: registration with the four agreements. */
export function RegisterPage() {
  const { t } = useTranslation();
  const site = useSitePath();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { user, refresh } = useSession();
  const { server, formError, clear, reset, fail, setField } = useServerErrors();
  if (user) return <Navigate to={site('usercenter')} replace />;

  const initialValues: Values = {
    userType: 'personal',
    username: '',
    password: '',
    repeatPassword: '',
    address: '',
    code: '',
    // The invitation link another user shares: /{lang}/ipci/register?invite=CODE
    inviteCode: (params.get('invite') ?? '').trim().slice(0, 8),
    birthDate: '',
    agreeUserAgreement: false,
    agreeDisclaimer: false,
    agreePrivacy: false,
    agreeChildRules: false,
  };

  async function submit(values: Values, helpers: FormikHelpers<Values>) {
    reset();
    try {
      await api.post('/api/account/register', values);
      await refresh();
      showToast({ intent: 'success', icon: 'tick', message: t('register.welcome') });
      navigate(site('usercenter'));
    } catch (e) {
      fail(e, helpers);
    }
  }

  return (
    <div className="ipci-auth-page">
      <Card className="ipci-auth-card" elevation={1}>
        <h1 className="ipci-page-title">{t('register.title')}</h1>
        <p className="ipci-muted">{t('register.intro')}</p>
        <Formik<Values>
          initialValues={initialValues}
          validate={(values) => validateWithSchema(registerSchema, values, { today: localToday() })}
          onSubmit={submit}
        >
          {(form) => (
            <form onSubmit={form.handleSubmit} noValidate data-testid="register-form">
              {formError && (
                <Callout intent="danger" icon="error" role="alert" style={{ marginBottom: 16 }}>
                  {formError}
                </Callout>
              )}
              <div className="ipci-form-grid">
                <FormGroup className="ipci-span-2" label={t('register.userType')}>
                  <RadioGroup inline selectedValue={form.values.userType} onChange={(e) => void form.setFieldValue('userType', e.currentTarget.value)}>
                    <Radio value="personal" label={t('user.kinds.personal')} />
                    <Radio value="enterprise" label={t('user.kinds.enterprise')} />
                  </RadioGroup>
                </FormGroup>
                <RegisterFields form={form} server={server} clear={clear} onAddressError={(m) => setField('address', m)} />
              </div>
              <div className="ipci-form-actions">
                <Link to={site('login')} className="ipci-spacer" style={{ alignSelf: 'center' }}>
                  {t('register.haveAccount')}
                </Link>
                <Button type="submit" intent="primary" size="large" icon="new-person" text={t('register.submit')} loading={form.isSubmitting} />
              </div>
            </form>
          )}
        </Formik>
      </Card>
    </div>
  );
}

function RegisterFields({
  form,
  server,
  clear,
  onAddressError,
}: {
  form: FormikProps<Values>;
  server: Record<string, string>;
  clear: (name: string) => void;
  onAddressError: (m: string | null) => void;
}) {
  const { t } = useTranslation();
  const site = useSitePath();
  const common = { form, server, onEdit: clear, idPrefix: 'register' };
  return (
    <>
      <TextField {...common} name="username" label={t('register.username')} autoComplete="username" helper={<span className="ipci-muted">{t('register.usernameHint')}</span>} />
      {form.values.userType === 'personal' ? (
        <TextField {...common} name="birthDate" type="date" label={t('register.birthDate')} helper={<span className="ipci-muted">{t('register.birthDateHint')}</span>} />
      ) : (
        <div />
      )}
      <TextField {...common} name="password" type="password" label={t('register.password')} autoComplete="new-password" helper={<PasswordMeter password={form.values.password} />} />
      <TextField {...common} name="repeatPassword" type="password" label={t('register.repeatPassword')} autoComplete="new-password" />
      <TextField
        {...common}
        name="address"
        label={t('register.address')}
        autoComplete="email"
        right={
          <SendCodeButton
            id="register-sendCode"
            purpose="register"
            address={form.values.address}
            onError={(m) => (m ? onAddressError(m) : clear('address'))}
            onInvalid={() => void form.setFieldTouched('address', true)}
          />
        }
      />
      <TextField {...common} name="code" label={t('register.code')} autoComplete="one-time-code" />
      <TextField {...common} name="inviteCode" label={t('register.inviteCode')} helper={<span className="ipci-muted">{t('register.inviteHint')}</span>} />
      <div />
      <div className="ipci-form-section">{t('register.agreementsTitle')}</div>
      <div className="ipci-agreements">
        {AGREEMENTS.map(({ field, page }) => {
          const error = fieldError(form, server, field, t);
          return (
            <FormGroup key={field} className="ipci-field-check" intent={error ? 'danger' : 'none'} helperText={error && <span data-testid={`error-${field}`}>{error}</span>}>
              <Checkbox
                id={`register-${field}`}
                checked={form.values[field]}
                onChange={(e) => {
                  clear(field);
                  void form.setFieldValue(field, e.currentTarget.checked);
                }}
              >
                {t('register.agreePrefix')}{' '}
                <a href={site(`register/${page}`)} target="_blank" rel="noreferrer">
                  {t(`agreements.${page}`)}
                </a>
              </Checkbox>
            </FormGroup>
          );
        })}
      </div>
    </>
  );
}
