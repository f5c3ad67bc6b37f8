import { useState } from 'react';
import { Button, Card, FormGroup, HTMLTable, InputGroup, NonIdealState, Spinner } from '@blueprintjs/core';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { invitationStatsQuerySchema } from '../../../../domain/invitations';
import { formatDateTime, translateError } from '../../lib/format';
import { validateWithSchema } from '../../lib/validate';
import { useLang } from '../../lib/useLang';
import type { InviterStats, StatsTotals } from './types';
import { useKeysetPages } from './useKeysetPages';

type Stats = { items: InviterStats[]; totals: StatsTotals; next: string | null };
const TOTALS = ['inviters', 'invitees', 'personal', 'enterprise', 'certified'] as const;

/** /admin/invitationStatistics: invitations per inviter, filtered by registration dates and inviter. */
export function InvitationStatsPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const [params, setParams] = useSearchParams();
  const query = { from: params.get('from') ?? '', to: params.get('to') ?? '', q: params.get('q') ?? '' };
  const [draft, setDraft] = useState(query);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const list = useKeysetPages<Stats, InviterStats & { id: string }>('/api/admin/invitations/stats', query, (r) => r.items.map((i) => ({ ...i, id: i.inviter.id })));

  async function apply(next: typeof query) {
    setDraft(next);
    const found = await validateWithSchema(invitationStatsQuerySchema, next);
    setErrors(found);
    if (!Object.keys(found).length) setParams(Object.fromEntries(Object.entries(next).filter(([, v]) => v)));
  }
  const invalid = (field: string) =>
    errors[field] ? { intent: 'danger' as const, title: translateError(t, errors[field]), 'aria-invalid': true } : {};

  return (
    <div className="ipci-stack">
      <h2 className="ipci-page-title">{t('inviteAdmin.title')}</h2>
      <Card className="ipci-filters" role="search">
        <form
          className="ipci-toolbar"
          onSubmit={(e) => {
            e.preventDefault();
            void apply(draft);
          }}
        >
          <FormGroup inline label={t('inviteAdmin.from')} labelFor="f-from" style={{ margin: 0 }}>
            <InputGroup id="f-from" type="date" {...invalid('from')} value={draft.from} onChange={(e) => setDraft({ ...draft, from: e.target.value })} />
          </FormGroup>
          <FormGroup inline label={t('inviteAdmin.to')} labelFor="f-to" style={{ margin: 0 }}>
            <InputGroup id="f-to" type="date" {...invalid('to')} value={draft.to} onChange={(e) => setDraft({ ...draft, to: e.target.value })} />
          </FormGroup>
          <FormGroup inline label={t('inviteAdmin.search')} labelFor="f-q" style={{ margin: 0 }}>
            <InputGroup id="f-q" {...invalid('q')} leftIcon="search" placeholder={t('inviteAdmin.searchPlaceholder')} value={draft.q} onChange={(e) => setDraft({ ...draft, q: e.target.value })} />
          </FormGroup>
          <Button type="submit" intent="primary" icon="search" text={t('inviteAdmin.apply')} />
          <Button icon="reset" text={t('inviteAdmin.reset')} onClick={() => void apply({ from: '', to: '', q: '' })} />
        </form>
      </Card>
      {list.first && (
        <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(110px, 1fr))', gap: 12 }} data-testid="invite-totals">
          {TOTALS.map((k) => (
            <Card key={k} style={{ padding: 12 }}>
              <div className="ipci-muted">{t(`inviteAdmin.totals.${k}`)}</div>
              <div style={{ fontSize: 24, fontWeight: 600 }} data-testid={`total-${k}`}>
                {list.first!.totals[k]}
              </div>
            </Card>
          ))}
        </div>
      )}
      <Card style={{ padding: 0 }}>
        {list.failed ? (
          <NonIdealState icon="error" title={list.failed} />
        ) : !list.first ? (
          <div style={{ padding: 24 }}>
            <Spinner size={24} />
          </div>
        ) : list.items.length === 0 ? (
          <div className="ipci-card-empty">
            <NonIdealState icon="people" title={t('inviteAdmin.empty')} />
          </div>
        ) : (
          <>
            <HTMLTable className="ipci-table" striped data-testid="stats-table">
              <thead>
                <tr>
                  <th>{t('inviteAdmin.col.inviter')}</th>
                  <th>{t('inviteAdmin.col.code')}</th>
                  {(['invitees', 'personal', 'enterprise', 'certified'] as const).map((k) => (
                    <th key={k} style={{ textAlign: 'right' }}>
                      {t(`inviteAdmin.col.${k}`)}
                    </th>
                  ))}
                  <th>{t('inviteAdmin.col.lastInvitedAt')}</th>
                </tr>
              </thead>
              <tbody>
                {list.items.map((s) => (
                  <tr key={s.id} data-testid={`inviter-${s.id}`}>
                    <td>
                      <Link to={`/admin/invitedUser/${encodeURIComponent(s.inviter.id)}`}>{s.inviter.displayName}</Link>
                      <div className="ipci-muted" style={{ fontSize: 12 }}>
                        {s.inviter.username}
                      </div>
                    </td>
                    <td style={{ fontFamily: 'monospace' }}>{s.code}</td>
                    {(['invitees', 'personal', 'enterprise', 'certified'] as const).map((k) => (
                      <td key={k} style={{ textAlign: 'right' }}>
                        {s[k]}
                      </td>
                    ))}
                    <td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(s.lastInvitedAt, lang)}</td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
            {list.next && (
              <div className="ipci-load-more">
                <Button icon="more" text={t('invite.loadMore')} loading={list.loadingMore} onClick={() => void list.loadMore()} />
              </div>
            )}
          </>
        )}
      </Card>
    </div>
  );
}
