import { Button, Card, ControlGroup, Icon, InputGroup, NonIdealState, Spinner, type IconName } from '@blueprintjs/core';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { LoadMore } from '../../components/LoadMore';

/** A public directory's search: the directory's filters (`children`), then a part of a name, sent with the button. */
export function DirectorySearch({ label, button, testId, onSearch, children }: { label: string; button: string; testId: string; onSearch: (q: string) => void; children?: ReactNode }) {
  const [typed, setTyped] = useState('');
  return (
    <form
      className="ipci-lawfirm-filters"
      role="search"
      onSubmit={(e) => {
        e.preventDefault();
        onSearch(typed.trim());
      }}
    >
      {children}
      <ControlGroup className="ipci-lawfirm-search">
        <InputGroup type="search" leftIcon="search" fill aria-label={label} placeholder={label} value={typed} maxLength={100} onChange={(e) => setTyped(e.currentTarget.value)} data-testid={testId} />
        <Button type="submit" intent="primary" text={button} />
      </ControlGroup>
    </form>
  );
}

/** A public directory's cards in keyset pages: the failure, a spinner until the first page, the empty state, then the grid and "more". */
export function DirectoryGrid<T>({
  page,
  empty,
  more,
  children,
}: {
  page: { first: unknown; items: T[]; next: string | null; loadMore: () => Promise<unknown>; failed: string | null };
  empty: { icon: IconName; title: string };
  more: string;
  children: (item: T) => ReactNode;
}) {
  if (page.failed) return <NonIdealState icon="error" title={page.failed} />;
  if (!page.first) return <Spinner />;
  if (page.items.length === 0) return <NonIdealState icon={empty.icon} title={empty.title} />;
  return (
    <>
      <div className="ipci-lawfirm-grid">{page.items.map(children)}</div>
      <LoadMore next={page.next} load={() => page.loadMore()} text={more} />
    </>
  );
}

/** One card of a directory: its first picture (or the directory's icon), its name, then what the directory shows of it. */
export function DirectoryCard({ to, image, icon, name, testPrefix, children }: { to: string; image?: string; icon: IconName; name: string; testPrefix: string; children: ReactNode }) {
  return (
    <Card className="ipci-lawfirm-card" elevation={1} data-testid={`${testPrefix}-card`}>
      <Link to={to} className="ipci-lawfirm-card-link">
        <div className="ipci-lawfirm-cover">{image ? <img src={image} alt="" loading="lazy" /> : <Icon icon={icon} size={32} />}</div>
        <div className="ipci-lawfirm-card-body">
          <h3 className="ipci-lawfirm-name" title={name} data-testid={`${testPrefix}-name`}>
            {name}
          </h3>
          {children}
        </div>
      </Link>
    </Card>
  );
}

/** A label and its value in a detail's list; a missing value reads as a dash. */
export const detailRow = (label: string, v: ReactNode, testId?: string) => [
  <dt key={`${label}-l`}>{label}</dt>,
  <dd key={`${label}-v`} data-testid={testId}>
    {v || '—'}
  </dd>,
];
