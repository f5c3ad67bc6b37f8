import { useCallback, useEffect, useState } from 'react';
import { AnchorButton, Button, ButtonGroup, Callout, Checkbox, HTMLTable, Tab, Tabs, Tag } from '@blueprintjs/core';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatIpciCode, IPCI_STATES, type IpciOperation, type IpciState, type TakeDownKind } from '../../../../domain/ipci';
import { api } from '../../api/client';
import { ListCard } from '../../components/ListCard';
import { formatDate } from '../../lib/format';
import { useLang, useSitePath } from '../../lib/useLang';
import { showToast } from '../../session/toaster';
import { CertificateDownload } from '../certificates/CertificateDownload';
import { PaperDialog } from './PaperDialog';
import { ipNameIn, type BatchResult, type IpciPage, type IpciRow } from './types';
import './ipciLifecycle.css';
import { ConfirmAlert } from '../../components/ConfirmAlert';

/** The take-down and relist operations, each with its API call and kind. */
const BATCH_OPERATIONS: Array<{ op: IpciOperation; path: 'takedown' | 'relist'; kind: TakeDownKind }> = [
  { op: 'takeDownTrade', path: 'takedown', kind: 'trade' },
  { op: 'relistTrade', path: 'relist', kind: 'trade' },
  { op: 'takeDownTitle', path: 'takedown', kind: 'title' },
  { op: 'relistTitle', path: 'relist', kind: 'title' },
];

const STATE_INTENT: Record<IpciState, 'warning' | 'success' | 'none' | 'danger'> = { pendingPayment: 'warning', completed: 'success', takenDown: 'none', invalid: 'danger' };

/** usercenter/certificates (spec part 1 §4): the IPCI certificate list with batch take-down and relist, pay links, certificates and paper copies. */
export function CertificatesPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const site = useSitePath();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const stateParam = params.get('state');
  const state = (IPCI_STATES as readonly string[]).includes(stateParam ?? '') ? (stateParam as IpciState) : undefined;
  const [items, setItems] = useState<IpciRow[] | null>(null);
  const [next, setNext] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [confirm, setConfirm] = useState<{ op: (typeof BATCH_OPERATIONS)[number]; ids: string[] } | null>(null);
  const [refusals, setRefusals] = useState<Array<{ row: IpciRow | undefined; message: string }>>([]);
  const [paperFor, setPaperFor] = useState<IpciRow | null>(null);

  const load = useCallback(
    async (after?: string) => {
      const page = await api.get<IpciPage>('/api/ipcis', { state, after });
      setNext(page.next);
      setItems((list) => (after ? [...(list ?? []), ...page.items] : page.items));
    },
    [state],
  );
  useEffect(() => {
    setItems(null);
    setSelected(new Set());
    setFailed(false);
    load().catch(() => setFailed(true));
  }, [load]);

  const rows = items ?? [];
  const chosen = rows.filter((r) => selected.has(r.id));
  const toggle = (id: string, on: boolean) =>
    setSelected((s) => {
      const n = new Set(s);
      if (on) n.add(id);
      else n.delete(id);
      return n;
    });

  async function run(op: (typeof BATCH_OPERATIONS)[number], ids: string[]) {
    setConfirm(null);
    try {
      const { results } = await api.post<{ results: BatchResult[] }>(`/api/ipcis/${op.path}`, { ids, kind: op.kind });
      const done = new Map(results.filter((r): r is Extract<BatchResult, { ok: true }> => r.ok).map((r) => [r.id, r]));
      setItems((list) => (list ?? []).map((r) => (done.has(r.id) ? { ...r, state: done.get(r.id)!.state, operations: done.get(r.id)!.operations } : r)));
      setRefusals(results.flatMap((r) => (r.ok ? [] : [{ row: rows.find((x) => x.id === r.id), message: r.message }])));
      setSelected(new Set());
      if (done.size) showToast({ intent: 'success', icon: 'tick', message: t(`ipciList.done.${op.op}`, { count: done.size }) });
    } catch {
      /* the client shows the failure */
    }
  }

  const allChecked = rows.length > 0 && rows.every((r) => selected.has(r.id));
  return (
    <div className="ipci-stack">
      <div className="ipci-toolbar">
        <h2 className="ipci-page-title" style={{ margin: 0 }}>
          {t('ipciList.title')}
        </h2>
        <span className="ipci-spacer" />
        <Link to={site('usercenter/objection?side=holder')} data-testid="objections-against-mine">
          {t('objection.list.againstMine')}
        </Link>
      </div>
      <Tabs id="ipci-states" selectedTabId={state ?? 'all'} onChange={(id) => setParams(id === 'all' ? {} : { state: String(id) })}>
        <Tab id="all" title={t('ipciList.states.all')} />
        {IPCI_STATES.map((s) => (
          <Tab key={s} id={s} title={t(`ipciList.states.${s}`)} />
        ))}
      </Tabs>
      <div className="ipci-batch-bar" data-testid="batch-bar">
        <span className="ipci-muted">{t('ipciList.selected', { count: chosen.length })}</span>
        <ButtonGroup>
          {BATCH_OPERATIONS.map((op) => {
            const ids = chosen.filter((r) => r.operations.includes(op.op)).map((r) => r.id);
            return (
              <Button
                key={op.op}
                size="small"
                variant="outlined"
                intent={op.path === 'takedown' ? 'warning' : 'primary'}
                text={t(`ipciList.ops.${op.op}`)}
                disabled={ids.length === 0}
                onClick={() => setConfirm({ op, ids })}
                data-testid={`batch-${op.op}`}
              />
            );
          })}
        </ButtonGroup>
      </div>
      {refusals.length > 0 && (
        <Callout intent="warning" icon="warning-sign" title={t('ipciList.refused')} data-testid="refusals">
          <ul style={{ margin: 0 }}>
            {refusals.map((r, i) => (
              <li key={i}>
                {r.row ? ipNameIn(r.row.ipNames, lang) : ''} — {r.message}
              </li>
            ))}
          </ul>
        </Callout>
      )}
      <ListCard items={items} failed={failed} empty={{ icon: 'badge', title: t('ipciList.empty') }} next={next} load={load}>
        {(list) => (
          <HTMLTable className="ipci-table ipci-ipci-list" data-testid="ipci-table">
            <thead>
              <tr>
                <th style={{ width: 36 }}>
                  <Checkbox
                    aria-label={t('ipciList.selectAll')}
                    checked={allChecked}
                    indeterminate={!allChecked && chosen.length > 0}
                    onChange={(e) => setSelected(e.currentTarget.checked ? new Set(list.map((r) => r.id)) : new Set())}
                    style={{ margin: 0 }}
                  />
                </th>
                <th>{t('ipciList.columns.name')}</th>
                <th>{t('ipciList.columns.holder')}</th>
                <th>{t('ipciList.columns.certificate')}</th>
                <th>{t('ipciList.columns.appliedAt')}</th>
                <th>{t('ipciList.columns.state')}</th>
                <th>{t('ipciList.columns.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {list.map((r) => (
                <tr key={r.id} data-testid={`ipci-${r.id}`}>
                  <td>
                    <Checkbox aria-label={t('ipciList.select', { name: ipNameIn(r.ipNames, lang) })} checked={selected.has(r.id)} onChange={(e) => toggle(r.id, e.currentTarget.checked)} style={{ margin: 0 }} />
                  </td>
                  <td>
                    <strong>{ipNameIn(r.ipNames, lang)}</strong>
                    {r.code && <div className="ipci-muted ipci-code">{formatIpciCode(r.code)}</div>}
                  </td>
                  <td>{r.holder}</td>
                  <td>
                    {r.source === 'registration' ? (
                      <span className="ipci-muted">—</span>
                    ) : (
                      <CertificateDownload ipciId={r.id} code={r.code!} generated={r.certificateGenerated} small />
                    )}
                  </td>
                  <td className="ipci-muted ipci-nowrap">{formatDate(r.appliedAt, lang)}</td>
                  <td>
                    <Tag intent={STATE_INTENT[r.state]} minimal={r.state === 'takenDown'}>
                      {t(`ipciList.states.${r.state}`)}
                    </Tag>
                    {r.takenDown.map((k) => (
                      <div key={k} className="ipci-muted" style={{ fontSize: 12 }}>
                        {t(`ipciList.takenDownKind.${k}`)}
                      </div>
                    ))}
                    {r.staffTakeDown && (
                      <div className="ipci-muted" style={{ fontSize: 12 }} data-testid="staff-takedown">
                        {t('ipciList.staffTakeDown', { reason: r.staffTakeDown.reason })}
                      </div>
                    )}
                  </td>
                  <td>
                    <div className="ipci-row-actions">
                      {r.operations.includes('pay') && r.orderId && (
                        <AnchorButton
                          size="small"
                          intent="primary"
                          icon="credit-card"
                          text={t('ipciList.ops.pay')}
                          href={site(`usercenter/pay/${r.orderId}`)}
                          onClick={(e: React.MouseEvent) => {
                            e.preventDefault();
                            navigate(site(`usercenter/pay/${r.orderId}`));
                          }}
                        />
                      )}
                      {BATCH_OPERATIONS.filter((op) => r.operations.includes(op.op)).map((op) => (
                        <Button key={op.op} size="small" variant="minimal" text={t(`ipciList.ops.${op.op}`)} onClick={() => setConfirm({ op, ids: [r.id] })} data-testid={`row-${op.op}`} />
                      ))}
                      {r.source === 'ipci' && (
                        <AnchorButton
                          size="small"
                          variant="minimal"
                          icon="timeline-events"
                          text={t('ipciList.progress')}
                          href={site(`usercenter/cases/ipciLifecycle/${r.id}`)}
                          onClick={(e: React.MouseEvent) => {
                            e.preventDefault();
                            navigate(site(`usercenter/cases/ipciLifecycle/${r.id}`));
                          }}
                        />
                      )}
                      {r.source === 'ipci' && r.state !== 'invalid' && (
                        <Button size="small" variant="minimal" icon="envelope" text={t('ipciList.paper')} onClick={() => setPaperFor(r)} data-testid="row-paper" />
                      )}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        )}
      </ListCard>
      <ConfirmAlert
        open={confirm !== null}
        intent={confirm?.op.path === 'takedown' ? 'warning' : 'primary'}
        icon={confirm?.op.path === 'takedown' ? 'warning-sign' : 'confirm'}
        confirmText={confirm ? t(`ipciList.ops.${confirm.op.op}`) : ''}
        onCancel={() => setConfirm(null)}
        onConfirm={() => confirm && void run(confirm.op, confirm.ids)}
      >
        {confirm && (
          <p data-testid="confirm-text">
            {t(`ipciList.confirm.${confirm.op.op}`, { count: confirm.ids.length })}
          </p>
        )}
      </ConfirmAlert>
      {paperFor && <PaperDialog ipci={paperFor} onClose={() => setPaperFor(null)} />}
    </div>
  );
}
