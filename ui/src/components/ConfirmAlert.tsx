import { Alert, type IconName, type Intent } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface ConfirmAlertProps {
  open: boolean;
  intent?: Intent;
  icon?: IconName;
  /** The button that does it, named after what it does ("Delete", "Take down"). */
  confirmText: string;
  /** The button that backs out: "Cancel" unless the page says "Keep" or the like. */
  cancelText?: string;
  /** While the confirmed request runs: the confirm button spins and neither button can be pressed again. */
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  /** The question asked. */
  children: ReactNode;
}

/** The question asked before anything that cannot simply be undone (part 2 §8's confirmations), one look everywhere. */
export function ConfirmAlert({ open, intent, icon, confirmText, cancelText, busy, onConfirm, onCancel, children }: ConfirmAlertProps) {
  const { t } = useTranslation();
  return (
    <Alert
      isOpen={open}
      intent={intent}
      icon={icon}
      confirmButtonText={confirmText}
      cancelButtonText={cancelText ?? t('actions.cancel')}
      loading={busy}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      {children}
    </Alert>
  );
}
