import { NonIdealState, Spinner } from '@blueprintjs/core';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * What a case's detail page shows until its detail is there: a spinner, or why it could not
 * be read (`notFound` for a 404, else the load failure) with the way back.
 */
export function DetailFallback({ failure, notFound, back }: { failure: 'notFound' | 'failed' | null; notFound: string; back: ReactElement }) {
  const { t } = useTranslation();
  if (failure) return <NonIdealState icon="issue" title={failure === 'notFound' ? notFound : t('failure.load')} action={back} />;
  return (
    <div className="ipci-page-center">
      <Spinner />
    </div>
  );
}
