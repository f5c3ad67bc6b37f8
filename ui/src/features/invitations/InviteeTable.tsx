import { Button, HTMLTable, NonIdealState, Spinner } from '@blueprintjs/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format';
import { useLang } from '../../lib/useLang';
import { IdentityStateTag } from '../identityReview/IdentityStateTag';
import type { Invitee } from './types';

interface Props {
  items: Invitee[];
  loading: boolean;
  failed: string | null;
  next: string | null;
  loadingMore: boolean;
  onMore: () => void;
  /** Staff pages: where an invitee's account opens (admin user management). */
  accountLink?: (invitee: Invitee) => string;
}

/** Spec part 2 §3 "Invitation": invitee name, account, type, company name, registration time, certification applications. */
export function InviteeTable({ items, loading, failed, next, loadingMore, onMore, accountLink }: Props) {
  const { t } = useTranslation();
  const lang = useLang();
  if (failed) return <NonIdealState icon="error" title={failed} />;
  if (loading)
    return (
      <div style={{ padding: 24 }}>
        <Spinner size={24} />
      </div>
    );
  if (!items.length)
    return (
      <div className="ipci-card-empty">
        <NonIdealState icon="new-person" title={t('invite.empty')} />
      </div>
    );
  return (
    <>
      <HTMLTable className="ipci-table" striped data-testid="invitee-table">
        <thead>
          <tr>
            <th>{t('invite.col.name')}</th>
            <th>{t('invite.col.account')}</th>
            <th>{t('invite.col.type')}</th>
            <th>{t('invite.col.company')}</th>
            <th>{t('invite.col.registeredAt')}</th>
            <th>{t('invite.col.certification')}</th>
            <th style={{ textAlign: 'right' }}>{t('invite.col.applications')}</th>
          </tr>
        </thead>
        <tbody>
          {items.map((i) => (
            <tr key={i.id} data-testid={`invitee-${i.id}`}>
              <td>{i.name}</td>
              <td>{accountLink ? <Link to={accountLink(i)}>{i.account}</Link> : i.account}</td>
              <td>{i.type ? t(`invite.types.${i.type}`) : '—'}</td>
              <td>{i.companyName ?? <span className="ipci-muted">—</span>}</td>
              <td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(i.registeredAt, lang)}</td>
              <td>
                <IdentityStateTag state={i.identityState} />
              </td>
              <td style={{ textAlign: 'right' }}>{i.certificationApplications}</td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
      {next && (
        <div className="ipci-load-more">
          <Button icon="more" text={t('invite.loadMore')} loading={loadingMore} onClick={onMore} />
        </div>
      )}
    </>
  );
}
