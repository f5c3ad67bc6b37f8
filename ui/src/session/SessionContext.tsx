import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { api, setApiHandlers, subscribe, ApiError } from '../api/client';
import type { Message, SessionUser } from '../api/types';
import { isStaff } from '../../../domain/roles';
import { showToast } from './toaster';
import { currentLang } from '../i18n';

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
  /** For tests: start with this user instead of asking /api/auth/me. */
  initialUser?: SessionUser | null;
}

export function SessionProvider({ children, initialUser }: SessionProviderProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [user, setUser] = useState<SessionUser | null | undefined>(initialUser);
  const [unread, setUnread] = useState(0);
  const [loginOpen, setLoginOpen] = useState(false);
  const navRef = useRef(navigate);
  navRef.current = navigate;

  const refresh = useCallback(async () => {
    try {
      const { user } = await api.get<{ user: SessionUser }>('/api/auth/me', undefined, { quiet401: true });
      setUser(user);
      return user;
    } catch (e) {
      // Spec part 1 §4: if the fetch fails the page opens anyway, signed out.
      setUser(null);
      if (e instanceof ApiError && e.status !== 401) return null;
      return null;
    }
  }, []);

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

  const signedIn = Boolean(user);
  useEffect(() => {
    if (!signedIn) return;
    let alive = true;
    api
      .get<{ items: Message[]; unread: number }>('/api/messages')
      .then((r) => alive && setUnread(r.unread))
      .catch(() => undefined);
    const stop = subscribe<{ unread: number }>('/api/messages/stream', 'unread', (d) => setUnread(d.unread));
    return () => {
      alive = false;
      stop();
    };
  }, [signedIn]);

  const login = useCallback(async (username: string, password: string) => {
    const { user } = await api.post<{ user: SessionUser }>('/api/auth/login', { login: username, password }, { quiet401: true });
    setUser(user);
    return user;
  }, []);

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
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
