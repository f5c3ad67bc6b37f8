import { Tag, type Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { CancellationStatus } from '../../../../domain/security';

const INTENT: Record<CancellationStatus, Intent> = { pending: 'primary', approved: 'danger', rejected: 'warning', withdrawn: 'none' };

export function CancellationStatusTag({ status }: { status: CancellationStatus }) {
  const { t } = useTranslation();
  return (
    <Tag minimal intent={INTENT[status]} style={{ marginLeft: 8 }} data-testid="cancellation-status">
      {t(`security.status.${status}`)}
    </Tag>
  );
}
