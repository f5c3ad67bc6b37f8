import { Tag, type Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

const INTENT: Record<string, Intent> = { none: 'none', '1': 'primary', '2': 'danger', '3': 'success' };

export function IdentityStateTag({ state }: { state: 1 | 2 | 3 | null | undefined }) {
  const { t } = useTranslation();
  const key = state ? String(state) : 'none';
  return (
    <Tag minimal intent={INTENT[key]} round>
      {t(`identityState.${key}`)}
    </Tag>
  );
}
