import { useCallback, useEffect, useState } from 'react';
import { AnchorButton, Button, HTMLSelect } from '@blueprintjs/core';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ipNameIn } from '../../../../domain/ipNames';
import { REGISTRATION_STATES, type RegistrationState } from '../../../../domain/titleRegistration';
import { api } from '../../api/client';
import { ListCard } from '../../components/ListCard';
import { useRequireIdentity } from '../../components/Guards';
import { formatDateTime } from '../../lib/format';
import { useLang, useSitePath } from '../../lib/useLang';
import { showToast } from '../../session/toaster';
import { RegistrationActions, TitleStateTag } from './RegistrationActions';
import type { Page, TitleDraftView, TitleListItem } from './types';
import './titleAudit.css';
import { ConfirmAlert } from '../../components/ConfirmAlert';

/** A registration's display name in the reader's language, falling back to the Chinese one (from its data or a list row). */
export function ipName(data: Record<string, unknown> | TitleListItem, lang: string): string {
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  return ipNameIn({ zh: text(data.ipNameZh), en: text(data.ipNameEn), ja: text(data.ipNameJa) }, lang);
}

/** usercenter/traceability: the user's drafts and the traceability registration list with per-state actions. */
export function TitleListPage() {
  const { t } = useTranslation();
  const site = useSitePath();
  const navigate = useNavigate();
  const requireIdentity = useRequireIdentity();
  return (
    <div className="ipci-stack">
      <div className="ipci-wizard-bar">
        <h2 className="ipci-page-title">{t('ucmenu.areas.traceability')}</h2>
        <span style={{ flex: 1 }} />
        <Link to={site('introduce')}>{t('titleRegistration.readIntro')}</Link>
        <AnchorButton
          intent="primary"
          icon="add"
          text={t('titleRegistration.new')}
          href={site('usercenter/traceability/new')}
          onClick={(e: React.MouseEvent) => {
            e.preventDefault();
            if (requireIdentity(navigate)) navigate(site('usercenter/traceability/new'));
          }}
        />
      </div>
      <Drafts />
      <Registrations />
    </div>
  );
}

function Drafts() {
  const { t } = useTranslation();
  const lang = useLang();
  const site = useSitePath();
  const navigate = useNavigate();
  const [items, setItems] = useState<TitleDraftView[] | null>(null);
  const [next, setNext] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const [toDelete, setToDelete] = useState<TitleDraftView | null>(null);

  const load = useCallback(async (after?: string) => {
    const page = await api.get<Page<TitleDraftView>>('/api/title/drafts', { after });
    setNext(page.next);
    setItems((list) => (after ? [...(list ?? []), ...page.items] : page.items));
  }, []);
  useEffect(() => {
    load().catch(() => setFailed(true));
  }, [load]);

  async function remove(d: TitleDraftView) {
    setToDelete(null);
    try {
      await api.delete(`/api/title/drafts/${encodeURIComponent(d.id)}`);
      setItems((list) => (list ?? []).filter((x) => x.id !== d.id));
      showToast({ intent: 'success', icon: 'trash', message: t('titleRegistration.draftDeleted') });
    } catch {
      /* the client shows the failure */
    }
  }

  // Nothing to continue: the section stays out of the way.
  if (items && items.length === 0 && !failed) return null;
  return (
    <section data-testid="title-drafts">
      <h3 className="ipci-title-subhead">{t('titleRegistration.drafts')}</h3>
      <ListCard items={items} failed={failed} next={next} load={load} empty={{ icon: 'document', title: t('titleRegistration.noDrafts') }}>
        {(list) =>
          list.map((d) => (
            <div key={d.id} className="ipci-title-row" data-testid={`draft-${d.id}`}>
              <div className="ipci-title-row-main">
                <strong>{ipName(d.data, lang) || t('titleRegistration.untitled')}</strong>
                <div className="ipci-muted" style={{ fontSize: 12 }}>
                  {t(`titleRegistration.wizard.${d.step}`)} · {t('titleRegistration.updatedAt', { time: formatDateTime(d.updatedAt, lang) })}
                </div>
              </div>
              <div className="ipci-title-row-actions">
                <AnchorButton
                  size="small"
                  intent="primary"
                  icon="edit"
                  text={t('titleRegistration.continue')}
                  href={site(`usercenter/traceability/draft/${d.id}`)}
                  onClick={(e: React.MouseEvent) => {
                    e.preventDefault();
                    navigate(site(`usercenter/traceability/draft/${d.id}`));
                  }}
                />
                <Button size="small" variant="outlined" intent="danger" icon="trash" text={t('titleRegistration.deleteDraft')} onClick={() => setToDelete(d)} />
              </div>
            </div>
          ))
        }
      </ListCard>
      <ConfirmAlert
        open={toDelete !== null}
        intent="danger"
        icon="trash"
        cancelText={t('titleRegistration.keep')}
        confirmText={t('titleRegistration.deleteDraft')}
        onCancel={() => setToDelete(null)}
        onConfirm={() => toDelete && void remove(toDelete)}
      >
        <p>{t('titleRegistration.deleteDraftQuestion')}</p>
      </ConfirmAlert>
    </section>
  );
}

function Registrations() {
  const { t } = useTranslation();
  const lang = useLang();
  const site = useSitePath();
  const [params, setParams] = useSearchParams();
  const state = (REGISTRATION_STATES as readonly string[]).includes(params.get('state') ?? '') ? (params.get('state') as RegistrationState) : undefined;
  const [items, setItems] = useState<TitleListItem[] | null>(null);
  const [next, setNext] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);

  const load = useCallback(
    async (after?: string) => {
      const page = await api.get<Page<TitleListItem>>('/api/title/registrations', { state, after });
      setNext(page.next);
      setItems((list) => (after ? [...(list ?? []), ...page.items] : page.items));
    },
    [state],
  );
  const reload = useCallback(() => {
    setItems(null);
    setFailed(false);
    load().catch(() => setFailed(true));
  }, [load]);
  useEffect(reload, [reload]);

  return (
    <section data-testid="title-registrations">
      <div className="ipci-wizard-bar">
        <h3 className="ipci-title-subhead">{t('titleRegistration.registrations')}</h3>
        <HTMLSelect
          aria-label={t('titleRegistration.stateFilter')}
          value={state ?? ''}
          onChange={(e) => setParams(e.currentTarget.value ? { state: e.currentTarget.value } : {}, { replace: true })}
        >
          <option value="">{t('titleRegistration.allStates')}</option>
          {REGISTRATION_STATES.map((s) => (
            <option key={s} value={s}>
              {t(`titleRegistration.state.${s}`)}
            </option>
          ))}
        </HTMLSelect>
      </div>
      <ListCard items={items} failed={failed} next={next} load={load} empty={{ icon: 'search-template', title: t('titleRegistration.none') }}>
        {(list) =>
          list.map((r) => (
            <div key={r.id} className="ipci-title-row" data-testid={`registration-${r.id}`}>
              {r.cover ? <img className="ipci-thumb ipci-title-row-cover" src={`/api/uploads/${encodeURIComponent(r.cover)}`} alt="" /> : null}
              <div className="ipci-title-row-main">
                <Link to={site(`usercenter/traceability/${r.id}`)}>
                  <strong>{ipName(r, lang)}</strong>
                </Link>{' '}
                <TitleStateTag state={r.state} />
                <div className="ipci-muted" style={{ fontSize: 12 }}>
                  {t(`titleRegistration.mode.${r.mode}`)} · {t('titleRegistration.submittedAt', { time: formatDateTime(r.submittedAt, lang) })}
                  {r.round > 1 && ` · ${t('task.round', { round: r.round })}`}
                </div>
              </div>
              <RegistrationActions registration={r} onChanged={reload} />
            </div>
          ))
        }
      </ListCard>
    </section>
  );
}
