import { useState } from 'react';
import { Button, Callout, Card, FormGroup, HTMLSelect, InputGroup, Radio, RadioGroup, Switch, TextArea } from '@blueprintjs/core';
import { Formik, type FormikHelpers, type FormikProps } from 'formik';
import { useTranslation } from 'react-i18next';
import { MESSAGE_CONTENT_MAX, MESSAGE_KINDS, sendMessageSchema } from '../../../../domain/messages';
import { ROLES } from '../../../../domain/roles';
import { api } from '../../api/client';
import type { AdminUserRow } from '../../api/types';
import { validateWithSchema } from '../../lib/validate';
import { showToast } from '../../session/toaster';
import { fieldError, TextField } from '../account/fields';
import { useServerErrors } from '../../lib/useServerErrors';

interface Values {
  notifyAll: boolean;
  recUserId: string;
  role: string;
  kind: string;
  title: string;
  content: string;
  actionLink: string;
  remark: string;
}
const EMPTY: Values = { notifyAll: false, recUserId: '', role: '', kind: 'message', title: '', content: '', actionLink: '', remark: '' };

/** What the API receives: no recipient when sending to all, no role unless one is chosen. */
function payload(v: Values, sendId: string) {
  const { role, recUserId, ...rest } = v;
  return { ...rest, sendId, ...(v.notifyAll ? (role ? { role } : {}) : { recUserId }) };
}

/** admin/myMsg: a message to one user or to every active user (of a role), with an optional action link. */
export function SendMessagePage() {
  const { t } = useTranslation();
  const errors = useServerErrors();
  // One id per message being written: a retried or double-clicked send is delivered once.
  const [sendId, setSendId] = useState(() => crypto.randomUUID());

  async function submit(values: Values, helpers: FormikHelpers<Values>) {
    errors.reset();
    try {
      const r = await api.post<{ sent: number }>('/api/admin/messages', payload(values, sendId));
      showToast({ intent: 'success', icon: 'send-message', message: t('admin.sendMsg.delivered', { count: r.sent }) });
      helpers.resetForm();
      setSendId(crypto.randomUUID());
    } catch (e) {
      errors.fail(e, helpers);
    }
  }

  return (
    <div className="ipci-stack">
      <h2 className="ipci-page-title">{t('admin.sendMsg.title')}</h2>
      <Card>
        <Formik<Values> initialValues={EMPTY} validate={(v) => validateWithSchema(sendMessageSchema, payload(v, sendId))} onSubmit={submit}>
          {(form) => {
            const common = { form, server: errors.server, onEdit: errors.clear, idPrefix: 'msg' };
            const contentError = fieldError(form, errors.server, 'content', t);
            return (
              <form onSubmit={form.handleSubmit} noValidate data-testid="send-message-form" style={{ maxWidth: 640 }}>
                {errors.formError && (
                  <Callout intent="danger" icon="error" role="alert" style={{ marginBottom: 16 }}>
                    {errors.formError}
                  </Callout>
                )}
                <Switch label={t('admin.sendMsg.notifyAll')} checked={form.values.notifyAll} onChange={(e) => void form.setFieldValue('notifyAll', e.currentTarget.checked)} />
                {form.values.notifyAll ? (
                  <FormGroup label={t('admin.sendMsg.role')} labelFor="msg-role">
                    <HTMLSelect id="msg-role" value={form.values.role} onChange={(e) => void form.setFieldValue('role', e.currentTarget.value)}>
                      <option value="">{t('admin.sendMsg.everyone')}</option>
                      {ROLES.map((r) => (
                        <option key={r} value={r}>
                          {t(`roles.${r}`)}
                        </option>
                      ))}
                    </HTMLSelect>
                  </FormGroup>
                ) : (
                  <RecipientField form={form} error={fieldError(form, errors.server, 'recUserId', t)} onEdit={() => errors.clear('recUserId')} />
                )}
                <RadioGroup inline label={t('admin.sendMsg.kind')} selectedValue={form.values.kind} onChange={(e) => void form.setFieldValue('kind', e.currentTarget.value)}>
                  {MESSAGE_KINDS.map((k) => (
                    <Radio key={k} value={k} label={t(`msg.kinds.${k}`)} />
                  ))}
                </RadioGroup>
                <TextField {...common} name="title" label={t('admin.sendMsg.msgTitle')} />
                <FormGroup label={t('admin.sendMsg.content')} labelFor="msg-content" intent={contentError ? 'danger' : 'none'} helperText={contentError ?? `${form.values.content.length} / ${MESSAGE_CONTENT_MAX}`}>
                  <TextArea
                    id="msg-content"
                    fill
                    rows={6}
                    value={form.values.content}
                    intent={contentError ? 'danger' : 'none'}
                    onChange={(e) => {
                      errors.clear('content');
                      void form.setFieldValue('content', e.target.value);
                    }}
                    onBlur={() => void form.setFieldTouched('content', true)}
                  />
                </FormGroup>
                <TextField {...common} name="actionLink" label={t('admin.sendMsg.actionLink')} helper={t('admin.sendMsg.actionLinkHint')} />
                <TextField {...common} name="remark" label={t('admin.sendMsg.remark')} />
                <div className="ipci-form-actions">
                  <Button type="submit" intent="primary" icon="send-message" text={t('admin.sendMsg.submit')} loading={form.isSubmitting} />
                </div>
              </form>
            );
          }}
        </Formik>
      </Card>
    </div>
  );
}

/** Finds the recipient by user name, name, e-mail or phone (the admin user search). */
function RecipientField({ form, error, onEdit }: { form: FormikProps<Values>; error?: string; onEdit: () => void }) {
  const { t } = useTranslation();
  const [q, setQ] = useState('');
  const [found, setFound] = useState<AdminUserRow[] | null>(null);
  async function find() {
    if (!q.trim()) return;
    const r = await api.get<{ items: AdminUserRow[] }>('/api/admin/users', { q: q.trim(), status: 'active', limit: 20 });
    setFound(r.items);
    onEdit();
    void form.setFieldValue('recUserId', r.items[0]?.id ?? '');
  }
  return (
    <FormGroup label={t('admin.sendMsg.recipient')} labelFor="msg-recipient" intent={error ? 'danger' : 'none'} helperText={error ?? (found?.length === 0 ? t('admin.users.empty') : undefined)}>
      <div style={{ display: 'flex', gap: 8 }}>
        <InputGroup
          id="msg-recipient"
          leftIcon="search"
          placeholder={t('admin.users.searchHint')}
          value={q}
          onChange={(e) => setQ(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              void find().catch(() => undefined);
            }
          }}
        />
        <Button icon="search" text={t('admin.sendMsg.find')} onClick={() => void find().catch(() => undefined)} />
      </div>
      {found && found.length > 0 && (
        <HTMLSelect aria-label={t('admin.sendMsg.recipient')} style={{ marginTop: 8 }} value={form.values.recUserId} onChange={(e) => void form.setFieldValue('recUserId', e.currentTarget.value)}>
          {found.map((u) => (
            <option key={u.id} value={u.id}>
              {u.displayName} ({u.username})
            </option>
          ))}
        </HTMLSelect>
      )}
    </FormGroup>
  );
}
