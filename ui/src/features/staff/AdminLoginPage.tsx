import { useEffect } from 'react';
import { Callout, Card } from '@blueprintjs/core';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { mayOpen, rolesForPath } from '../../../../domain/permissions';
import { isStaff } from '../../../../domain/roles';
import { LoginForm } from '../../components/LoginDialog';
import { useSession } from '../../session/SessionContext';

export function AdminLoginPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const from = (location.state as { from?: string } | null)?.from;
  const staff = Boolean(user && isStaff(user.roles));
  // Back to the page that sent the user here only if their roles open it (else the guard would send
  // them back here: a loop); a signed-in user without the role stays, told why, and may log in as staff.
  const back = from && rolesForPath(from) ? from : null;
  const target = back ? (user && mayOpen(back, user.roles) ? back : null) : staff ? '/manage/inbox' : null;
  useEffect(() => {
    if (target) navigate(target, { replace: true });
  }, [target, navigate]);
  return (
    <div style={{ display: 'flex', justifyContent: 'center', paddingTop: 60 }}>
      <Card elevation={2} style={{ width: 400, padding: 28 }}>
        <h2 style={{ marginTop: 0 }}>{t('staffLogin.title')}</h2>
        <p className="ipci-muted">{t('staffLogin.hint')}</p>
        {user && !target && (
          <Callout intent="warning" style={{ marginBottom: 15 }}>
            {t('http.forbidden', { ns: 'errors' })}
          </Callout>
        )}
        <LoginForm inDialog={false} onDone={() => undefined} />
      </Card>
    </div>
  );
}
