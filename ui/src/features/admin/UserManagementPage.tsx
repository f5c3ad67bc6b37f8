import { useCallback, useEffect, useState } from 'react';
import { Button, Card, FormGroup, HTMLSelect, HTMLTable, InputGroup, Tag } from '@blueprintjs/core';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { USER_KIND_FILTERS, USER_STATUSES } from '../../../../domain/adminUsers';
import { ROLES } from '../../../../domain/roles';
import { api } from '../../api/client';
import type { AdminUser, AdminUserRow } from '../../api/types';
import { formatDateTime } from '../../lib/format';
import { useLang } from '../../lib/useLang';
import { Permitted } from '../../session/permissions';
import { StatusTag, UserActions } from './userBits';
import { ListCard } from '../../components/ListCard';

const FILTERS = ['q', 'role', 'kind', 'status'] as const;

/** admin/userManagement: search, filter and page through every account. */
export function UserManagementPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const [params, setParams] = useSearchParams();
  const query = Object.fromEntries(FILTERS.map((f) => [f, params.get(f) ?? ''])) as Record<(typeof FILTERS)[number], string>;
  const [text, setText] = useState(query.q);
  const [items, setItems] = useState<AdminUserRow[] | null>(null);
  const [next, setNext] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const key = params.toString();

  const load = useCallback(
    async (after?: string) => {
      const q = Object.fromEntries(new URLSearchParams(key));
      const page = await api.get<{ items: AdminUserRow[]; next: string | null }>('/api/admin/users', { ...q, after });
      setItems((list) => (after ? [...(list ?? []), ...page.items] : page.items));
      setNext(page.next);
    },
    [key],
  );

  useEffect(() => {
    setItems(null);
    setFailed(false);
    load().catch(() => setFailed(true));
  }, [load]);

  const setFilter = (name: string, value: string) => {
    const nextParams = new URLSearchParams(params);
    if (value) nextParams.set(name, value);
    else nextParams.delete(name);
    setParams(nextParams);
  };
  const search = () => setFilter('q', text.trim());
  const replace = (u: AdminUser) => setItems((list) => (list ?? []).map((x) => (x.id === u.id ? { ...x, ...u } : x)));

  return (
    <div className="ipci-stack">
      <h2 className="ipci-page-title">{t('admin.users.title')}</h2>
      <Card className="ipci-filters" role="search">
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 12, alignItems: 'flex-end' }}>
          <FormGroup label={t('admin.users.search')} labelFor="user-search" style={{ margin: 0, flex: '1 1 260px' }}>
            <InputGroup
              id="user-search"
              leftIcon="search"
              value={text}
              placeholder={t('admin.users.searchHint')}
              onChange={(e) => setText(e.target.value)}
              onKeyDown={(e) => e.key === 'Enter' && search()}
            />
          </FormGroup>
          <FormGroup label={t('user.roles')} labelFor="filter-role" style={{ margin: 0 }}>
            <HTMLSelect id="filter-role" value={query.role} onChange={(e) => setFilter('role', e.currentTarget.value)}>
              <option value="">{t('admin.users.any')}</option>
              {ROLES.map((r) => (
                <option key={r} value={r}>
                  {t(`roles.${r}`)}
                </option>
              ))}
            </HTMLSelect>
          </FormGroup>
          <FormGroup label={t('user.kind')} labelFor="filter-kind" style={{ margin: 0 }}>
            <HTMLSelect id="filter-kind" value={query.kind} onChange={(e) => setFilter('kind', e.currentTarget.value)}>
              <option value="">{t('admin.users.any')}</option>
              {USER_KIND_FILTERS.map((k) => (
                <option key={k} value={k}>
                  {k === 'staff' ? t('admin.users.staff') : t(`user.kinds.${k}`)}
                </option>
              ))}
            </HTMLSelect>
          </FormGroup>
          <FormGroup label={t('admin.users.status')} labelFor="filter-status" style={{ margin: 0 }}>
            <HTMLSelect id="filter-status" value={query.status} onChange={(e) => setFilter('status', e.currentTarget.value)}>
              <option value="">{t('admin.users.any')}</option>
              {USER_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {t(`admin.status.${s}`)}
                </option>
              ))}
            </HTMLSelect>
          </FormGroup>
          <Button intent="primary" icon="search" text={t('admin.users.searchAction')} onClick={search} />
        </div>
      </Card>
      <ListCard items={items} failed={failed} empty={{ icon: 'people', title: t('admin.users.empty') }} next={next} load={load}>
        {(rows) => (
          <HTMLTable className="ipci-table" striped data-testid="users-table">
            <thead>
              <tr>
                <th>{t('user.username')}</th>
                <th>{t('user.displayName')}</th>
                <th>{t('user.kind')}</th>
                <th>{t('user.roles')}</th>
                <th>{t('admin.users.status')}</th>
                <th>{t('admin.users.lastLogin')}</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {rows.map((u) => (
                <tr key={u.id} data-testid={`user-row-${u.id}`}>
                  <td className="ipci-break">
                    <Link to={`/admin/userManagement/${u.id}`}>{u.username}</Link>
                  </td>
                  <td className="ipci-break">{u.displayName}</td>
                  <td>{u.kind ? t(`user.kinds.${u.kind}`) : <span className="ipci-muted">{t('admin.users.staff')}</span>}</td>
                  <td>
                    {u.roles.map((r) => (
                      <Tag key={r} minimal style={{ marginRight: 4 }}>
                        {t(`roles.${r}`)}
                      </Tag>
                    ))}
                  </td>
                  <td>
                    <StatusTag status={u.status} />
                  </td>
                  <td className="ipci-muted">{formatDateTime(u.lastLoginAt, lang)}</td>
                  <td>
                    <div className="ipci-row-actions">
                      {u.status !== 'cancelled' && (
                        <Permitted element="admin.users.edit">
                          <Link to={`/admin/userManagement/${u.id}/edit`} className="bp6-button bp6-minimal bp6-small">
                            {t('admin.users.edit')}
                          </Link>
                        </Permitted>
                      )}
                      <UserActions user={u} onChange={replace} compact />
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        )}
      </ListCard>
    </div>
  );
}
