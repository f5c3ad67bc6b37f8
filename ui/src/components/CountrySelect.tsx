import { useMemo } from 'react';
import { HTMLSelect, MenuItem } from '@blueprintjs/core';
import { MultiSelect, type ItemRenderer } from '@blueprintjs/select';
import { useTranslation } from 'react-i18next';
import { COUNTRY_CODES } from '../../../domain/countries';
import { countryName } from '../lib/format';
import { useLang } from '../lib/useLang';

const FIRST = ['CN', 'HK', 'MO', 'TW'];

export function useCountryOptions() {
  const lang = useLang();
  return useMemo(() => {
    const collator = new Intl.Collator(lang);
    const rest = COUNTRY_CODES.filter((c) => !FIRST.includes(c)).sort((a, b) => collator.compare(countryName(a, lang), countryName(b, lang)));
    return [...FIRST, ...rest].map((code) => ({ code, name: countryName(code, lang) }));
  }, [lang]);
}

export function CountrySelect({ id, value, onChange, disabled, onBlur }: { id: string; value: string; onChange: (v: string) => void; disabled?: boolean; onBlur?: () => void }) {
  const { t } = useTranslation();
  const options = useCountryOptions();
  return (
    <HTMLSelect id={id} fill value={value ?? ''} disabled={disabled} onBlur={onBlur} onChange={(e) => onChange(e.currentTarget.value)}>
      <option value="">{t('form.choose')}</option>
      {options.map((o) => (
        <option key={o.code} value={o.code}>
          {o.name}
        </option>
      ))}
    </HTMLSelect>
  );
}

interface Country {
  code: string;
  name: string;
}

export function CountryMultiSelect({ id, value, onChange, disabled }: { id: string; value: string[]; onChange: (v: string[]) => void; disabled?: boolean }) {
  const { t } = useTranslation();
  const options = useCountryOptions();
  const selected = options.filter((o) => value.includes(o.code));
  const render: ItemRenderer<Country> = (item, { handleClick, handleFocus, modifiers }) =>
    modifiers.matchesPredicate ? (
      <MenuItem
        key={item.code}
        text={item.name}
        label={item.code}
        active={modifiers.active}
        roleStructure="listoption"
        selected={value.includes(item.code)}
        onClick={handleClick}
        onFocus={handleFocus}
      />
    ) : null;
  const toggle = (c: Country) => onChange(value.includes(c.code) ? value.filter((x) => x !== c.code) : [...value, c.code]);
  return (
    <MultiSelect<Country>
      items={options}
      selectedItems={selected}
      itemRenderer={render}
      itemPredicate={(q, item) => !q || item.name.toLowerCase().includes(q.toLowerCase()) || item.code.toLowerCase() === q.toLowerCase()}
      onItemSelect={toggle}
      onRemove={(c) => toggle(c)}
      tagRenderer={(c) => c.name}
      itemsEqual="code"
      disabled={disabled}
      fill
      resetOnSelect
      placeholder={t('form.chooseMany')}
      noResults={<MenuItem disabled text={t('form.noResults')} roleStructure="listoption" />}
      tagInputProps={{ inputProps: { id } }}
      popoverProps={{ minimal: true, matchTargetWidth: true }}
      menuProps={{ style: { maxHeight: 280, overflow: 'auto' } }}
      onClear={value.length && !disabled ? () => onChange([]) : undefined}
    />
  );
}
