import { MenuItem, type Intent } from '@blueprintjs/core';
import { MultiSelect, type ItemRenderer } from '@blueprintjs/select';
import { useTranslation } from 'react-i18next';

export interface CodeItem {
  code: string;
  label: string;
}

export interface CodeMultiSelectProps {
  id: string;
  /** What may be chosen, in the order shown. */
  items: CodeItem[];
  /** The chosen codes' items, in the order their tags show. */
  selected: CodeItem[];
  value: string[];
  onChange: (codes: string[]) => void;
  placeholder: string;
  /** Shows each item's code beside it, and a typed code finds its item. */
  showCode?: boolean;
  disabled?: boolean;
  onBlur?: () => void;
  intent?: Intent;
}

/** A searchable multi-select of coded items (countries, licensable channels): a click toggles, a tag removes. */
export function CodeMultiSelect({ id, items, selected, value, onChange, placeholder, showCode = false, disabled, onBlur, intent }: CodeMultiSelectProps) {
  const { t } = useTranslation();
  const render: ItemRenderer<CodeItem> = (item, { handleClick, handleFocus, modifiers }) =>
    modifiers.matchesPredicate ? (
      <MenuItem
        key={item.code}
        text={item.label}
        label={showCode ? item.code : undefined}
        active={modifiers.active}
        roleStructure="listoption"
        selected={value.includes(item.code)}
        onClick={handleClick}
        onFocus={handleFocus}
      />
    ) : null;
  const toggle = (c: CodeItem) => onChange(value.includes(c.code) ? value.filter((x) => x !== c.code) : [...value, c.code]);
  return (
    <MultiSelect<CodeItem>
      items={items}
      selectedItems={selected}
      itemRenderer={render}
      itemPredicate={(q, item) => !q || item.label.toLowerCase().includes(q.toLowerCase()) || (showCode && item.code.toLowerCase() === q.toLowerCase())}
      onItemSelect={toggle}
      onRemove={toggle}
      tagRenderer={(c) => c.label}
      itemsEqual="code"
      disabled={disabled}
      fill
      resetOnSelect
      placeholder={placeholder}
      noResults={<MenuItem disabled text={t('form.noResults')} roleStructure="listoption" />}
      tagInputProps={{ inputProps: { id, onBlur }, intent }}
      popoverProps={{ minimal: true, matchTargetWidth: true }}
      menuProps={{ style: { maxHeight: 280, overflow: 'auto' } }}
      onClear={value.length && !disabled ? () => onChange([]) : undefined}
    />
  );
}
