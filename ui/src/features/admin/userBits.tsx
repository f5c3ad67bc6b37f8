import { useState } from 'react';
import { Button, Callout, Classes, Dialog, DialogBody, DialogFooter, FormGroup, InputGroup, Tag, type Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { UserStatus } from '../../../../domain/adminUsers';
import { freezeSchema } from '../../../../domain/adminUsers';
import { api, ApiError } from '../../api/client';
import type { AdminUser, AdminUserRow } from '../../api/types';
import { translateError } from '../../lib/format';
import { validateWithSchema } from '../../lib/validate';
import { Permitted } from '../../session/permissions';
import { useSession } from '../../session/SessionContext';
import { showToast } from '../../session/toaster';
import { ConfirmAlert } from '../../components/ConfirmAlert';

const STATUS_INTENT: Record<UserStatus, Intent> = { active: 'success', frozen: 'warning', cancelled: 'none' };

export function StatusTag({ status }: { status: UserStatus }) {
  const { t } = useTranslation();
  return (
    <Tag intent={STATUS_INTENT[status]} minimal={status === 'cancelled'} data-testid="user-status">
      {t(`admin.status.${status}`)}
    </Tag>
  );
}

/**
 * Freeze / activate / reset password for one account, each shown only with its permission element;
 * a cancelled account has none (the API answers 409), and nobody freezes themselves.
 */
export function UserActions({ user, onChange, compact = false }: { user: AdminUserRow; onChange: (u: AdminUser) => void; compact?: boolean }) {
  const { t } = useTranslation();
  const { user: me } = useSession();
  const [freezing, setFreezing] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [confirmReset, setConfirmReset] = useState(false);
  const [password, setPassword] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (user.status === 'cancelled') return null;
  const size = compact ? 'small' : 'medium';

  async function call(path: string, body?: unknown) {
    setBusy(true);
    try {
      return await api.post<{ user: AdminUser; password?: string }>(`/api/admin/users/${encodeURIComponent(user.id)}${path}`, body);
    } finally {
      setBusy(false);
    }
  }

  async function freeze() {
    const errors = await validateWithSchema(freezeSchema, { reason });
    if (errors.reason) return setReasonError(translateError(t, errors.reason));
    try {
      const r = await call('/freeze', { reason });
      setFreezing(false);
      setReason('');
      onChange(r.user);
      showToast({ intent: 'warning', icon: 'snowflake', message: t('admin.users.frozenToast', { name: user.username }) });
    } catch (e) {
      if (e instanceof ApiError) setReasonError(e.fields?.reason ?? e.message);
    }
  }

  async function activate() {
    try {
      onChange((await call('/activate')).user);
      showToast({ intent: 'success', icon: 'unlock', message: t('admin.users.activatedToast', { name: user.username }) });
    } catch {
      /* the client shows the failure */
    }
  }

  async function reset() {
    setConfirmReset(false);
    try {
      const r = await call('/reset-password');
      onChange(r.user);
      setPassword(r.password ?? null);
    } catch {
      /* the client shows the failure */
    }
  }

  return (
    <>
      <Permitted element="admin.users.freeze">
        {user.status === 'active' && user.id !== me?.id && (
          <Button size={size} variant={compact ? 'minimal' : 'outlined'} intent="warning" icon="snowflake" text={t('admin.users.freeze')} onClick={() => setFreezing(true)} />
        )}
        {user.status === 'frozen' && <Button size={size} variant={compact ? 'minimal' : 'outlined'} intent="success" icon="unlock" text={t('admin.users.activate')} loading={busy} onClick={() => void activate()} />}
      </Permitted>
      <Permitted element="admin.users.resetPassword">
        <Button size={size} variant={compact ? 'minimal' : 'outlined'} icon="key" text={t('admin.users.resetPassword')} onClick={() => setConfirmReset(true)} />
      </Permitted>

      <Dialog isOpen={freezing} onClose={() => setFreezing(false)} title={t('admin.users.freezeTitle', { name: user.username })} icon="snowflake">
        <DialogBody>
          <p>{t('admin.users.freezeHint')}</p>
          <FormGroup label={t('admin.users.freezeReason')} labelFor="freeze-reason" intent={reasonError ? 'danger' : 'none'} helperText={reasonError ?? undefined}>
            <InputGroup
              id="freeze-reason"
              value={reason}
              intent={reasonError ? 'danger' : 'none'}
              onChange={(e) => {
                setReason(e.target.value);
                setReasonError(null);
              }}
            />
          </FormGroup>
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={t('actions.cancel')} onClick={() => setFreezing(false)} />
              <Button intent="warning" icon="snowflake" text={t('admin.users.freeze')} loading={busy} onClick={() => void freeze()} />
            </>
          }
        />
      </Dialog>

      <ConfirmAlert open={confirmReset} intent="warning" icon="key" confirmText={t('admin.users.resetPassword')} onCancel={() => setConfirmReset(false)} onConfirm={() => void reset()}>
        <p>{t('admin.users.resetConfirm', { name: user.username })}</p>
      </ConfirmAlert>

      <Dialog isOpen={password !== null} onClose={() => setPassword(null)} title={t('admin.users.tempPasswordTitle')} icon="key">
        <DialogBody>
          <Callout intent="warning" icon="eye-open">
            {t('admin.users.tempPasswordHint')}
          </Callout>
          <p style={{ marginTop: 16 }}>
            <code className={Classes.CODE} data-testid="temp-password" style={{ fontSize: 18 }}>
              {password}
            </code>
          </p>
        </DialogBody>
        <DialogFooter actions={<Button intent="primary" text={t('admin.users.done')} onClick={() => setPassword(null)} />} />
      </Dialog>
    </>
  );
}
