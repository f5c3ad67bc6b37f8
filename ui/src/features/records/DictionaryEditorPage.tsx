import { useCallback, useEffect, useState } from 'react';
import { Button, Callout, Card, Checkbox, Dialog, DialogBody, DialogFooter, FormGroup, HTMLTable, InputGroup, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { Formik, type FormikHelpers } from 'formik';
import { ValidationError } from 'yup';
import { useTranslation } from 'react-i18next';
import { dictionaryEntryCreateSchema, dictionaryEntryUpdateSchema, type DictionaryEntry, type DictionaryType } from '../../../../domain/dictionaries';
import { LANGUAGES } from '../../../../domain/languages';
import { api } from '../../api/client';
import { encodeError, translateError } from '../../lib/format';
import { forgetDictionary } from '../../lib/useDictionary';
import { useServerErrors } from '../../lib/useServerErrors';
import { showToast } from '../../session/toaster';
import './records.css';

interface EntryValues {
  code: string;
  'zh-CN': string;
  'en-US': string;
  'ja-JP': string;
  sort: string;
  active: boolean;
}

const valuesOf = (e: DictionaryEntry | null): EntryValues => ({
  code: e?.code ?? '',
  'zh-CN': e?.labels['zh-CN'] ?? '',
  'en-US': e?.labels['en-US'] ?? '',
  'ja-JP': e?.labels['ja-JP'] ?? '',
  sort: String(e?.sort ?? 0),
  active: e?.active ?? true,
});

/** What the API gets; a new entry names its code too. */
export function entryBody(v: EntryValues, adding: boolean): Record<string, unknown> {
  return {
    ...(adding ? { code: v.code } : {}),
    labels: { 'zh-CN': v['zh-CN'], 'en-US': v['en-US'], 'ja-JP': v['ja-JP'] },
    sort: v.sort.trim() === '' ? 0 : Number(v.sort),
    active: v.active,
  };
}

/** Field messages keyed the way the form names its inputs (labels.zh-CN → zh-CN). */
async function validateEntry(v: EntryValues, adding: boolean): Promise<Record<string, string>> {
  try {
    await (adding ? dictionaryEntryCreateSchema : dictionaryEntryUpdateSchema).validate(entryBody(v, adding), { abortEarly: false });
    return {};
  } catch (e) {
    if (!ValidationError.isError(e)) throw e;
    const errors: Record<string, string> = {};
    for (const inner of e.inner.length ? e.inner : [e]) {
      const field = (inner.path ?? '').replace(/^labels\./, '') || '_form';
      errors[field] ??= encodeError(String(inner.message), inner.params as Record<string, unknown>);
    }
    return errors;
  }
}

/**
 * /admin/ipCategory and /admin/rightScope: the dictionaries the forms and filters use. Labels in
 * three languages, order and active state are editable; rightScope takes new codes, ipCategory's
 * codes are the platform's own (an inactive one leaves new forms and filters, stored data keeps it).
 */
export function DictionaryEditorPage({ type }: { type: DictionaryType }) {
  const { t } = useTranslation();
  const [data, setData] = useState<{ items: DictionaryEntry[]; open: boolean } | null | undefined>(undefined);
  const [editing, setEditing] = useState<DictionaryEntry | 'new' | null>(null);
  const load = useCallback(async () => {
    try {
      setData(await api.get<{ items: DictionaryEntry[]; open: boolean }>(`/api/admin/dictionaries/${type}`));
    } catch {
      setData(null);
    }
  }, [type]);
  useEffect(() => {
    setData(undefined);
    void load();
  }, [load]);

  return (
    <div className="ipci-stack" data-testid={`dictionary-${type}`}>
      <div className="ipci-rec-toolbar">
        <h2 className="ipci-page-title">{t(`records.dictionary.title.${type}`)}</h2>
        {data?.open && <Button intent="primary" icon="add" text={t('records.dictionary.add')} onClick={() => setEditing('new')} data-testid="dictionary-add" />}
      </div>
      <Callout icon="info-sign">{t(`records.dictionary.lead.${type}`)}</Callout>
      <Card style={{ padding: 0 }}>
        {data === undefined ? (
          <div style={{ padding: 24 }}>
            <Spinner size={24} />
          </div>
        ) : data === null ? (
          <NonIdealState icon="error" title={t('failure.load')} />
        ) : (
          <div className="ipci-list-scroll">
            <HTMLTable className="ipci-table" striped style={{ width: '100%' }}>
              <thead>
                <tr>
                  <th>{t('records.dictionary.code')}</th>
                  {LANGUAGES.map((l) => (
                    <th key={l}>{t(`records.dictionary.label.${l}`)}</th>
                  ))}
                  <th>{t('records.dictionary.sort')}</th>
                  <th>{t('records.dictionary.state')}</th>
                  <th />
                </tr>
              </thead>
              <tbody>
                {data.items.map((e) => (
                  <tr key={e.code} data-testid="dictionary-row">
                    <td>
                      <code>{e.code}</code>
                    </td>
                    {LANGUAGES.map((l) => (
                      <td key={l} className="ipci-break">
                        {e.labels[l]}
                      </td>
                    ))}
                    <td>{e.sort}</td>
                    <td>
                      <Tag minimal intent={e.active ? 'success' : 'none'}>
                        {t(e.active ? 'records.dictionary.active' : 'records.dictionary.inactive')}
                      </Tag>
                    </td>
                    <td>
                      <Button variant="minimal" icon="edit" aria-label={t('records.dictionary.edit', { code: e.code })} onClick={() => setEditing(e)} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          </div>
        )}
      </Card>
      {editing && (
        <EntryDialog
          type={type}
          entry={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            forgetDictionary(type);
            showToast({ intent: 'success', icon: 'tick', message: t('records.dictionary.saved') });
            void load();
          }}
        />
      )}
    </div>
  );
}

function EntryDialog({ type, entry, onClose, onSaved }: { type: DictionaryType; entry: DictionaryEntry | null; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const adding = entry === null;
  const { server, formError, clear, reset, fail } = useServerErrors();
  async function save(v: EntryValues, helpers: FormikHelpers<EntryValues>) {
    reset();
    try {
      if (adding) await api.post(`/api/admin/dictionaries/${type}`, entryBody(v, true));
      else await api.put(`/api/admin/dictionaries/${type}/${encodeURIComponent(entry.code)}`, entryBody(v, false));
      onSaved();
    } catch (e) {
      fail(e, helpers);
    }
  }
  return (
    <Dialog isOpen title={adding ? t('records.dictionary.add') : t('records.dictionary.edit', { code: entry.code })} icon="edit" onClose={onClose}>
      <Formik<EntryValues> initialValues={valuesOf(entry)} validate={(v) => validateEntry(v, adding)} onSubmit={save}>
        {(form) => {
          const error = (name: keyof EntryValues, serverName: string = name) => {
            const touched = Boolean(form.touched[name]) || form.submitCount > 0;
            const client = touched ? form.errors[name] : undefined;
            return client ? translateError(t, client as string) : server[serverName];
          };
          const input = (name: keyof EntryValues, label: string, serverName?: string) => (
            <FormGroup label={label} labelFor={`dict-${name}`} intent={error(name, serverName) ? 'danger' : 'none'} helperText={error(name, serverName) && <span role="alert">{error(name, serverName)}</span>}>
              <InputGroup
                id={`dict-${name}`}
                value={String(form.values[name])}
                onChange={(e) => {
                  clear(serverName ?? name);
                  void form.setFieldValue(name, e.target.value);
                }}
                onBlur={() => void form.setFieldTouched(name, true)}
              />
            </FormGroup>
          );
          return (
            <form noValidate onSubmit={form.handleSubmit} data-testid="dictionary-form">
              <DialogBody>
                {formError && (
                  <Callout intent="danger" icon="error" role="alert" style={{ marginBottom: 12 }}>
                    {formError}
                  </Callout>
                )}
                {adding ? input('code', t('records.dictionary.code')) : <p>
                    <code>{entry.code}</code>
                  </p>}
                <div className="ipci-rec-labels">
                  {LANGUAGES.map((l) => (
                    <div key={l}>{input(l, t(`records.dictionary.label.${l}`), `labels.${l}`)}</div>
                  ))}
                </div>
                {input('sort', t('records.dictionary.sort'))}
                <Checkbox checked={form.values.active} label={t('records.dictionary.activeHint')} onChange={(e) => void form.setFieldValue('active', e.currentTarget.checked)} />
              </DialogBody>
              <DialogFooter
                actions={
                  <>
                    <Button text={t('records.cancel')} onClick={onClose} />
                    <Button type="submit" intent="primary" text={t('records.save')} loading={form.isSubmitting} data-testid="dictionary-save" />
                  </>
                }
              />
            </form>
          );
        }}
      </Formik>
    </Dialog>
  );
}
