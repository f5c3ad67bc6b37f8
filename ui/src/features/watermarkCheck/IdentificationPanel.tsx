import { Callout, Card } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatIpciCode } from '../../../../domain/ipci';
import { formatDate } from '../../lib/format';
import { useLang, useSitePath } from '../../lib/useLang';
import { CredentialsNote } from './CredentialsNote';
import { SuspectPicker } from './SuspectPicker';
import { mediaOf, useSuspectCheck } from './useSuspectCheck';
import type { PublicCheckResult } from './types';
import './watermarkCheck.css';

/** What the platform knows of a found mark: who registered it, for which IP, and the certificate to verify. */
function PublicResult({ result, what }: { result: PublicCheckResult; what: string }) {
  const { t } = useTranslation();
  const lang = useLang();
  const site = useSitePath();
  if (!result.found) {
    return (
      <Callout intent="none" icon="search" title={t('watermarkCheck.public.notFound')} data-testid="identify-not-found">
        {t('watermarkCheck.public.notFoundHint', { what })}
        <CredentialsNote credentials={result.credentials} />
      </Callout>
    );
  }
  return (
    <Callout intent="success" icon="endorsed" title={t('watermarkCheck.public.found', { what })} data-testid="identify-found">
      <dl className="ipci-dl ipci-suspect-facts">
        <dt>{t('watermarkCheck.public.owner')}</dt>
        <dd data-testid="identify-owner">{result.owner ?? t('watermarkCheck.public.ownerUnknown')}</dd>
        {result.ipName && (
          <>
            <dt>{t('watermarkCheck.public.ip')}</dt>
            <dd data-testid="identify-ip">{result.ipName}</dd>
          </>
        )}
        {result.ipciCode && (
          <>
            <dt>{t('watermarkCheck.public.ipciCode')}</dt>
            <dd>
              <Link to={site(`right/certificate/${result.ipciCode}`)} data-testid="identify-verify">
                {formatIpciCode(result.ipciCode)}
              </Link>
              {result.ipciVerifiable === false && <div className="ipci-muted">{t('watermarkCheck.public.notVerifiable')}</div>}
            </dd>
          </>
        )}
        <dt>{t('watermarkCheck.public.registeredAt')}</dt>
        <dd>{formatDate(result.registeredAt, lang)}</dd>
      </dl>
      <CredentialsNote credentials={result.credentials} />
    </Callout>
  );
}

/**
 * protect/antifake's online identification: anyone drops a suspect picture and learns whether it
 * carries a platform watermark and, if so, who registered it for which IP, with the IPCI to verify.
 */
export function IdentificationPanel() {
  const { t } = useTranslation();
  const { file, check, progress, result, error } = useSuspectCheck<PublicCheckResult>('/api/watermark-checks');
  return (
    <Card className="ipci-stack" data-testid="identification-panel">
      <h2 className="ipci-page-title">{t('watermarkCheck.public.title')}</h2>
      <p className="ipci-muted">{t('watermarkCheck.public.lead')}</p>
      <SuspectPicker onPick={(f) => void check(f)} file={file} progress={progress} testId="identify" />
      {error && (
        <Callout intent="danger" icon="error" data-testid="identify-error">
          {error}
        </Callout>
      )}
      {result && file && <PublicResult result={result} what={t(`watermarkCheck.media.${mediaOf(file)}`)} />}
    </Card>
  );
}
