import { Button, Dialog, DialogBody, DialogFooter, HTMLSelect, Tag, type Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { ipNameIn } from '../../../../domain/ipNames';
import { PROTECTION_KINDS, type ProtectionResult } from '../../../../domain/protection';
import { formatDate, formatDateTime } from '../../lib/format';
import { useLang } from '../../lib/useLang';
import type { PublicityJson } from './types';
import './publicity.css';

/** An entry's text in the reader's language; English and Japanese are optional and fall back to Chinese. */
export const inLang = (e: PublicityJson, field: 'title' | 'ipName' | 'summary', lang: string) => ipNameIn({ zh: e[`${field}Zh`], en: e[`${field}En`], ja: e[`${field}Ja`] }, lang);

const RESULT_INTENT: Record<ProtectionResult, Intent> = { resolved: 'success', partlyResolved: 'warning', unresolved: 'none' };

export function ResultTag({ result }: { result: ProtectionResult }) {
  const { t } = useTranslation();
  return (
    <Tag minimal intent={RESULT_INTENT[result]} data-testid="publicity-result">
      {t(`publicity.results.${result}`)}
    </Tag>
  );
}

/** The lists' kind filter (the public list and the back office's): every kind, or one. */
export function KindFilter({ value, onChange, testId }: { value: string; onChange: (kind: string) => void; testId?: string }) {
  const { t } = useTranslation();
  return (
    <HTMLSelect
      aria-label={t('publicity.kindFilter')}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      options={[{ value: '', label: t('publicity.allKinds') }, ...PROTECTION_KINDS.map((k) => ({ value: k, label: t(`publicity.kinds.${k}`) }))]}
      data-testid={testId}
    />
  );
}

/** What anyone may read of an entry, in the reader's language (the public dialog and the admin detail). */
export function PublicityFacts({ entry }: { entry: PublicityJson }) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <dl className="ipci-dl" data-testid="publicity-facts">
      <dt>{t('publicity.fields.publicityNo')}</dt>
      <dd className="ipci-mono">{entry.publicityNo}</dd>
      <dt>{t('publicity.fields.kind')}</dt>
      <dd>{t(`publicity.kinds.${entry.kind}`)}</dd>
      <dt>{t('publicity.fields.ipName')}</dt>
      <dd>{inLang(entry, 'ipName', lang)}</dd>
      {entry.infringer && (
        <>
          <dt>{t('publicity.fields.infringer')}</dt>
          <dd>{entry.infringer}</dd>
        </>
      )}
      <dt>{t('publicity.fields.result')}</dt>
      <dd>
        <ResultTag result={entry.result} />
      </dd>
      <dt>{t('publicity.fields.processedOn')}</dt>
      <dd>{formatDate(entry.processedOn, lang)}</dd>
      {entry.publishedAt && (
        <>
          <dt>{t('publicity.fields.publishedAt')}</dt>
          <dd>{formatDateTime(entry.publishedAt, lang)}</dd>
        </>
      )}
      <dt>{t('publicity.fields.summary')}</dt>
      <dd className="ipci-publicity-text" data-testid="publicity-summary">
        {inLang(entry, 'summary', lang)}
      </dd>
    </dl>
  );
}

/** One published entry over the list; its address (?no=) links to it. */
export function PublicityDialog({ entry, onClose }: { entry: PublicityJson | null; onClose: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <Dialog isOpen={entry !== null} onClose={onClose} title={entry ? inLang(entry, 'title', lang) : ''} className="ipci-publicity-dialog" data-testid="publicity-dialog">
      {entry && (
        <DialogBody>
          <PublicityFacts entry={entry} />
        </DialogBody>
      )}
      <DialogFooter actions={<Button text={t('publicity.close')} onClick={onClose} />} />
    </Dialog>
  );
}
