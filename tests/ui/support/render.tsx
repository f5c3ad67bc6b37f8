import { render } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import type { ReactNode } from 'react';
import { App } from '../../../ui/src/App';
import type { SessionUser } from '../../../ui/src/api/types';
import i18n from '../../../ui/src/i18n';
import { DEFAULT_ELEMENTS } from '../../../domain/permissions';

export const USER: SessionUser = {
  id: '11111111-1111-4111-8111-111111111111',
  username: 'alice',
  displayName: 'Alice Zhang',
  kind: 'personal',
  userType: 1,
  roles: ['user'],
  roleinfo: [{ roleid: 'user' }],
  permission: [...DEFAULT_ELEMENTS.user],
  special: [],
  isAdministrator: false,
  locale: 'en-US',
  identityState: null,
  unread: 0,
  hasEmail: false,
  hasPhone: false,
  avatarUploadId: null,
};

export const REVIEWER: SessionUser = {
  ...USER,
  id: '22222222-2222-4222-8222-222222222222',
  username: 'rita',
  displayName: 'Rita Reviewer',
  kind: null,
  userType: null,
  roles: ['reviewer'],
  roleinfo: [{ roleid: 'reviewer' }],
  permission: [...DEFAULT_ELEMENTS.reviewer],
};

export const ADMIN: SessionUser = {
  ...REVIEWER,
  id: '33333333-3333-4333-8333-333333333333',
  username: 'admin',
  displayName: 'Wang Admin',
  roles: ['admin'],
  roleinfo: [{ roleid: 'admin' }],
  permission: [...DEFAULT_ELEMENTS.admin],
  special: ['develop'],
  isAdministrator: true,
};

export function LocationProbe() {
  const l = useLocation();
  return <div data-testid="location">{l.pathname + l.search}</div>;
}

/** Renders the whole app at `path` with an optional signed-in user. */
export function renderApp(path: string, { user, lang = 'en-US' }: { user?: SessionUser | null; lang?: string | null } = {}) {
  if (lang) document.cookie = `cookie-lang=${lang}; path=/`;
  void i18n.changeLanguage(lang ?? 'zh-CN');
  return render(
    <MemoryRouter initialEntries={[path]}>
      <App initialUser={user === undefined ? null : user} />
      <LocationProbe />
    </MemoryRouter>,
  );
}

export function Wrap({ children, path = '/' }: { children: ReactNode; path?: string }) {
  return <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>;
}
