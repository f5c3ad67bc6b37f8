import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@blueprintjs/core';
import { api, setApiHandlers, subscribe } from '../api/client';
import type { SessionUser } from '../api/types';
import { isStaff } from '../../../domain/roles';
import { showToast } from './toaster';
import { installChunkReloadGuard } from './reload';
import { currentLang } from '../i18n';

/** Spec part 1 §7: the main client's timeout; a session fetch that hangs must not hold the page. */
const BOOTSTRAP_TIMEOUT_MS = 10_000;

export interface Session {
  /** undefined while the session is loading, null when nobody is signed in. */
  user: SessionUser | null | undefined;
  unread: number;
  setUnread: (n: number) => void;
  refresh: () => Promise<SessionUser | null>;
  login: (username: string, password: string) => Promise<SessionUser>;
  logout: () => Promise<void>;
  loginOpen: boolean;
  openLogin: () => void;
  closeLogin: () => void;
}

const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const s = useContext(SessionContext);
  if (!s) throw new Error('useSession outside SessionProvider');
  return s;
}

export interface SessionProviderProps {
  children: ReactNode;
  /** Start with this user (asked for before the first render, or a test's) instead of asking /api/auth/me. */
  initialUser?: SessionUser | null;
}

/** The signed-in user, or null; a failed fetch opens the page signed out (spec part 1 §4: no dialog, toast or /sorry). */
export async function fetchSession(): Promise<SessionUser | null> {
  try {
    const signal = typeof AbortSignal.timeout === 'function' ? AbortSignal.timeout(BOOTSTRAP_TIMEOUT_MS) : undefined;
    return (await api.get<{ user: SessionUser | null }>('/api/auth/me', undefined, { quiet: true, signal })).user;
  } catch {
    return null;
  }
}

export function SessionProvider({ children, initialUser }: SessionProviderProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [user, setUser] = useState<SessionUser | null | undefined>(initialUser);
  const [loginOpen, setLoginOpen] = useState(false);
  const navRef = useRef(navigate);
  navRef.current = navigate;

  const [unread, setUnread] = useState(initialUser?.unread ?? 0);
  /** Spec part 1 §3: user info, permissions and the unread count come with the session. */
  const adopt = useCallback((next: SessionUser | null) => {
    setUser(next);
    setUnread(next?.unread ?? 0);
  }, []);

  const refresh = useCallback(async () => {
    const user = await fetchSession();
    adopt(user);
    return user;
  }, [adopt]);

  useEffect(() => {
    if (initialUser === undefined) void refresh();
  }, [initialUser, refresh]);

  useEffect(() => {
    setApiHandlers({
      unauthenticated: () => {
        setUser((u) => (u ? null : u));
        setLoginOpen(true);
      },
      connectionFailed: () => showToast({ intent: 'danger', icon: 'offline', message: t('http.unavailable', { ns: 'errors' }) }),
      identityRequired: (e) => {
        showToast({ intent: 'warning', icon: 'id-number', message: e.message || t('identity.required', { ns: 'errors' }) });
        navRef.current(`/${currentLang()}/ipci/usercenter/identity`);
      },
      serverError: () => navRef.current('/sorry'),
    });
  }, [t]);

  // Spec part 1 §4: a failed page-part load reloads the page, at most once per 60 s.
  useEffect(() => installChunkReloadGuard(() => showToast({ intent: 'danger', icon: 'offline', message: t('http.unavailable', { ns: 'errors' }) })), [t]);

  // The unread count of the header: the session's, then every change pushed by the server.
  const signedIn = Boolean(user);
  useEffect(() => {
    if (!signedIn) return;
    return subscribe<{ unread: number }>('/api/messages/stream', 'unread', (d) => setUnread(d.unread));
  }, [signedIn]);

  const login = useCallback(async (username: string, password: string) => {
    const { user } = await api.post<{ user: SessionUser }>('/api/auth/login', { login: username, password }, { quiet401: true });
    adopt(user);
    return user;
  }, [adopt]);

  const logout = useCallback(async () => {
    try {
      await api.post('/api/auth/logout', {}, { quiet401: true });
    } finally {
      const wasStaff = user ? isStaff(user.roles) : false;
      setUser(null);
      setUnread(0);
      navRef.current(wasStaff ? '/login/admin' : `/${currentLang()}/ipci`);
    }
  }, [user]);

  const value = useMemo<Session>(
    () => ({
      user,
      unread,
      setUnread,
      refresh,
      login,
      logout,
      loginOpen,
      openLogin: () => setLoginOpen(true),
      closeLogin: () => setLoginOpen(false),
    }),
    [user, unread, refresh, login, logout, loginOpen],
  );
  // Spec part 1 §4: the page opens once the session is known (or its fetch has failed).
  return (
    <SessionContext.Provider value={value}>
      {user === undefined ? (
        <div className="ipci-page-center" data-testid="session-loading">
          <Spinner size={40} />
        </div>
      ) : (
        children
      )}
    </SessionContext.Provider>
  );
}
