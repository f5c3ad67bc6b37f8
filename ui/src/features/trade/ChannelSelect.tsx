import { MenuItem } from '@blueprintjs/core';
import { MultiSelect, type ItemRenderer } from '@blueprintjs/select';
import { useTranslation } from 'react-i18next';
import { useDictionary } from '../../lib/useDictionary';

interface Channel {
  code: string;
  label: string;
}

/** Licensable channels: a multi-select of the rightScope dictionary (admin-editable), in the reader's language. */
export function ChannelSelect({ id, value, onChange, onBlur, intent }: { id: string; value: string[]; onChange: (v: string[]) => void; onBlur?: () => void; intent?: 'danger' | 'none' }) {
  const { t } = useTranslation();
  const { items, labelOf } = useDictionary('rightScope');
  const selected = value.map((code) => ({ code, label: labelOf(code) }));
  const render: ItemRenderer<Channel> = (item, { handleClick, handleFocus, modifiers }) =>
    modifiers.matchesPredicate ? (
      <MenuItem
        key={item.code}
        text={item.label}
        active={modifiers.active}
        roleStructure="listoption"
        selected={value.includes(item.code)}
        onClick={handleClick}
        onFocus={handleFocus}
      />
    ) : null;
  const toggle = (c: Channel) => onChange(value.includes(c.code) ? value.filter((x) => x !== c.code) : [...value, c.code]);
  return (
    <MultiSelect<Channel>
      items={items}
      selectedItems={selected}
      itemRenderer={render}
      itemPredicate={(q, item) => !q || item.label.toLowerCase().includes(q.toLowerCase())}
      onItemSelect={toggle}
      onRemove={toggle}
      tagRenderer={(c) => c.label}
      itemsEqual="code"
      fill
      resetOnSelect
      placeholder={t('trade.form.chooseChannels')}
      noResults={<MenuItem disabled text={t('form.noResults')} roleStructure="listoption" />}
      tagInputProps={{ inputProps: { id, onBlur }, intent }}
      popoverProps={{ minimal: true, matchTargetWidth: true }}
      menuProps={{ style: { maxHeight: 280, overflow: 'auto' } }}
      onClear={value.length ? () => onChange([]) : undefined}
    />
  );
}
