import { useState } from 'react';
import { Button } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

export interface LoadMoreProps {
  /** The cursor of the next page; nothing is shown without one. */
  next: string | null;
  load: (cursor: string) => Promise<unknown>;
  onError?: (error: Error) => void;
  text?: string;
}

/** The button under a keyset-paged list that appends its next page. */
export function LoadMore({ next, load, onError, text }: LoadMoreProps) {
  const { t } = useTranslation();
  const [loading, setLoading] = useState(false);
  if (!next) return null;
  return (
    <div className="ipci-load-more">
      <Button
        icon="more"
        text={text ?? t('inbox.loadMore')}
        loading={loading}
        onClick={() => {
          setLoading(true);
          load(next)
            .catch((e: Error) => onError?.(e))
            .finally(() => setLoading(false));
        }}
      />
    </div>
  );
}
