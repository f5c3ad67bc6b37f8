import { Callout, Card, Tab, Tabs, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { CredentialsSummary } from '../../../../domain/credentials';
import { formatIpciCode } from '../../../../domain/ipci';
import { ListCard } from '../../components/ListCard';
import { formatBytes, formatDate, formatDateTime } from '../../lib/format';
import { useLang } from '../../lib/useLang';
import { useKeysetPages } from '../invitations/useKeysetPages';
import { CredentialsNote } from './CredentialsNote';
import { SuspectPicker } from './SuspectPicker';
import { mediaOf, useSuspectCheck } from './useSuspectCheck';
import type { CheckPage, CheckRow, OwnCheckResult } from './types';
import './watermarkCheck.css';

const TABS = ['check', 'detected'] as const;

/** The answer to the owner's own check: one of their copies (named), someone else's mark (not named), or none. */
function OwnResult({ result, what }: { result: OwnCheckResult; what: string }) {
  const { t } = useTranslation();
  const lang = useLang();
  if (!result.found) {
    return (
      <Callout icon="search" title={t('watermarkCheck.own.notFound', { what })} data-testid="detect-not-found">
        <CredentialsNote credentials={result.credentials} />
      </Callout>
    );
  }
  if (!result.mine) {
    return (
      <Callout intent="warning" icon="warning-sign" title={t('watermarkCheck.own.notYours', { what })} data-testid="detect-not-yours">
        {t('watermarkCheck.own.notYoursHint')}
        <CredentialsNote credentials={result.credentials} />
      </Callout>
    );
  }
  return (
    <Callout intent="success" icon="endorsed" title={t('watermarkCheck.own.yours', { what })} data-testid="detect-yours">
      <dl className="ipci-dl ipci-suspect-facts">
        <dt>{t('watermarkCheck.own.copy')}</dt>
        <dd data-testid="detect-name">
          {result.name}
          {result.copyFileId && (
            <>
              {' · '}
              <a href={`/api/gallery/files/${encodeURIComponent(result.copyFileId)}`} target="_blank" rel="noreferrer" data-testid="detect-open-copy">
                {t('watermarkCheck.own.openCopy')}
              </a>
            </>
          )}
        </dd>
        <dt>{t('watermarkCheck.own.createdAt')}</dt>
        <dd>{formatDate(result.createdAt, lang)}</dd>
        {result.ipciCode && (
          <>
            <dt>{t('watermarkCheck.public.ip')}</dt>
            <dd>
              {result.ipName} · {formatIpciCode(result.ipciCode)}
            </dd>
          </>
        )}
      </dl>
      <CredentialsNote credentials={result.credentials} />
    </Callout>
  );
}

/** In a list, what the checked file's content credentials were: the platform's, someone else's, or broken. */
function CredentialsTag({ credentials: c }: { credentials: CredentialsSummary }) {
  const { t } = useTranslation();
  const kind = !c.valid ? 'broken' : c.platform ? 'platform' : 'foreign';
  return (
    <Tag minimal icon={kind === 'platform' ? 'endorsed' : 'warning-sign'} intent={kind === 'platform' ? 'success' : 'warning'} data-testid="check-credentials">
      {t(`watermarkCheck.credentials.tag.${kind}`)}
    </Tag>
  );
}

/** One check in a list: the evidence thumbnail where there is one, when, where from, which file and which copy. */
function CheckLine({ c, detected }: { c: CheckRow; detected: boolean }) {
  const { t } = useTranslation();
  const lang = useLang();
  const outcome = detected ? null : c.mine ? 'yours' : c.found ? 'notYours' : 'notFound';
  return (
    <li className="ipci-check-row" data-testid="check-row">
      <div className="ipci-check-thumb">
        {c.thumbnail ? <img src={`/api/watermark-checks/detected/${encodeURIComponent(c.id)}/thumbnail`} alt={c.fileName} loading="lazy" /> : <span aria-hidden>—</span>}
      </div>
      <div className="ipci-check-body">
        <div className="ipci-check-name" title={c.fileName}>
          {c.fileName}
        </div>
        <div className="ipci-muted">
          {formatDateTime(c.checkedAt, lang, { zone: true })} · {formatBytes(c.fileSize)}
        </div>
        {c.item && (
          <div data-testid="check-copy">
            {t('watermarkCheck.detected.copy', { name: c.item.name ?? '—' })}
            {c.item.ipciCode && ` · ${formatIpciCode(c.item.ipciCode)}`}
            {c.item.copyFileId && (
              <>
                {' · '}
                <a href={`/api/gallery/files/${encodeURIComponent(c.item.copyFileId)}`} target="_blank" rel="noreferrer" data-testid="check-open-copy">
                  {t('watermarkCheck.own.openCopy')}
                </a>
              </>
            )}
          </div>
        )}
      </div>
      <div className="ipci-check-tags">
        {detected ? (
          <Tag minimal intent={c.origin === 'public' ? 'warning' : 'primary'} data-testid="check-origin">
            {t(`watermarkCheck.origin.${c.origin}`)}
          </Tag>
        ) : (
          <Tag minimal intent={outcome === 'yours' ? 'success' : outcome === 'notYours' ? 'warning' : 'none'}>
            {t(`watermarkCheck.outcome.${outcome}`)}
          </Tag>
        )}
        {c.media === 'video' && (
          <Tag minimal icon="video" data-testid="check-video">
            {t('watermarkCheck.media.video')}
          </Tag>
        )}
        {c.credentials && <CredentialsTag credentials={c.credentials} />}
      </div>
    </li>
  );
}

function CheckList({ path, detected, empty }: { path: string; detected: boolean; empty: string }) {
  const list = useKeysetPages<CheckPage, CheckRow>(path, {}, (r) => r.items);
  return (
    <ListCard items={list.first ? list.items : null} failed={list.failed} empty={{ icon: 'tint', title: empty }} next={list.next} load={() => list.loadMore()}>
      {(items) => (
        <ul className="ipci-check-list" data-testid={detected ? 'detected-list' : 'own-checks'}>
          {items.map((c) => (
            <CheckLine key={c.id} c={c} detected={detected} />
          ))}
        </ul>
      )}
    </ListCard>
  );
}

function CheckTab() {
  const { t } = useTranslation();
  const { file, check, progress, result, error, answered } = useSuspectCheck<OwnCheckResult>('/api/watermarks/detect');
  return (
    <div className="ipci-stack">
      <Card className="ipci-stack">
        <p className="ipci-muted">{t('watermarkCheck.own.lead')}</p>
        <SuspectPicker onPick={(f) => void check(f)} file={file} progress={progress} testId="detect" />
        {error && (
          <Callout intent="danger" icon="error" data-testid="detect-error">
            {error}
          </Callout>
        )}
        {result && file && <OwnResult result={result} what={t(`watermarkCheck.media.${mediaOf(file)}`)} />}
      </Card>
      <h3 className="ipci-page-title">{t('watermarkCheck.own.history')}</h3>
      {/* Read again after each check, so the new one heads the list. */}
      <CheckList key={answered} path="/api/watermarks/detect" detected={false} empty={t('watermarkCheck.own.historyEmpty')} />
    </div>
  );
}

/**
 * usercenter/watermarkdetect (issue 14): the user checks any picture against their own watermarks,
 * and the `detected watermark` tab lists every check — on the public page or their own — that found
 * one of their marks, with the thumbnail kept as evidence.
 */
export function WatermarkDetectPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab = TABS.find((x) => x === params.get('tab')) ?? 'check';
  return (
    <div className="ipci-stack" data-testid="watermark-detect-page">
      <h2 className="ipci-page-title">{t('watermarkCheck.own.title')}</h2>
      <Tabs id="watermark-detect" selectedTabId={tab} onChange={(id) => setParams(id === 'check' ? {} : { tab: String(id) }, { replace: true })}>
        {TABS.map((x) => (
          <Tab key={x} id={x} title={t(`watermarkCheck.tabs.${x}`)} data-testid={`tab-${x}`} />
        ))}
      </Tabs>
      {tab === 'check' ? (
        <CheckTab />
      ) : (
        <div className="ipci-stack">
          <p className="ipci-muted">{t('watermarkCheck.detected.lead')}</p>
          <CheckList path="/api/watermark-checks/detected" detected empty={t('watermarkCheck.detected.empty')} />
        </div>
      )}
    </div>
  );
}
