import { useEffect, useRef, type ReactNode } from 'react';
import { Button, NonIdealState, Spinner } from '@blueprintjs/core';
import { Navigate, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSession } from '../session/SessionContext';
import type { Role } from '../../../domain/roles';
import { IDENTITY_STATE } from '../../../domain/identityState';
import { useSitePath } from '../lib/useLang';
import { showToast } from '../session/toaster';

function Loading() {
  return (
    <div className="ipci-page-center">
      <Spinner size={40} />
    </div>
  );
}

/** Site pages that need a signed-in user: without one, the login dialog opens (spec part 1 §4). */
export function RequireLogin({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { user, openLogin } = useSession();
  const opened = useRef(false);
  useEffect(() => {
    if (user === null && !opened.current) {
      opened.current = true;
      openLogin();
    }
  }, [user, openLogin]);
  if (user === undefined) return <Loading />;
  if (user === null)
    return (
      <div className="ipci-page-center">
        <NonIdealState icon="lock" title={t('login.required')} description={t('login.requiredHint')} action={<Button intent="primary" icon="log-in" text={t('header.login')} onClick={openLogin} />} />
      </div>
    );
  return <>{children}</>;
}

/**
 * Spec part 2 §6: /admin needs the role admin, /manage a staff role; a visitor without it — signed
 * out or signed in with another role — is redirected to /login/admin, which says why.
 */
export function RequireRole({ roles, children }: { roles: readonly Role[]; children: ReactNode }) {
  const { user } = useSession();
  const location = useLocation();
  if (user === undefined) return <Loading />;
  if (!user || !user.roles.some((r) => roles.includes(r))) return <Navigate to="/login/admin" replace state={{ from: location.pathname + location.search }} />;
  return <>{children}</>;
}

/**
 * Spec part 1 §5: registration and trade first require real-name certification; otherwise a
 * message asks the user to pass identity certification and sends them to the identity page.
 */
export function RequireIdentity({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const site = useSitePath();
  const certified = user?.identityState === IDENTITY_STATE.verified;
  const shown = useRef(false);
  useEffect(() => {
    if (user && !certified && !shown.current) {
      shown.current = true;
      showToast({ intent: 'warning', icon: 'id-number', message: t('identity.required', { ns: 'errors' }) });
    }
  }, [user, certified, t]);
  if (user === undefined) return <Loading />;
  if (!user || !certified) {
    return (
      <>
        <p className="ipci-sr-only" role="status">
          {t('identity.required', { ns: 'errors' })}
        </p>
        <Navigate to={site('usercenter/identity')} replace state={{ identityRequired: true }} />
      </>
    );
  }
  return <>{children}</>;
}

/** The same rule for actions (a button that starts registration or trade). */
export function useRequireIdentity() {
  const { t } = useTranslation();
  const { user } = useSession();
  const site = useSitePath();
  return (go: (path: string) => void): boolean => {
    if (user?.identityState === IDENTITY_STATE.verified) return true;
    showToast({ intent: 'warning', icon: 'id-number', message: t('identity.required', { ns: 'errors' }) });
    go(site('usercenter/identity'));
    return false;
  };
}
