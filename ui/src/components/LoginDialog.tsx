import { useState, type FormEvent } from 'react';
import { Button, Callout, Dialog, DialogBody, DialogFooter, FormGroup, InputGroup } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useSession } from '../session/SessionContext';
import { ApiError } from '../api/client';
import { useSitePath } from '../lib/useLang';
import '../features/account/account.css';

/** Spec part 1 §4: a user who is not logged in gets a login dialog; the page reloads after login. */
export function LoginDialog({ reload = () => window.location.reload() }: { reload?: () => void }) {
  const { t } = useTranslation();
  const session = useSession();
  return (
    <Dialog isOpen={session.loginOpen} onClose={session.closeLogin} title={t('login.title')} icon="log-in" style={{ width: 420 }}>
      {session.loginOpen && (
        <LoginForm
          onDone={() => {
            session.closeLogin();
            reload();
          }}
          onCancel={session.closeLogin}
        />
      )}
    </Dialog>
  );
}

/**
 * Log-in by user name, bound e-mail or bound mobile number. The server's refusals are shown as they
 * come: wrong password, frozen or cancelled account, and the lock-out after repeated failures
 * ("try again in N minutes").
 */
export function LoginForm({ onDone, onCancel, inDialog = true }: { onDone: () => void; onCancel?: () => void; inDialog?: boolean }) {
  const { t } = useTranslation();
  const session = useSession();
  const site = useSitePath();
  // Registration and password recovery are site pages; the staff login (/login/admin) does not offer them.
  const onSite = useLocation().pathname.includes('/ipci');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!username.trim() || !password) {
      setError(t('signin.missing'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await session.login(username.trim(), password);
      onDone();
    } catch (err) {
      setError(err instanceof ApiError && err.message ? err.message : t('http.unavailable', { ns: 'errors' }));
    } finally {
      setBusy(false);
    }
  }

  const fields = (
    <>
      {error && (
        <Callout intent="danger" icon="error" style={{ marginBottom: 15 }} role="alert">
          {error}
        </Callout>
      )}
      <FormGroup label={t('signin.login')} labelFor="login-username">
        <InputGroup id="login-username" leftIcon="user" size="large" value={username} autoComplete="username" autoFocus onChange={(e) => setUsername(e.target.value)} />
      </FormGroup>
      <FormGroup label={t('login.password')} labelFor="login-password">
        <InputGroup id="login-password" leftIcon="lock" size="large" type="password" value={password} autoComplete="current-password" onChange={(e) => setPassword(e.target.value)} />
      </FormGroup>
      {onSite && (
        <div className="ipci-auth-links" style={{ marginBottom: 12 }}>
          <Link to={site('forgotpassword')} onClick={session.closeLogin}>
            {t('signin.forgot')}
          </Link>
          <Link to={site('register')} onClick={session.closeLogin}>
            {t('signin.register')}
          </Link>
        </div>
      )}
    </>
  );
  const actions = (
    <>
      {onCancel && <Button text={t('actions.cancel')} onClick={onCancel} />}
      <Button type="submit" intent="primary" text={t('login.submit')} loading={busy} />
    </>
  );
  return (
    <form onSubmit={submit}>
      {inDialog ? (
        <>
          <DialogBody>{fields}</DialogBody>
          <DialogFooter actions={actions} />
        </>
      ) : (
        <>
          {fields}
          <Button type="submit" intent="primary" size="large" fill text={t('login.submit')} loading={busy} />
        </>
      )}
    </form>
  );
}
