import { useEffect, useState } from 'react';
import { Button, Callout, Card, HTMLSelect, HTMLTable, InputGroup, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { api, ApiError } from '../../api/client';
import type { CalendarDay, CalendarYear } from '../../api/types';
import { showToast } from '../../session/toaster';

/** Admin: the working-day calendar of a year (statutory holidays and adjusted working weekends). */
export function CalendarPage() {
  const { t } = useTranslation();
  const [year, setYear] = useState(new Date().getFullYear());
  const [data, setData] = useState<CalendarYear | null>(null);
  const [days, setDays] = useState<CalendarDay[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const [dirty, setDirty] = useState(false);

  useEffect(() => {
    let alive = true;
    setData(null);
    setError(null);
    setFieldErrors({});
    api
      .get<CalendarYear>(`/api/admin/calendar/${year}`)
      .then((r) => {
        if (!alive) return;
        setData(r);
        setDays([...r.days].sort((a, b) => a.day.localeCompare(b.day)));
        setDirty(false);
      })
      .catch((e: Error) => alive && setError(e.message || t('failure.load')));
    return () => {
      alive = false;
    };
  }, [year, t]);

  const update = (i: number, patch: Partial<CalendarDay>) => {
    setDays((d) => d.map((x, j) => (j === i ? { ...x, ...patch } : x)));
    setDirty(true);
  };

  async function save() {
    setSaving(true);
    setError(null);
    setFieldErrors({});
    try {
      const clean = days.filter((d) => d.day).sort((a, b) => a.day.localeCompare(b.day));
      const r = await api.put<CalendarYear>(`/api/admin/calendar/${year}`, { days: clean });
      setData(r);
      setDays([...r.days].sort((a, b) => a.day.localeCompare(b.day)));
      setDirty(false);
      showToast({ intent: 'success', icon: 'tick', message: t('calendar.saved') });
    } catch (e) {
      if (e instanceof ApiError) {
        setError(e.message || t('failure.load'));
        setFieldErrors(e.fields ?? {});
      }
    } finally {
      setSaving(false);
    }
  }

  return (
    <div className="ipci-stack">
      <div className="ipci-toolbar">
        <h2 className="ipci-page-title" style={{ margin: 0 }}>
          {t('calendar.title')}
        </h2>
        <Button icon="chevron-left" variant="minimal" aria-label={t('calendar.prev')} onClick={() => setYear((y) => y - 1)} />
        <strong style={{ fontSize: 18 }}>{year}</strong>
        <Button icon="chevron-right" variant="minimal" aria-label={t('calendar.next')} onClick={() => setYear((y) => y + 1)} />
        {data && (
          <Tag minimal intent={data.official ? 'success' : 'warning'} icon={data.official ? 'endorsed' : 'warning-sign'}>
            {data.official ? t('calendar.official') : t('calendar.provisional')}
          </Tag>
        )}
        {data?.source && <span className="ipci-muted">{t('calendar.source', { source: data.source })}</span>}
        <span className="ipci-spacer" />
        <Button
          icon="add"
          text={t('calendar.addRow')}
          disabled={!data}
          onClick={() => {
            setDays((d) => [...d, { day: `${year}-01-01`, kind: 'holiday', name: '' }]);
            setDirty(true);
          }}
        />
        <Button intent="primary" icon="floppy-disk" text={t('actions.save')} disabled={!data || !dirty} loading={saving} onClick={() => void save()} />
      </div>
      {!data?.official && data && <Callout intent="warning">{t('calendar.provisionalHint')}</Callout>}
      {error && (
        <Callout intent="danger" role="alert">
          {error}
          {Object.entries(fieldErrors).length > 0 && (
            <ul style={{ margin: '6px 0 0' }}>
              {Object.entries(fieldErrors).map(([k, v]) => (
                <li key={k}>
                  {k}: {v}
                </li>
              ))}
            </ul>
          )}
        </Callout>
      )}
      <Card style={{ padding: 0 }}>
        {!data && !error ? (
          <div style={{ padding: 24 }}>
            <Spinner size={24} />
          </div>
        ) : days.length === 0 ? (
          <div className="ipci-card-empty"><NonIdealState icon="calendar" title={t('calendar.empty')} /></div>
        ) : (
          <HTMLTable className="ipci-table" compact striped>
            <thead>
              <tr>
                <th style={{ width: 200 }}>{t('calendar.day')}</th>
                <th style={{ width: 200 }}>{t('calendar.kind')}</th>
                <th>{t('calendar.name')}</th>
                <th style={{ width: 60 }} />
              </tr>
            </thead>
            <tbody>
              {days.map((d, i) => (
                <tr key={i}>
                  <td>
                    <InputGroup type="date" size="small" value={d.day} aria-label={t('calendar.day')} onChange={(e) => update(i, { day: e.target.value })} />
                  </td>
                  <td>
                    <HTMLSelect value={d.kind} style={{ minWidth: 150 }} aria-label={t('calendar.kind')} onChange={(e) => update(i, { kind: e.currentTarget.value as CalendarDay['kind'] })}>
                      <option value="holiday">{t('calendar.holiday')}</option>
                      <option value="workday">{t('calendar.workday')}</option>
                    </HTMLSelect>
                  </td>
                  <td>
                    <InputGroup size="small" value={d.name} aria-label={t('calendar.name')} onChange={(e) => update(i, { name: e.target.value })} />
                  </td>
                  <td>
                    <Button
                      variant="minimal"
                      icon="trash"
                      intent="danger"
                      aria-label={t('calendar.remove')}
                      onClick={() => {
                        setDays((x) => x.filter((_, j) => j !== i));
                        setDirty(true);
                      }}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        )}
      </Card>
    </div>
  );
}
