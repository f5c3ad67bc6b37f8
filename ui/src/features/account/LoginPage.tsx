import { Card } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { LoginForm } from '../../components/LoginDialog';
import { useSitePath } from '../../lib/useLang';
import { useSession } from '../../session/SessionContext';
import './account.css';

/** /:lang/ipci/login — the same form as the login dialog, as a page (header link, after a password reset). */
export function LoginPage() {
  const { t } = useTranslation();
  const site = useSitePath();
  const navigate = useNavigate();
  const { user } = useSession();
  const from = (useLocation().state as { from?: string } | null)?.from;
  const target = from?.startsWith(site()) ? from : site('usercenter');
  if (user) return <Navigate to={target} replace />;
  return (
    <div className="ipci-auth-page">
      <Card className="ipci-auth-card is-narrow" elevation={1}>
        <h1 className="ipci-page-title">{t('login.title')}</h1>
        <LoginForm inDialog={false} onDone={() => navigate(target, { replace: true })} />
      </Card>
    </div>
  );
}
