import { Tag, type Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { formatIpciCode } from '../../../../domain/ipci';
import { ipNameIn } from '../../../../domain/ipNames';
import { OBJECTION_ATTACHMENTS_MAX, type ObjectionState } from '../../../../domain/objections';
import type { FormField } from '../../components/SchemaForm';
import { useLang } from '../../lib/useLang';
import type { ObjectionJson } from './types';

const STATE_INTENT: Record<ObjectionState, Intent> = {
  pendingAudit: 'none',
  pendingConfirmation: 'warning',
  underReview: 'primary',
  approved: 'success',
  failed: 'danger',
  withdrawn: 'none',
};

export function ObjectionStateTag({ state }: { state: ObjectionState }) {
  const { t } = useTranslation();
  return (
    <Tag minimal intent={STATE_INTENT[state]} data-testid="objection-state">
      {t(`objection.states.${state}`)}
    </Tag>
  );
}

/** The IP an objection is against, named in the reader's language, with its code. */
export function ObjectionIp({ objection }: { objection: Pick<ObjectionJson, 'ipNames' | 'code'> }) {
  const lang = useLang();
  return (
    <span>
      <strong>{ipNameIn(objection.ipNames, lang)}</strong> <span className="ipci-muted ipci-mono">{formatIpciCode(objection.code)}</span>
    </span>
  );
}

/** The objection form's fields (domain objectionSchema), in order. */
export const OBJECTION_FIELDS: FormField[] = [
  { name: 'content', type: 'textarea' },
  { name: 'companyName', type: 'text' },
  { name: 'contact', type: 'text' },
  { name: 'phone', type: 'text' },
  { name: 'email', type: 'text' },
  { name: 'attachments', type: 'uploads', max: OBJECTION_ATTACHMENTS_MAX },
];
