import { useState, type ReactNode } from 'react';
import { Button, Callout, FormGroup, HTMLSelect, InputGroup, Intent, TextArea } from '@blueprintjs/core';
import { Formik, type FormikHelpers } from 'formik';
import { useTranslation } from 'react-i18next';
import { GENDERS, profileSchema, type ProfileContext, type ProfileInput } from '../../../../domain/profile';
import { api, ApiError } from '../../api/client';
import { CountrySelect } from '../../components/CountrySelect';
import { UploadField } from '../../components/UploadField';
import { translateError } from '../../lib/format';
import { validateWithSchema } from '../../lib/validate';
import type { Profile } from './types';

type Values = ProfileInput;
type Name = keyof Values;

const valuesOf = (p: Profile): Values => ({
  username: p.username,
  displayName: p.displayName,
  gender: p.gender,
  introduction: p.introduction,
  country: p.country,
  province: p.province,
  city: p.city,
  address: p.address,
  avatarUploadId: p.avatarUploadId,
});

/** Formik + the API's own schema (domain/profile.ts); the server's field errors land on the same fields. */
export function ProfileForm({ profile, onSaved }: { profile: Profile; onSaved: (p: Profile) => void }) {
  const { t } = useTranslation();
  const context: ProfileContext = { currentUsername: profile.username };
  const [serverErrors, setServerErrors] = useState<Partial<Record<Name, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);

  async function submit(values: Values, helpers: FormikHelpers<Values>) {
    setFormError(null);
    setServerErrors({});
    try {
      const body = await profileSchema.validate(values, { abortEarly: false, stripUnknown: true, context });
      const r = await api.put<{ profile: Profile }>('/api/profile', body);
      helpers.resetForm({ values: valuesOf(r.profile) });
      onSaved(r.profile);
    } catch (e) {
      if (!(e instanceof ApiError)) return; // the schema's own messages are already on the fields
      if (e.fields) {
        setServerErrors(e.fields as Partial<Record<Name, string>>);
        helpers.setTouched(Object.fromEntries(Object.keys(e.fields).map((k) => [k, true])), false);
      }
      setFormError(e.message || t('http.unavailable', { ns: 'errors' }));
    }
  }

  return (
    <Formik<Values> initialValues={valuesOf(profile)} validate={(v) => validateWithSchema(profileSchema, v, { ...context })} onSubmit={submit} enableReinitialize={false}>
      {(form) => {
        const field = (name: Name, control: (p: { id: string; intent: Intent; set: (v: string) => void; blur: () => void }) => ReactNode, opts: { wide?: boolean; helper?: ReactNode; required?: boolean } = {}) => {
          const id = `profile-${name}`;
          const touched = Boolean(form.touched[name]) || form.submitCount > 0;
          const client = touched ? form.errors[name] : undefined;
          const error = client ? translateError(t, client) : serverErrors[name];
          const set = (v: string) => {
            if (serverErrors[name]) setServerErrors(({ [name]: _drop, ...rest }) => rest);
            void form.setFieldValue(name, v);
            void form.setFieldTouched(name, true, false);
          };
          return (
            <FormGroup
              key={name}
              className={opts.wide ? 'ipci-span-2' : undefined}
              label={t(`profile.fields.${name}`)}
              labelFor={id}
              labelInfo={opts.required ? <span className="ipci-muted">*</span> : undefined}
              intent={error ? 'danger' : 'none'}
              helperText={
                error ? (
                  <span data-testid={`error-${name}`} role="alert">
                    {error}
                  </span>
                ) : (
                  opts.helper
                )
              }
            >
              {control({ id, intent: error ? 'danger' : 'none', set, blur: () => void form.setFieldTouched(name, true) })}
            </FormGroup>
          );
        };
        const text = (name: Name, opts: { wide?: boolean; helper?: ReactNode; required?: boolean } = {}) =>
          field(name, ({ id, intent, set, blur }) => <InputGroup id={id} value={form.values[name]} intent={intent} onChange={(e) => set(e.target.value)} onBlur={blur} />, opts);

        return (
          <form onSubmit={form.handleSubmit} noValidate data-testid="profile-form">
            {formError && (
              <Callout intent="danger" icon="error" role="alert" style={{ marginBottom: 16 }}>
                {formError}
              </Callout>
            )}
            <div className="ipci-form-grid">
              {field(
                'avatarUploadId',
                ({ id, set }) => (
                  <UploadField
                    id={id}
                    kind="avatar"
                    value={form.values.avatarUploadId}
                    metas={profile.avatar ? { [profile.avatar.id]: profile.avatar } : undefined}
                    onChange={(v) => set(v as string)}
                    onError={(m) => setServerErrors(({ avatarUploadId: _drop, ...rest }) => (m ? { ...rest, avatarUploadId: m } : rest))}
                  />
                ),
                { wide: true, helper: t('profile.avatarHint') },
              )}
              {text('username', { required: true, helper: t('profile.usernameHint') })}
              {text('displayName', { required: true })}
              {field('gender', ({ id, set }) => (
                <HTMLSelect id={id} fill value={form.values.gender} onChange={(e) => set(e.currentTarget.value)}>
                  {GENDERS.map((g) => (
                    <option key={g} value={g}>
                      {t(`profile.genders.${g}`)}
                    </option>
                  ))}
                </HTMLSelect>
              ))}
              {field('country', ({ id, set, blur }) => <CountrySelect id={id} value={form.values.country} onChange={set} onBlur={blur} />)}
              {text('province')}
              {text('city')}
              {text('address', { wide: true })}
              {field(
                'introduction',
                ({ id, intent, set, blur }) => <TextArea id={id} fill rows={4} value={form.values.introduction} intent={intent} onChange={(e) => set(e.target.value)} onBlur={blur} />,
                { wide: true, helper: t('profile.counter', { count: form.values.introduction.length, max: 500 }) },
              )}
            </div>
            <div className="ipci-form-actions">
              <Button type="submit" intent="primary" size="large" icon="floppy-disk" text={t('profile.save')} loading={form.isSubmitting} disabled={!form.dirty} />
            </div>
          </form>
        );
      }}
    </Formik>
  );
}
