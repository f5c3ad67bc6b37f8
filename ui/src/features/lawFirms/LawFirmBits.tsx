import { Callout, Card, Icon, Tag, type Intent } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ipNameIn } from '../../../../domain/ipNames';
import { LAW_FIRM_FIELDS, LAW_FIRM_UPLOAD_FIELDS, type LawFirmData, type LawFirmState } from '../../../../domain/lawFirms';
import { UploadPreview } from '../../components/UploadPreview';
import { countryName, formatDate } from '../../lib/format';
import { useLang } from '../../lib/useLang';
import type { LawFirmApplicationJson, UploadMap } from './types';
import './lawFirms.css';

const STATE_INTENT: Record<LawFirmState, Intent> = {
  documents: 'none',
  review: 'primary',
  correction: 'warning',
  awaitingPayment: 'warning',
  listed: 'success',
  suspended: 'danger',
  lapsed: 'none',
  expired: 'none',
};

export function LawFirmStateTag({ state }: { state: LawFirmState }) {
  const { t } = useTranslation();
  return (
    <Tag minimal intent={STATE_INTENT[state]} data-testid="lawfirm-state">
      {t(`lawFirm.states.${state}`)}
    </Tag>
  );
}

export function RecommendedTag() {
  const { t } = useTranslation();
  return (
    <Tag intent="warning" icon="star" data-testid="lawfirm-recommended">
      {t('lawFirm.directory.recommended')}
    </Tag>
  );
}

/** The firm's name in the reader's language, the Chinese one when the firm gave none in it. */
export function useFirmName() {
  const lang = useLang();
  return (names: LawFirmApplicationJson['names']) => ipNameIn(names, lang);
}

/** Serviceable countries by name in the reader's language. */
export function useCountryList() {
  const lang = useLang();
  return (codes: readonly string[]) => codes.map((c) => countryName(c, lang)).join(lang === 'en-US' ? ', ' : '、');
}

/** A website written by the firm, as a link that leaves the platform. */
export function WebsiteLink({ url }: { url: string }) {
  if (!url) return <>—</>;
  return (
    <a href={url} target="_blank" rel="noopener noreferrer nofollow" className="ipci-lawfirm-text" data-testid="lawfirm-website">
      {url} <Icon icon="share" size={12} />
    </a>
  );
}

/**
 * One text value of the form as the reader sees it: organisation form, countries and the founding
 * date translated, the rest as the firm wrote it.
 */
export function useFieldValue() {
  const { t } = useTranslation();
  const lang = useLang();
  const countries = useCountryList();
  return (name: string, data: Partial<LawFirmData>): ReactNode => {
    const v = (data as Record<string, unknown>)[name];
    if (name === 'organisationForm') return v ? t(`lawFirm.orgForms.${String(v)}`) : '—';
    if (name === 'countries') return countries((v as string[]) ?? []) || '—';
    if (name === 'foundedOn') return formatDate(v as string, lang);
    if (name === 'website') return <WebsiteLink url={String(v ?? '')} />;
    if (v === undefined || v === null || v === '') return '—';
    return String(v);
  };
}

/** A directory's application form: its fields in order, its file fields, and the prefix of its test ids. */
export interface ListingFields {
  fields: readonly string[];
  fileFields: Readonly<Record<string, string>>;
  testPrefix: string;
}
const LAW_FIRM_LISTING: ListingFields = { fields: LAW_FIRM_FIELDS, fileFields: LAW_FIRM_UPLOAD_FIELDS, testPrefix: 'lawfirm' };

/**
 * Every field of an application with its files, as staff and the applicant read it; after a failed
 * review the flagged fields are marked with staff's reasons. Law firms' fields unless `listing`
 * names another directory's (the manufacturers').
 */
export function ApplicationFields({ data, uploads, flags, listing = LAW_FIRM_LISTING }: { data: object; uploads: UploadMap; flags?: Record<string, string> | null; listing?: ListingFields }) {
  const { t } = useTranslation();
  const value = useFieldValue();
  const { fields, fileFields, testPrefix } = listing;
  return (
    <dl className="ipci-dl ipci-lawfirm-fields" data-testid={`${testPrefix}-fields`}>
      {fields.map((name) => {
        const reason = flags?.[name];
        const files = name in fileFields ? ((data as Record<string, unknown>)[name] as string[]) ?? [] : null;
        return [
          <dt key={`${name}-l`} className={reason ? 'ipci-lawfirm-flagged' : undefined}>
            {t(`fields.${name}`)}
          </dt>,
          <dd key={`${name}-v`} className={reason ? 'ipci-lawfirm-flagged' : undefined} data-testid={`${testPrefix}-field-${name}`}>
            {files ? (
              files.length ? (
                <div className="ipci-lawfirm-files">
                  {files.map((id) => (
                    <UploadPreview key={id} id={id} meta={uploads[id]} />
                  ))}
                </div>
              ) : (
                '—'
              )
            ) : (
              <span className="ipci-lawfirm-text">{value(name, data as Partial<LawFirmData>)}</span>
            )}
            {reason && (
              <div className="ipci-flag-reason" data-testid={`${testPrefix}-flag-${name}`}>
                <Icon icon="flag" size={12} intent="danger" /> {reason}
              </div>
            )}
          </dd>,
        ];
      })}
    </dl>
  );
}

/** Staff's reasons per flagged field after a failed review, in form order. */
export function ReviewFlags({ flags, title, action, listing = LAW_FIRM_LISTING }: { flags: Record<string, string>; title: string; action?: ReactNode; listing?: ListingFields }) {
  const { t } = useTranslation();
  const { fields } = listing;
  const names = fields.filter((f) => flags[f]).concat(Object.keys(flags).filter((f) => !fields.includes(f)));
  return (
    <Callout intent="warning" icon="flag" title={title} data-testid={`${listing.testPrefix}-flags`}>
      <ul className="ipci-lawfirm-flag-list">
        {names.map((f) => (
          <li key={f}>
            <strong>{t(`fields.${f}`, { defaultValue: f })}</strong>: {flags[f]}
          </li>
        ))}
      </ul>
      {action}
    </Callout>
  );
}

export function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <Card data-testid={testId}>
      <h3 className="ipci-page-title">{title}</h3>
      {children}
    </Card>
  );
}
