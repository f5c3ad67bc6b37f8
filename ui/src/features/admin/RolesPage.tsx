import { useEffect, useState } from 'react';
import { Button, Callout, Card, Checkbox, HTMLTable, Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { ELEMENTS, ROLES_EDITOR_ELEMENT, type RoleElements } from '../../../../domain/permissions';
import { ROLES, type Role } from '../../../../domain/roles';
import { api, ApiError } from '../../api/client';
import { usePermission } from '../../session/permissions';
import { showToast } from '../../session/toaster';

/** admin/roles: which UI elements each role may use (spec part 1 §6); saved for every role at once. */
export function RolesPage() {
  const { t } = useTranslation();
  const canEdit = usePermission('admin.roles.edit');
  const [roles, setRoles] = useState<RoleElements | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [dirty, setDirty] = useState(false);

  useEffect(() => {
    api
      .get<{ roles: RoleElements }>('/api/admin/roles')
      .then((r) => setRoles(r.roles))
      .catch((e: Error) => setError(e.message || t('failure.load')));
  }, [t]);

  const toggle = (role: Role, element: string, on: boolean) => {
    setRoles((r) => r && { ...r, [role]: on ? [...r[role], element] : r[role].filter((e) => e !== element) });
    setDirty(true);
  };

  async function save() {
    if (!roles) return;
    setSaving(true);
    setError(null);
    try {
      setRoles((await api.put<{ roles: RoleElements }>('/api/admin/roles', { roles })).roles);
      setDirty(false);
      showToast({ intent: 'success', icon: 'tick', message: t('admin.roles.saved') });
    } catch (e) {
      if (e instanceof ApiError) setError(Object.values(e.fields ?? {})[0] ?? e.message);
    } finally {
      setSaving(false);
    }
  }

  return (
    <div className="ipci-stack">
      <h2 className="ipci-page-title">{t('admin.roles.title')}</h2>
      <p className="ipci-muted">{t('admin.roles.hint')}</p>
      {error && (
        <Callout intent="danger" icon="error" role="alert">
          {error}
        </Callout>
      )}
      {roles === null ? (
        !error && <Spinner size={32} />
      ) : (
        <Card style={{ padding: 0 }}>
          <HTMLTable className="ipci-table" striped data-testid="roles-table">
            <thead>
              <tr>
                <th>{t('admin.roles.element')}</th>
                {ROLES.map((r) => (
                  <th key={r} style={{ width: 130, textAlign: 'center' }}>
                    {t(`roles.${r}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {ELEMENTS.map((el) => (
                <tr key={el}>
                  <td>
                    {t(`elements.${el}`)} <code className="ipci-muted">{el}</code>
                  </td>
                  {ROLES.map((r) => (
                    <td key={r} style={{ textAlign: 'center' }}>
                      <Checkbox
                        style={{ margin: 0, display: 'inline-block' }}
                        aria-label={`${r} ${el}`}
                        checked={roles[r].includes(el)}
                        disabled={!canEdit || (r === 'admin' && el === ROLES_EDITOR_ELEMENT)}
                        onChange={(e) => toggle(r, el, e.currentTarget.checked)}
                      />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </Card>
      )}
      {canEdit && roles && (
        <div className="ipci-form-actions">
          <Button intent="primary" icon="floppy-disk" text={t('actions.save')} disabled={!dirty} loading={saving} onClick={() => void save()} />
        </div>
      )}
    </div>
  );
}
