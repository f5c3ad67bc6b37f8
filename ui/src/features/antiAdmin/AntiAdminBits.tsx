import { HTMLSelect, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { ipNameIn } from '../../../../domain/ipNames';
import type { IpNames } from '../../../../domain/ipNames';
import { useLang } from '../../lib/useLang';
import type { Person } from './types';

/** A user as staff look them up: the name they go by, then the account. */
export function PersonText({ person, none = '—' }: { person: Person | null; none?: string }) {
  if (!person) return <span className="ipci-muted">{none}</span>;
  return (
    <span>
      {person.displayName || person.username}
      {person.displayName && <span className="ipci-muted"> ({person.username})</span>}
    </span>
  );
}

/** The IPCI a mark names: its code, and the IP's name in the reader's language under it. */
export function IpciText({ code, names }: { code: string | null; names: IpNames | null }) {
  const lang = useLang();
  if (!code) return <span className="ipci-muted">—</span>;
  return (
    <span>
      <code>{code}</code>
      {names && <div className="ipci-muted">{ipNameIn(names, lang)}</div>}
    </span>
  );
}

const STATE_INTENT = { pending: 'none', embedding: 'primary', done: 'success', failed: 'danger' } as const;

export function WatermarkStateTag({ state }: { state: keyof typeof STATE_INTENT }) {
  const { t } = useTranslation();
  return (
    <Tag minimal intent={STATE_INTENT[state]}>
      {t(`antiAdmin.watermarks.states.${state}`)}
    </Tag>
  );
}

export function FoundTag({ found }: { found: boolean }) {
  const { t } = useTranslation();
  return (
    <Tag minimal intent={found ? 'warning' : 'none'} icon={found ? 'endorsed' : undefined}>
      {t(found ? 'antiAdmin.checks.found' : 'antiAdmin.checks.notFound')}
    </Tag>
  );
}

/** A list filter: '' is "all", labelled by `all`. */
export function FilterSelect({ label, all, value, options, onChange, testId }: { label: string; all: string; value: string; options: Array<{ value: string; label: string }>; onChange: (v: string) => void; testId: string }) {
  return <HTMLSelect aria-label={label} value={value} onChange={(e) => onChange(e.currentTarget.value)} data-testid={testId} options={[{ value: '', label: all }, ...options]} />;
}
