import { useMemo } from 'react';
import { HTMLSelect } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { COUNTRY_CODES } from '../../../domain/countries';
import { countryName } from '../lib/format';
import { useLang } from '../lib/useLang';
import { CodeMultiSelect } from './CodeMultiSelect';

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

/** Several countries (codes shown beside their names; a typed code finds its country). */
export function CountryMultiSelect({ id, value, onChange, disabled }: { id: string; value: string[]; onChange: (v: string[]) => void; disabled?: boolean }) {
  const { t } = useTranslation();
  const options = useCountryOptions();
  const items = useMemo(() => options.map((o) => ({ code: o.code, label: o.name })), [options]);
  const selected = items.filter((o) => value.includes(o.code));
  return <CodeMultiSelect id={id} items={items} selected={selected} value={value} onChange={onChange} disabled={disabled} showCode placeholder={t('form.chooseMany')} />;
}
