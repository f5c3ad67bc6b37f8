import { InputGroup } from '@blueprintjs/core';
import { useState, type ReactNode } from 'react';

/** A list's toolbar (the back office's, the public publicity list's): a search box (enter searches) followed by `children` (filters). */
export function SearchToolbar({ label, testId, onSearch, children }: { label: string; testId: string; onSearch: (q: string) => void; children: ReactNode }) {
  const [typed, setTyped] = useState('');
  return (
    <form
      className="ipci-toolbar"
      onSubmit={(e) => {
        e.preventDefault();
        onSearch(typed.trim());
      }}
    >
      <InputGroup leftIcon="search" type="search" placeholder={label} aria-label={label} value={typed} onChange={(e) => setTyped(e.target.value)} data-testid={testId} />
      {children}
    </form>
  );
}
