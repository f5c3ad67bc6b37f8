import type { Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { CodeMultiSelect } from '../../components/CodeMultiSelect';
import { useDictionary } from '../../lib/useDictionary';

/** Licensable channels: a multi-select of the rightScope dictionary (admin-editable), in the reader's language. */
export function ChannelSelect({ id, value, onChange, onBlur, intent }: { id: string; value: string[]; onChange: (v: string[]) => void; onBlur?: () => void; intent?: Intent }) {
  const { t } = useTranslation();
  const { items, labelOf } = useDictionary('rightScope');
  const selected = value.map((code) => ({ code, label: labelOf(code) }));
  return <CodeMultiSelect id={id} items={items} selected={selected} value={value} onChange={onChange} onBlur={onBlur} intent={intent} placeholder={t('trade.form.chooseChannels')} />;
}
