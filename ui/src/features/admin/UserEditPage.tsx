import { Button, Callout, Card, Checkbox, FormGroup, HTMLSelect, NonIdealState, Spinner } from '@blueprintjs/core';
import { Formik, type FormikHelpers } from 'formik';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { userEditSchema, type UserEdit } from '../../../../domain/adminUsers';
import { ROLES, USER_TYPES, type Role } from '../../../../domain/roles';
import { api } from '../../api/client';
import type { AdminUser } from '../../api/types';
import { fieldError, TextField } from '../account/fields';
import { useServerErrors } from '../../lib/useServerErrors';
import { validateWithSchema } from '../../lib/validate';
import { showToast } from '../../session/toaster';
import { useAdminUser } from './UserDetailPage';

const KINDS = Object.keys(USER_TYPES) as (keyof typeof USER_TYPES)[];

/** admin/userManagement/:id/edit: display name, account type and roles (the shared schema on both sides). */
export function UserEditPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const [user] = useAdminUser(id);
  const errors = useServerErrors();
  if (user === undefined) return <Spinner size={32} />;
  if (user === null) return <NonIdealState icon="person" title={t('http.notFound', { ns: 'errors' })} />;
  if (user.status === 'cancelled') return <NonIdealState icon="disable" title={t('admin.status.cancelled')} description={t('errors:admin.cancelled')} />;

  async function submit(values: UserEdit, helpers: FormikHelpers<UserEdit>) {
    errors.reset();
    try {
      await api.put<{ user: AdminUser }>(`/api/admin/users/${encodeURIComponent(id)}`, values);
      showToast({ intent: 'success', icon: 'tick', message: t('admin.users.saved') });
      navigate(`/admin/userManagement/${id}`);
    } catch (e) {
      errors.fail(e, helpers);
    }
  }

  return (
    <div className="ipci-stack">
      <h2 className="ipci-page-title">
        {t('admin.users.editTitle')}: {user.username}
      </h2>
      <Card>
        <Formik<UserEdit>
          initialValues={{ displayName: user.displayName, kind: user.kind, roles: user.roles }}
          validate={(v) => validateWithSchema(userEditSchema, v)}
          onSubmit={submit}
        >
          {(form) => {
            const kindError = fieldError(form, errors.server, 'kind', t);
            const rolesError = fieldError(form, errors.server, 'roles', t);
            const toggle = (role: Role, on: boolean) => {
              errors.clear('roles');
              void form.setFieldValue('roles', on ? [...form.values.roles, role] : form.values.roles.filter((r) => r !== role));
            };
            return (
              <form onSubmit={form.handleSubmit} noValidate data-testid="user-edit-form" style={{ maxWidth: 520 }}>
                {errors.formError && (
                  <Callout intent="danger" icon="error" role="alert" style={{ marginBottom: 16 }}>
                    {errors.formError}
                  </Callout>
                )}
                <TextField form={form} server={errors.server} onEdit={errors.clear} idPrefix="user" name="displayName" label={t('user.displayName')} />
                <FormGroup label={t('user.kind')} labelFor="user-kind" intent={kindError ? 'danger' : 'none'} helperText={kindError}>
                  <HTMLSelect id="user-kind" value={form.values.kind ?? ''} onChange={(e) => void form.setFieldValue('kind', e.currentTarget.value || null)}>
                    <option value="">{t('admin.users.staff')}</option>
                    {KINDS.map((k) => (
                      <option key={k} value={k}>
                        {t(`user.kinds.${k}`)}
                      </option>
                    ))}
                  </HTMLSelect>
                </FormGroup>
                <FormGroup label={t('user.roles')} intent={rolesError ? 'danger' : 'none'} helperText={rolesError}>
                  {ROLES.map((r) => (
                    <Checkbox key={r} inline label={t(`roles.${r}`)} checked={form.values.roles.includes(r)} onChange={(e) => toggle(r, e.currentTarget.checked)} />
                  ))}
                </FormGroup>
                <div className="ipci-form-actions">
                  <Button text={t('actions.cancel')} onClick={() => navigate(`/admin/userManagement/${id}`)} />
                  <Button type="submit" intent="primary" icon="floppy-disk" text={t('actions.save')} loading={form.isSubmitting} />
                </div>
              </form>
            );
          }}
        </Formik>
      </Card>
    </div>
  );
}
