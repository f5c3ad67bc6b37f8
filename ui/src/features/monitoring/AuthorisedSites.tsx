import { Button, Card, FormGroup, InputGroup, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { authorisedSiteSchema, type AuthorisedSiteInput } from '../../../../domain/suspects';
import { api } from '../../api/client';
import { CheckedForm } from '../../components/CheckedForm';
import { ConfirmAlert } from '../../components/ConfirmAlert';
import { formatDate, translateError } from '../../lib/format';
import { useDetail } from '../../lib/useDetail';
import { useLang } from '../../lib/useLang';
import { showToast } from '../../session/toaster';

interface AuthorisedSite {
  id: string;
  host: string;
  createdAt: string;
}

/**
 * The user's authorised sites (licensees): suspects found on them are filed as authorised. A site
 * authorised from a suspect is listed here to take back (its suspects turn new again), and another
 * can be added by its host or any address on it. `changed` reloads whatever lists the states.
 */
export function AuthorisedSites({ changed }: { changed: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const { detail, failure, reload } = useDetail<{ items: AuthorisedSite[]; proposed: string[] }>('/api/monitoring/authorised-sites');
  const [removing, setRemoving] = useState<AuthorisedSite | null>(null);
  const [busy, setBusy] = useState(false);

  async function add(host: string) {
    const r = await api.post<{ site: AuthorisedSite; affected: number }>('/api/monitoring/authorised-sites', { host });
    showToast({ intent: 'success', icon: 'tick', message: t('monitoring.suspects.authorised', { host: r.site.host, affected: r.affected }) });
    await reload();
    changed();
  }

  async function remove(site: AuthorisedSite) {
    setBusy(true);
    try {
      await api.delete(`/api/monitoring/authorised-sites/${encodeURIComponent(site.id)}`);
      setRemoving(null);
      await reload();
      changed();
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card data-testid="authorised-sites">
      <h3 className="ipci-section-title">{t('monitoring.sites.title')}</h3>
      <p className="ipci-muted">{t('monitoring.sites.lead')}</p>
      {failure ? (
        <NonIdealState icon="error" title={t('failure.load')} />
      ) : !detail ? (
        <Spinner size={20} />
      ) : (
        <>
          {detail.items.length === 0 ? (
            <p className="ipci-muted" data-testid="authorised-sites-empty">
              {t('monitoring.sites.none')}
            </p>
          ) : (
            <div className="ipci-monitoring-tags">
              {detail.items.map((s) => (
                <Tag key={s.id} large minimal onRemove={() => setRemoving(s)} title={formatDate(s.createdAt, lang)} data-testid="authorised-site">
                  {s.host}
                </Tag>
              ))}
            </div>
          )}
          {detail.proposed.length > 0 && (
            <p>
              {t('monitoring.sites.proposed')}{' '}
              {detail.proposed.map((h) => (
                <Button key={h} small variant="outlined" icon="plus" text={h} onClick={() => void add(h)} data-testid="authorised-site-proposed" />
              ))}
            </p>
          )}
          <CheckedForm<AuthorisedSiteInput> id="authorised-site-form" className="ipci-monitoring-site-form" schema={authorisedSiteSchema} initial={{ host: '' }} submitText={t('monitoring.sites.add')} onSubmit={async (v) => add(v.host)}>
            {(form, { server, clear }) => {
              const e = (form.submitCount > 0 && form.errors.host ? translateError(t, form.errors.host) : undefined) || server.host;
              return (
                <FormGroup label={t('monitoring.sites.host')} labelFor="authorised-site-host" intent={e ? 'danger' : 'none'} helperText={e}>
                  <InputGroup
                    id="authorised-site-host"
                    value={form.values.host}
                    placeholder="shop.example.com"
                    disabled={form.isSubmitting}
                    onChange={(ev) => {
                      clear('host');
                      void form.setFieldValue('host', ev.target.value);
                    }}
                  />
                </FormGroup>
              );
            }}
          </CheckedForm>
        </>
      )}
      <ConfirmAlert open={removing !== null} intent="warning" icon="disable" confirmText={t('monitoring.sites.remove')} busy={busy} onCancel={() => setRemoving(null)} onConfirm={() => removing && void remove(removing)}>
        {t('monitoring.sites.confirmRemove', { host: removing?.host ?? '' })}
      </ConfirmAlert>
    </Card>
  );
}
