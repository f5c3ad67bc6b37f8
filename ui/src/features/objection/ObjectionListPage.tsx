import { Button, HTMLSelect, Tab, Tabs } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { mayModifyObjection, isOpenObjection, OBJECTION_STATES, type ObjectionJson } from '../../../../domain/objections';
import { api, ApiError } from '../../api/client';
import { ListCard } from '../../components/ListCard';
import { formatDateTime } from '../../lib/format';
import { useLang, useSitePath } from '../../lib/useLang';
import { showToast } from '../../session/toaster';
import { GoButton } from '../../components/GoButton';
import { useKeysetPages } from '../invitations/useKeysetPages';
import { ObjectionIp, ObjectionStateTag } from './ObjectionBits';
import type { ObjectionPage } from './types';
import './objection.css';
import { ConfirmAlert } from '../../components/ConfirmAlert';

/** The states the objector's list filters by: withdrawn objections leave their list. */
const LIST_STATES = OBJECTION_STATES.filter((s) => s !== 'withdrawn');

/**
 * Deletes after a confirmation: an open objection is withdrawn (its review stops), a decided one only
 * leaves the list. Either cannot be undone.
 */
export function DeleteObjection({ objection, onDeleted, small }: { objection: ObjectionJson; onDeleted: () => void; small?: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const withdraw = isOpenObjection(objection.state);
  return (
    <>
      <Button small={small} variant="minimal" intent="danger" icon="trash" text={t('objection.list.delete')} onClick={() => setOpen(true)} data-testid="objection-delete" />
      <ConfirmAlert
        open={open}
        intent="danger"
        icon="trash"
        cancelText={t('objection.list.keep')}
        confirmText={t('objection.list.delete')}
        busy={busy}
        onCancel={() => setOpen(false)}
        onConfirm={async () => {
          setBusy(true);
          try {
            await api.delete(`/api/objections/${encodeURIComponent(objection.id)}`);
            showToast({ intent: 'success', icon: 'tick', message: t(withdraw ? 'objection.list.withdrawn' : 'objection.list.deleted') });
            setOpen(false);
            onDeleted();
          } catch (e) {
            if (e instanceof ApiError) showToast({ intent: 'danger', icon: 'error', message: e.message });
          } finally {
            setBusy(false);
          }
        }}
      >
        <p>{t(withdraw ? 'objection.list.confirmWithdraw' : 'objection.list.confirmDelete')}</p>
      </ConfirmAlert>
    </>
  );
}

/**
 * /:lang/ipci/usercenter/objection — rights objection information: the objector's objections and their
 * actions; `?side=holder` the objections to the reader's own IPCIs, each opening its answer page.
 */
export function ObjectionListPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const site = useSitePath();
  const [params, setParams] = useSearchParams();
  const holder = params.get('side') === 'holder';
  const [state, setState] = useState('');
  const { first, items, next, loadMore, failed, reload } = useKeysetPages<ObjectionPage, ObjectionJson>('/api/objections', { side: holder ? 'holder' : undefined, state: state || undefined }, (r) => r.items);
  const detail = (o: ObjectionJson, hash = '') => (holder ? site(`usercenter/objectionanswer/${o.id}`) : site(`usercenter/objectiondetail/${o.id}`) + hash);

  return (
    <div className="ipci-stack">
      <div className="ipci-toolbar">
        <h2 className="ipci-page-title" style={{ margin: 0 }}>
          {t('objection.list.title')}
        </h2>
        <span className="ipci-spacer" />
        <HTMLSelect aria-label={t('objection.list.state')} value={state} onChange={(e) => setState(e.currentTarget.value)} data-testid="objection-state-filter">
          <option value="">{t('objection.list.allStates')}</option>
          {LIST_STATES.map((s) => (
            <option key={s} value={s}>
              {t(`objection.states.${s}`)}
            </option>
          ))}
        </HTMLSelect>
      </div>
      <Tabs id="objection-sides" selectedTabId={holder ? 'holder' : 'objector'} onChange={(id) => setParams(id === 'holder' ? { side: 'holder' } : {})}>
        <Tab id="objector" title={t('objection.list.mine')} />
        <Tab id="holder" title={t('objection.list.againstMine')} />
      </Tabs>
      <p className="ipci-muted">{t(holder ? 'objection.list.holderHint' : 'objection.list.hint')}</p>
      <ListCard items={first ? items : null} failed={failed} empty={{ icon: 'issue', title: t(holder ? 'objection.list.holderEmpty' : 'objection.list.empty') }} next={next} load={() => loadMore()}>
        {(list) =>
          list.map((o) => (
            <div key={o.id} className="ipci-list-row" data-testid="objection-row">
              <ObjectionIp objection={o} />
              <ObjectionStateTag state={o.state} />
              <span className="ipci-muted">{formatDateTime(o.createdAt, lang)}</span>
              <span className="ipci-spacer" />
              <GoButton small variant="minimal" icon="eye-open" text={t('objection.list.view')} to={detail(o)} />
              {!holder && mayModifyObjection(o.state) && (
                <GoButton small variant="minimal" icon="edit" text={t('objection.list.modify')} to={detail(o, '#modify')} />
              )}
              {!holder && <DeleteObjection small objection={o} onDeleted={reload} />}
            </div>
          ))
        }
      </ListCard>
    </div>
  );
}
