import { render } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import type { ReactNode } from 'react';
import { App } from '../../../ui/src/App';
import type { SessionUser } from '../../../ui/src/api/types';
import i18n from '../../../ui/src/i18n';

export const USER: SessionUser = {
  id: '11111111-1111-4111-8111-111111111111',
  username: 'alice',
  displayName: 'Alice Zhang',
  kind: 'personal',
  userType: 1,
  roles: ['user'],
  locale: 'en-US',
  identityState: null,
};

export const REVIEWER: SessionUser = {
  id: '22222222-2222-4222-8222-222222222222',
  username: 'rita',
  displayName: 'Rita Reviewer',
  kind: null,
  userType: null,
  roles: ['reviewer'],
  locale: 'en-US',
  identityState: null,
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
