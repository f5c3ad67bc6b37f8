import { Button, ControlGroup, InputGroup } from '@blueprintjs/core';
import { useEffect, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';

export interface SearchBoxProps {
  /** The words searched now (the box shows them again when they change elsewhere). */
  value?: string;
  onSearch: (q: string) => void;
  maxLength?: number;
  testId?: string;
  style?: CSSProperties;
}

/**
 * The IP catalogue's search box (home page and search list): enter or the button searches. The
 * search runs from the key and click handlers, not from a submit event: a navigation started inside
 * a submit becomes a React form transition, which builds a FormData of the form for nothing.
 */
export function SearchBox({ value = '', onSearch, maxLength, testId, style }: SearchBoxProps) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState(value);
  useEffect(() => setTyped(value), [value]);
  const search = () => onSearch(typed.trim());
  return (
    <form role="search" aria-label={t('catalogue.searchLabel')} style={style} onSubmit={(e) => e.preventDefault()}>
      <ControlGroup fill>
        <InputGroup
          type="search"
          size="large"
          leftIcon="search"
          aria-label={t('catalogue.searchLabel')}
          placeholder={t('catalogue.searchPlaceholder')}
          value={typed}
          maxLength={maxLength}
          onChange={(e) => setTyped(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key !== 'Enter' || e.nativeEvent.isComposing) return;
            e.preventDefault();
            search();
          }}
          data-testid={testId}
        />
        <Button type="button" size="large" intent="primary" text={t('catalogue.search')} style={{ flex: 'none' }} onClick={search} />
      </ControlGroup>
    </form>
  );
}
