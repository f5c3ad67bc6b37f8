import { Card, HTMLTable, Spinner } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PUBLICITY_NO_PATTERN } from '../../../../domain/protection';
import { SITE_PAGES } from '../../../../domain/sitePages';
import { api, ApiError } from '../../api/client';
import { ListCard } from '../../components/ListCard';
import { formatDate } from '../../lib/format';
import { useLang, useSitePath } from '../../lib/useLang';
import { showToast } from '../../session/toaster';
import { useKeysetPages } from '../invitations/useKeysetPages';
import { SearchToolbar } from '../../components/SearchToolbar';
import { inLang, KindFilter, PublicityDialog, ResultTag } from './PublicityBits';
import type { PublicityEntry, PublicityJson, PublicityPage } from './types';

const LIST = '/api/public/protection/publicity';
export const LATEST_COUNT = 5;

/** The entry `?no=` names: the row already listed, else read by its number (a shared link); a draft or a typo is a toast. */
function useLinkedEntry(no: string, listed: PublicityJson[], close: () => void) {
  const { t } = useTranslation();
  const [fetched, setFetched] = useState<PublicityJson | null>(null);
  const inList = listed.find((e) => e.publicityNo === no) ?? null;
  useEffect(() => {
    if (!no || inList || fetched?.publicityNo === no) return;
    let live = true;
    if (!PUBLICITY_NO_PATTERN.test(no)) {
      showToast({ intent: 'warning', icon: 'search', message: t('publicity.notFound') });
      close();
      return;
    }
    api
      .get<PublicityEntry>(`${LIST}/${encodeURIComponent(no)}`, undefined, { quiet: true })
      .then((r) => live && setFetched(r.entry))
      .catch((e: unknown) => {
        if (!live) return;
        showToast({ intent: 'warning', icon: 'search', message: e instanceof ApiError && e.status === 404 ? t('publicity.notFound') : t('failure.load') });
        close();
      });
    return () => {
      live = false;
    };
    // Not `close`: a new function each render; the entry to read is named by `no` alone.
  }, [no, inList, fetched, t]);
  if (!no) return null;
  return inList ?? (fetched?.publicityNo === no ? fetched : null);
}

/**
 * protect/publicity (spec part 2 §1): the published rights-protection cases, latest first — search
 * by number, title or IP name, a kind filter, keyset pages; a row opens the entry in a dialog whose
 * address (?no=<publicity number>) can be shared.
 */
export function PublicityListPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const [params, setParams] = useSearchParams();
  const [q, setQ] = useState('');
  const [kind, setKind] = useState('');
  const { first, items, next, loadMore, failed } = useKeysetPages<PublicityPage, PublicityJson>(LIST, { q: q || undefined, kind: kind || undefined }, (r) => r.items);
  const no = params.get('no') ?? '';
  const setNo = (value: string) => {
    const nextParams = new URLSearchParams(params);
    if (value) nextParams.set('no', value);
    else nextParams.delete('no');
    setParams(nextParams, { replace: !value });
  };
  const open = useLinkedEntry(no, items, () => setNo(''));
  return (
    <div className="ipci-container ipci-page ipci-stack" data-testid="publicity-page">
      <h1 className="ipci-page-title">{t('publicity.title')}</h1>
      <p className="ipci-muted">{t('publicity.intro')}</p>
      <SearchToolbar label={t('publicity.search')} testId="publicity-search" onSearch={setQ}>
        <KindFilter value={kind} onChange={setKind} testId="publicity-kind" />
      </SearchToolbar>
      <ListCard items={first ? items : null} failed={failed} empty={{ icon: 'manual', title: t('publicity.empty') }} next={next} load={() => loadMore()}>
        {(list) => (
          <HTMLTable className="ipci-table" striped interactive style={{ width: '100%' }}>
            <thead>
              <tr>
                <th>{t('publicity.fields.publicityNo')}</th>
                <th>{t('publicity.fields.title')}</th>
                <th>{t('publicity.fields.ipName')}</th>
                <th>{t('publicity.fields.kind')}</th>
                <th>{t('publicity.fields.result')}</th>
                <th>{t('publicity.fields.processedOn')}</th>
              </tr>
            </thead>
            <tbody>
              {list.map((e) => (
                <tr key={e.id} data-testid="publicity-row" onClick={() => setNo(e.publicityNo)}>
                  <td className="ipci-mono ipci-nowrap">{e.publicityNo}</td>
                  <td className="ipci-publicity-title">
                    {/* The whole row opens the entry; the link is the way in for the keyboard and screen readers. */}
                    <Link to={`?no=${encodeURIComponent(e.publicityNo)}`} onClick={(ev) => ev.stopPropagation()}>
                      {inLang(e, 'title', lang)}
                    </Link>
                  </td>
                  <td className="ipci-publicity-title">{inLang(e, 'ipName', lang)}</td>
                  <td className="ipci-nowrap">{t(`publicity.kinds.${e.kind}`)}</td>
                  <td>
                    <ResultTag result={e.result} />
                  </td>
                  <td className="ipci-nowrap">{formatDate(e.processedOn, lang)}</td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        )}
      </ListCard>
      <PublicityDialog entry={open} onClose={() => setNo('')} />
    </div>
  );
}

/** The latest published entries with a link to the whole list (the protection centre; the home page later). */
export function LatestPublicity() {
  const { t } = useTranslation();
  const lang = useLang();
  const site = useSitePath();
  const [items, setItems] = useState<PublicityJson[] | null>(null);
  useEffect(() => {
    let live = true;
    api
      .get<PublicityPage>(LIST, { limit: LATEST_COUNT }, { quiet: true })
      .then((r) => live && setItems(r.items))
      .catch(() => live && setItems([]));
    return () => {
      live = false;
    };
  }, []);
  return (
    <Card className="ipci-publicity-latest" data-testid="latest-publicity">
      <h3 className="ipci-section-title">{t('publicity.latest.title')}</h3>
      {items === null ? (
        <Spinner size={20} />
      ) : items.length === 0 ? (
        <p className="ipci-muted">{t('publicity.latest.empty')}</p>
      ) : (
        <ul>
          {items.map((e) => (
            <li key={e.id} data-testid="latest-publicity-item">
              <Link to={`${site(SITE_PAGES.protectPublicity)}?no=${encodeURIComponent(e.publicityNo)}`}>{inLang(e, 'title', lang)}</Link>
              <ResultTag result={e.result} />
              <span className="ipci-muted">{formatDate(e.processedOn, lang)}</span>
            </li>
          ))}
        </ul>
      )}
      <Link to={site(SITE_PAGES.protectPublicity)}>{t('publicity.latest.all')} →</Link>
    </Card>
  );
}
