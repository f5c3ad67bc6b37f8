import type { ReactNode } from 'react';
import { Card, NonIdealState, Spinner, type IconName } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { LoadMore } from './LoadMore';

export interface ListCardProps<T> {
  /** null while the first page loads. */
  items: T[] | null;
  /** A failed load: its message, or true for the generic one. */
  failed?: string | boolean | null;
  empty: { icon: IconName; title: string };
  /** Keyset paging: the next cursor and how to append that page. */
  next?: string | null;
  load?: (cursor: string) => Promise<unknown>;
  children: (items: T[]) => ReactNode;
}

/** A card holding a paged list: a spinner while loading, the failure or empty state, then the list and "load more". */
export function ListCard<T>({ items, failed, empty, next = null, load, children }: ListCardProps<T>) {
  const { t } = useTranslation();
  return (
    <Card style={{ padding: 0 }}>
      {failed ? (
        <div className="ipci-card-empty">
          <NonIdealState icon="error" title={typeof failed === 'string' ? failed : t('failure.load')} />
        </div>
      ) : items === null ? (
        <div style={{ padding: 24 }}>
          <Spinner size={24} />
        </div>
      ) : items.length === 0 ? (
        <div className="ipci-card-empty">
          <NonIdealState icon={empty.icon} title={empty.title} />
        </div>
      ) : (
        <>
          <div className="ipci-list-scroll">{children(items)}</div>
          {load && <LoadMore next={next} load={load} />}
        </>
      )}
    </Card>
  );
}
