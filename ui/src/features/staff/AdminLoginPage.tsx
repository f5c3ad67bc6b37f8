import { useEffect } from 'react';
import { Callout, Card } from '@blueprintjs/core';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
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
  useEffect(() => {
    if (staff) navigate(from && (from.startsWith('/manage') || from.startsWith('/admin')) ? from : '/manage/inbox', { replace: true });
  }, [staff, from, navigate]);
  return (
    <div style={{ display: 'flex', justifyContent: 'center', paddingTop: 60 }}>
      <Card elevation={2} style={{ width: 400, padding: 28 }}>
        <h2 style={{ marginTop: 0 }}>{t('staffLogin.title')}</h2>
        <p className="ipci-muted">{t('staffLogin.hint')}</p>
        {user && !staff && (
          <Callout intent="warning" style={{ marginBottom: 15 }}>
            {t('http.forbidden', { ns: 'errors' })}
          </Callout>
        )}
        <LoginForm inDialog={false} onDone={() => undefined} />
      </Card>
    </div>
  );
}
