import { Button, FormGroup, HTMLSelect, NonIdealState, Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { CATALOGUE_QUERY_MAX, CATALOGUE_SORTS, type CataloguePageJson } from '../../../../domain/catalogue';
import { TRADE_STATUSES } from '../../../../domain/licences';
import { EXCLUSIVITY, RIGHTS_TERMS, SUBLICENSING } from '../../../../domain/titleRegistration';
import { LoadMore } from '../../components/LoadMore';
import { SearchBox } from '../../components/SearchBox';
import { useCountryOptions } from '../../components/CountrySelect';
import { useDictionary } from '../../lib/useDictionary';
import { useKeysetPages } from '../invitations/useKeysetPages';
import { IpCard } from './IpCard';
import './catalogue.css';

/** The list's query, all of it in the address (shareable, and the home page's search lands here with ?q=). */
const FIELDS = ['q', 'category', 'country', 'exclusive', 'sublicensing', 'termType', 'tradeStatus', 'sort'] as const;
type Field = (typeof FIELDS)[number];

/**
 * /:lang/ipci/right — the public IP search and filter list (spec part 1 §2): a search box (name in any
 * language, holder or company, IPCI code), filters, three sorts and keyset pages; nothing found reads
 * the spec's message (§8).
 */
export function CataloguePage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const query = Object.fromEntries(FIELDS.map((f) => [f, params.get(f) ?? ''])) as Record<Field, string>;
  // Words arriving from elsewhere (the home page's search, a shared link) are cut to what the API takes.
  query.q = query.q.trim().slice(0, CATALOGUE_QUERY_MAX);
  const categories = useDictionary('ipCategory');
  const countries = useCountryOptions();
  const { items, first, next, loadMore, failed } = useKeysetPages<CataloguePageJson, CataloguePageJson['items'][number]>(
    '/api/public/ip',
    Object.fromEntries(Object.entries(query).filter(([, v]) => v)),
    (r) => r.items,
  );

  const set = (changes: Partial<Record<Field, string>>) => {
    const nextParams = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v) nextParams.set(k, v);
      else nextParams.delete(k);
    }
    setParams(nextParams, { replace: false });
  };

  const select = (field: Field, options: Array<{ value: string; label: string }>, allLabel = t('catalogue.all')) => (
    <FormGroup label={t(`catalogue.filter.${field}`)} labelFor={`catalogue-${field}`} className="ipci-catalogue-filter">
      <HTMLSelect id={`catalogue-${field}`} fill value={query[field]} onChange={(e) => set({ [field]: e.currentTarget.value })}>
        {allLabel && <option value="">{allLabel}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </HTMLSelect>
    </FormGroup>
  );
  const filtered = FIELDS.some((f) => f !== 'q' && f !== 'sort' && query[f]);

  return (
    <div className="ipci-container ipci-page ipci-catalogue">
      <h1 className="ipci-page-title">{t('catalogue.title')}</h1>
      <p className="ipci-muted">{t('catalogue.intro')}</p>
      <div className="ipci-catalogue-search">
        <SearchBox value={query.q} maxLength={CATALOGUE_QUERY_MAX} onSearch={(q) => set({ q })} testId="catalogue-q" />
      </div>

      <section className="ipci-catalogue-filters" aria-label={t('catalogue.filtersLabel')}>
        {select(
          'category',
          categories.items.map((c) => ({ value: c.code, label: c.label })),
        )}
        {select(
          'country',
          countries.map((c) => ({ value: c.code, label: c.name })),
        )}
        {select(
          'exclusive',
          EXCLUSIVITY.map((v) => ({ value: v, label: t(`titleRegistration.exclusive.${v}`) })),
        )}
        {select(
          'sublicensing',
          SUBLICENSING.map((v) => ({ value: v, label: t(`titleRegistration.sublicensing.${v}`) })),
        )}
        {select(
          'termType',
          RIGHTS_TERMS.map((v) => ({ value: v, label: t(`titleRegistration.term.${v}`) })),
        )}
        {select(
          'tradeStatus',
          TRADE_STATUSES.map((v) => ({ value: v, label: t(`catalogue.tradeStatus.${v}`) })),
        )}
        {select(
          'sort',
          CATALOGUE_SORTS.map((v) => ({ value: v === 'newest' ? '' : v, label: t(`catalogue.sort.${v}`) })),
          '',
        )}
        <div className="ipci-catalogue-reset">
          {filtered && <Button variant="minimal" icon="filter-remove" text={t('catalogue.reset')} onClick={() => set({ category: '', country: '', exclusive: '', sublicensing: '', termType: '', tradeStatus: '' })} />}
        </div>
      </section>

      <section aria-label={t('catalogue.results')} aria-busy={!first && !failed}>
        {failed ? (
          <NonIdealState icon="error" title={failed} />
        ) : !first ? (
          <div className="ipci-page-center">
            <Spinner />
          </div>
        ) : items.length === 0 ? (
          <div data-testid="catalogue-empty">
            <NonIdealState icon="search" title={t('catalogue.empty')} />
          </div>
        ) : (
          <>
            <div className="ipci-catalogue-grid">
              {items.map((ip) => (
                <IpCard key={ip.id} ip={ip} />
              ))}
            </div>
            <LoadMore next={next} load={loadMore} />
          </>
        )}
      </section>
    </div>
  );
}
