import { AnchorButton, Callout, Card, Icon, NonIdealState, Spinner, Tag, type Intent, type IconName } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { opensslVerifyCommand, SIGNING_KEYS_API, signatureFileName, type VerificationOutcome } from '../../../../domain/certificate';
import { formatIpciCode, normaliseIpciCode } from '../../../../domain/ipci';
import { api, ApiError } from '../../api/client';
import { formatDate } from '../../lib/format';
import { useLang, useSitePath } from '../../lib/useLang';
import type { Verification } from './types';
import './certificates.css';

const BANNER: Record<VerificationOutcome, { intent: Intent; icon: IconName }> = {
  verified: { intent: 'success', icon: 'endorsed' },
  takenDown: { intent: 'warning', icon: 'eye-off' },
  invalid: { intent: 'danger', icon: 'disable' },
};

/**
 * /:lang/ipci/right/certificate/:code — the public verification page the certificate's QR code
 * opens. A verified certificate shows holder, IP names, dates and how to check the file offline;
 * a taken-down or invalid one says so plainly and shows nothing about the holder (spec part 1 §4).
 */
export function CertificateVerifyPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const site = useSitePath();
  const code = normaliseIpciCode(useParams().code ?? '');
  const handed = (useLocation().state as { ipci?: Verification } | null)?.ipci;
  const [answer, setAnswer] = useState<{ ipci?: Verification; error?: string } | undefined>(handed?.code === code ? { ipci: handed } : undefined);

  useEffect(() => {
    if (handed?.code === code) return;
    let live = true;
    setAnswer(undefined);
    api
      .get<{ ipci: Verification }>(`/api/public/ipci/${encodeURIComponent(code)}`)
      .then((r) => live && setAnswer({ ipci: r.ipci }))
      .catch((e: unknown) => {
        if (!live) return;
        // A malformed code reads as "nothing found" too: the visitor only needs to re-check the input.
        if (e instanceof ApiError && (e.status === 404 || e.status === 400)) setAnswer({ error: t('certificate.notFound', { ns: 'errors' }) });
        else setAnswer({ error: t('failure.load') });
      });
    return () => {
      live = false;
    };
  }, [code, handed, t]);

  if (!answer)
    return (
      <div className="ipci-page-center">
        <Spinner />
      </div>
    );

  const back = (
    <Link to={site('right/certificate')}>
      <Icon icon="arrow-left" /> {t('certificate.verify.another')}
    </Link>
  );

  if (!answer.ipci)
    return (
      <div className="ipci-container ipci-page">
        <NonIdealState icon="search" title={formatIpciCode(code) || '—'} description={answer.error} action={back} />
      </div>
    );

  const v = answer.ipci;
  const banner = BANNER[v.outcome];
  return (
    <div className="ipci-container ipci-page ipci-verify">
      <Callout intent={banner.intent} icon={banner.icon} title={t(`certificate.verify.outcome.${v.outcome}`)} role="status" data-testid="verify-banner" className="ipci-verify-banner">
        {v.statement}
        {v.revocationCategory && (
          <p data-testid="verify-revocation">
            {t('certificate.verify.revocationCategory')}: {t(`objection.reasonCategory.${v.revocationCategory}`, { ns: 'messages' })}
          </p>
        )}
      </Callout>

      <Card className="ipci-verify-card" elevation={1}>
        <div className="ipci-verify-code">
          <span className="ipci-muted">{t('certificate.verify.code')}</span>
          <strong data-testid="verify-code">{formatIpciCode(v.code)}</strong>
          <Tag minimal intent={banner.intent}>
            {t(`certificate.verify.state.${v.state}`)}
          </Tag>
        </div>
        {v.verifiable && (
          <dl className="ipci-verify-facts">
            <dt>{t('certificate.verify.holder')}</dt>
            <dd data-testid="verify-holder">{v.holder}</dd>
            <dt>{t('certificate.verify.ipNames')}</dt>
            <dd>
              {(['zh', 'en', 'ja'] as const).map((l) => (
                <div key={l} lang={{ zh: 'zh-CN', en: 'en', ja: 'ja' }[l]}>
                  <Tag minimal className="ipci-verify-lang">
                    {t(`certificate.verify.langs.${l}`)}
                  </Tag>{' '}
                  {v.ipNames?.[l]}
                </div>
              ))}
            </dd>
            <dt>{t('certificate.verify.kind')}</dt>
            <dd>{t(`titleRegistration.mode.${v.kind}`)}</dd>
            <dt>{t('certificate.verify.identifier')}</dt>
            <dd className="ipci-mono">{v.identifier}</dd>
            <dt>{t('certificate.verify.issuedAt')}</dt>
            <dd>{formatDate(v.issuedAt, lang)}</dd>
            <dt>{t('certificate.verify.validUntil')}</dt>
            <dd>{v.validUntil ? formatDate(v.validUntil, lang) : t('certificate.verify.noEnd')}</dd>
            {v.tradeTakenDown && (
              <>
                <dt>{t('certificate.verify.listing')}</dt>
                <dd>{t('certificate.verify.tradeTakenDown')}</dd>
              </>
            )}
          </dl>
        )}
      </Card>

      {v.verifiable && (
        <Card className="ipci-verify-card">
          <h2 className="ipci-section-title">{t('certificate.how.title')}</h2>
          {v.certificate ? (
            <>
              <p>{t('certificate.how.intro')}</p>
              <dl className="ipci-verify-facts">
                <dt>{t('certificate.verify.sha256')}</dt>
                <dd className="ipci-mono" data-testid="verify-sha256">
                  {v.certificate.sha256}
                </dd>
                <dt>{t('certificate.verify.keyId')}</dt>
                <dd className="ipci-mono">{v.certificate.keyId}</dd>
              </dl>
              <div className="ipci-cert-downloads">
                <AnchorButton icon="key" href={`${SIGNING_KEYS_API}/${v.certificate.keyId}.pem`} download="ipci-signing-key.pem" text={t('certificate.how.publicKey')} />
                <AnchorButton
                  icon="document"
                  href={`data:text/plain;charset=utf-8,${encodeURIComponent(v.certificate.signature + '\n')}`}
                  download={signatureFileName(v.code)}
                  text={t('certificate.download.sig')}
                />
              </div>
              <p className="ipci-muted">{t('certificate.how.command')}</p>
              <pre className="ipci-verify-command">{opensslVerifyCommand(v.code)}</pre>
            </>
          ) : (
            <p className="ipci-muted">{t('certificate.download.notGenerated')}</p>
          )}
        </Card>
      )}
      <div>{back}</div>
    </div>
  );
}
