import { Icon } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { CredentialsSummary } from '../../../../domain/credentials';
import { formatIpciCode } from '../../../../domain/ipci';
import { formatDate } from '../../lib/format';
import { useLang } from '../../lib/useLang';

/**
 * What the suspect's content credentials (C2PA manifest) say, beside its watermark: signed by the
 * platform for an owner and IP; valid but signed by someone else (a look-alike, not to be relied on);
 * present but no longer holding (and why); or none — a recompressed copy keeps its watermark but
 * loses its manifest, so "none" is not a bad sign by itself.
 */
export function CredentialsNote({ credentials: c }: { credentials: CredentialsSummary | null | undefined }) {
  const { t } = useTranslation();
  const lang = useLang();
  if (c === undefined) return null;
  if (c === null) {
    return (
      <p className="ipci-muted ipci-credentials" data-testid="credentials-none">
        <Icon icon="document" size={14} /> {t('watermarkCheck.credentials.none')}
      </p>
    );
  }
  const what = [c.owner, c.ipName, c.ipciCode && formatIpciCode(c.ipciCode)].filter(Boolean).join(' · ');
  if (!c.valid) {
    return (
      <p className="ipci-credentials is-warning" data-testid="credentials-broken">
        <Icon icon="warning-sign" size={14} /> {t('watermarkCheck.credentials.broken', { problem: t(`watermarkCheck.credentials.problem.${c.problem ?? 'malformed'}`) })}
      </p>
    );
  }
  if (!c.platform) {
    return (
      <p className="ipci-credentials is-warning" data-testid="credentials-foreign">
        <Icon icon="warning-sign" size={14} /> {t('watermarkCheck.credentials.foreign', { issuer: c.issuer ?? '—' })}
      </p>
    );
  }
  return (
    <p className="ipci-credentials is-valid" data-testid="credentials-platform">
      <Icon icon="endorsed" size={14} /> {t('watermarkCheck.credentials.platform', { what: what || '—', date: formatDate(c.signedAt, lang) })}
    </p>
  );
}
