import { useCallback, useEffect, useState } from 'react';
import { Button, Callout, Card, Checkbox, FormGroup, HTMLSelect, InputGroup, NonIdealState, Radio, RadioGroup, Spinner, TextArea } from '@blueprintjs/core';
import { Formik } from 'formik';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { decisionSchema, type Decision, type DecisionShape } from '../../../../domain/tasks';
import { api, ApiError } from '../../api/client';
import type { StaffMember, SubjectUser, TaskDetail, TaskRow } from '../../api/types';
import { Timeline } from '../../components/Timeline';
import { formatDateTime, formatDeadline, translateError } from '../../lib/format';
import { useLang } from '../../lib/useLang';
import { useSession } from '../../session/SessionContext';
import { showToast } from '../../session/toaster';
import { validateWithSchema } from '../../lib/validate';
import { OverdueTag, ProvisionalTag, TaskStatusTag, taskTitleIn } from './taskBits';
import { SUBJECT_VIEWS } from './subjectViews';
import { usePermission } from '../../session/permissions';
import { WorkflowLink } from '../../components/WorkflowLink';

export function TaskPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const { id = '' } = useParams();
  const { user } = useSession();
  const [detail, setDetail] = useState<TaskDetail | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [conflict, setConflict] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [staff, setStaff] = useState<StaffMember[]>([]);
  const [assignee, setAssignee] = useState('');
  const isAdmin = Boolean(user?.roles.includes('admin'));
  // The reassign API is the admin's; the roles editor can still take the element away.
  const canReassign = usePermission('task.reassign') && isAdmin;

  const load = useCallback(async () => {
    try {
      setDetail(await api.get<TaskDetail>(`/api/tasks/${encodeURIComponent(id)}`));
    } catch (e) {
      setLoadError(e instanceof ApiError && e.message ? e.message : t('failure.load'));
    }
  }, [id, t]);
  useEffect(() => {
    void load();
  }, [load]);
  useEffect(() => {
    if (canReassign)
      api
        .get<{ items: StaffMember[] }>('/api/staff')
        .then((r) => setStaff(r.items))
        .catch(() => undefined);
  }, [canReassign]);

  async function act(name: string, path: string, body?: unknown) {
    setBusy(name);
    setConflict(null);
    try {
      const r = await api.post<{ task: TaskRow }>(`/api/tasks/${encodeURIComponent(id)}/${path}`, body ?? {});
      setDetail((d) => (d ? { ...d, task: r.task } : d));
      showToast({ intent: 'success', icon: 'tick', message: t(`task.done.${name}`) });
      return true;
    } catch (e) {
      if (e instanceof ApiError && e.status > 0) {
        const message = e.message || t('http.conflict', { ns: 'errors' });
        setConflict(message);
        showToast({ intent: 'danger', icon: 'error', message });
        if (e.status === 409) void load();
      }
      return false;
    } finally {
      setBusy(null);
    }
  }

  if (loadError) return <NonIdealState icon="error" title={loadError} action={<Link to="/manage/inbox">{t('task.back')}</Link>} />;
  if (!detail)
    return (
      <div className="ipci-page-center">
        <Spinner />
      </div>
    );

  const { task, subject, fields, categories, values, choices, commentRequired, workflowUrl } = detail;
  const mine = task.assigneeId === user?.id;
  const open = task.status === 'open' || task.status === 'claimed';
  const applicant = (subject as { user?: SubjectUser | null } | null)?.user;
  const SubjectView = SUBJECT_VIEWS[task.caseKind];

  return (
    <div className="ipci-stack">
      <div className="ipci-toolbar">
        <Link to="/manage/inbox">← {t('task.back')}</Link>
      </div>
      <Card>
        <div className="ipci-toolbar">
          <h2 className="ipci-page-title" style={{ margin: 0 }}>
            {taskTitleIn(task, lang)}
          </h2>
          <TaskStatusTag status={task.status} />
          <OverdueTag task={task} />
          <span className="ipci-spacer" />
          {task.status === 'open' && <Button intent="primary" icon="hand" text={t('task.claim')} loading={busy === 'claim'} onClick={() => void act('claim', 'claim')} />}
          {task.status === 'claimed' && (mine || isAdmin) && (
            <Button icon="undo" text={t('task.unclaim')} loading={busy === 'unclaim'} onClick={() => void act('unclaim', 'unclaim')} />
          )}
          {workflowUrl && <WorkflowLink url={workflowUrl} />}
        </div>
        <dl className="ipci-dl" style={{ marginTop: 16 }}>
          <dt>{t('inbox.col.queue')}</dt>
          <dd>{t(`queues.${task.queue}`)}</dd>
          <dt>{t('inbox.col.assignee')}</dt>
          <dd>{task.assigneeName ?? '—'}</dd>
          <dt>{t('inbox.col.due')}</dt>
          <dd>
            {formatDeadline(task.dueAt, lang)}
            <ProvisionalTag show={task.dueProvisional} />
          </dd>
          <dt>{t('inbox.col.created')}</dt>
          <dd>{formatDateTime(task.createdAt, lang)}</dd>
          {applicant && (
            <>
              <dt>{t('task.applicant')}</dt>
              <dd>
                {applicant.displayName} ({applicant.username})
              </dd>
              <dt>{t('user.kind')}</dt>
              <dd>{t(`user.kinds.${applicant.kind ?? 'personal'}`)}</dd>
            </>
          )}
        </dl>
        {canReassign && open && (
          <div className="ipci-toolbar" style={{ marginTop: 16 }}>
            <FormGroup inline label={t('task.reassign')} labelFor="reassign" style={{ margin: 0 }}>
              <HTMLSelect id="reassign" value={assignee} onChange={(e) => setAssignee(e.currentTarget.value)}>
                <option value="">{t('form.choose')}</option>
                {staff.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.displayName}
                  </option>
                ))}
              </HTMLSelect>
            </FormGroup>
            <Button icon="exchange" text={t('task.reassignAction')} disabled={!assignee} loading={busy === 'reassign'} onClick={() => void act('reassign', 'reassign', { assigneeId: assignee })} />
          </div>
        )}
      </Card>

      {conflict && (
        <Callout intent="danger" icon="error" role="alert" title={t('task.conflictTitle')} data-testid="task-conflict">
          {conflict}
        </Callout>
      )}

      {subject != null && SubjectView && <SubjectView task={task} subject={subject} />}

      {open && (
        <Card>
          <h3 className="ipci-page-title">{t('task.decision')}</h3>
          <DecisionForm
            shape={{ fields, categories, values, choices, commentRequired }}
            categoryLabel={(c) => t(`${CATEGORY_LABELS[task.caseKind] ?? 'task.categories'}.${c}`, { defaultValue: c })}
            onSubmit={(d) => act('complete', 'complete', d)}
          />
        </Card>
      )}

      <Card>
        <h3 className="ipci-page-title">{t('timeline.title')}</h3>
        <Timeline kind={task.caseKind} id={task.caseId} />
      </Card>
    </div>
  );
}

/** Where the labels of a process's failure categories live in the catalog (e.g. the title audit's failure reasons). */
const CATEGORY_LABELS: Record<string, string> = { titleAudit: 'titleRegistration.failureReason', manufacturerListing: 'messages:manufacturer.refusalReason' };

interface DecisionValues {
  outcome: 'approve' | 'fail';
  flagged: Record<string, boolean>;
  reasons: Record<string, string>;
  comment: string;
  category: string;
  values: Record<string, string>;
}

function toDecision(v: DecisionValues, shape: DecisionShape): Decision {
  const reasons: Record<string, string> = {};
  if (v.outcome === 'fail') for (const [f, on] of Object.entries(v.flagged)) if (on) reasons[f] = (v.reasons[f] ?? '').trim();
  const decision: Decision = { outcome: v.outcome, reasons, comment: v.comment.trim() };
  if (v.outcome === 'fail' && shape.categories?.length) decision.category = v.category;
  if (v.outcome === 'approve' && shape.values?.length) decision.values = Object.fromEntries(shape.values.map((name) => [name, (v.values[name] ?? '').trim()]));
  return decision;
}

/**
 * Approve, or fail with a checkbox and reason per field; a process may also ask a failure for one
 * category (a select) and an approval for values (one text input each, or a select for a value picked
 * from a list). Validated by decisionSchema(shape).
 */
export function DecisionForm({ shape, categoryLabel, onSubmit }: { shape: DecisionShape; categoryLabel: (c: string) => string; onSubmit: (d: Decision) => Promise<boolean> }) {
  const { t } = useTranslation();
  const { fields, categories = [], values = [], choices = {} } = shape;
  const schema = decisionSchema(shape);
  return (
    <Formik<DecisionValues>
      initialValues={{ outcome: 'approve', flagged: {}, reasons: {}, comment: '', category: '', values: {} }}
      validate={async (v) => {
        const errors: Record<string, string> = await validateWithSchema(schema, toDecision(v, shape));
        if (v.outcome === 'approve') for (const name of values) if (!(v.values[name] ?? '').trim()) errors[`value.${name}`] = 'validation.required';
        if (v.outcome === 'fail') for (const [f, on] of Object.entries(v.flagged)) if (on && !(v.reasons[f] ?? '').trim()) errors[`reason.${f}`] = 'validation.required';
        return errors as never;
      }}
      validateOnChange={false}
      validateOnBlur={false}
      onSubmit={async (v, helpers) => {
        const ok = await onSubmit(toDecision(v, shape));
        if (ok) helpers.resetForm();
      }}
    >
      {(form) => {
        const errors = form.errors as Record<string, string>;
        return (
          <form onSubmit={form.handleSubmit} data-testid="decision-form">
            <RadioGroup inline selectedValue={form.values.outcome} onChange={(e) => void form.setFieldValue('outcome', e.currentTarget.value)}>
              <Radio value="approve" label={t('task.approve')} />
              <Radio value="fail" label={t('task.fail')} />
            </RadioGroup>
            {form.values.outcome === 'fail' && categories.length > 0 && (
              <FormGroup style={{ marginTop: 8 }} label={t('task.category')} labelFor="decision-category" intent={errors.category ? 'danger' : 'none'} helperText={errors.category ? translateError(t, errors.category) : undefined}>
                <HTMLSelect id="decision-category" value={form.values.category} onChange={(e) => void form.setFieldValue('category', e.currentTarget.value)}>
                  <option value="">{t('form.choose')}</option>
                  {categories.map((c) => (
                    <option key={c} value={c}>
                      {categoryLabel(c)}
                    </option>
                  ))}
                </HTMLSelect>
              </FormGroup>
            )}
            {form.values.outcome === 'fail' && (
              <div className="ipci-form-grid" style={{ marginTop: 8 }}>
                {fields.map((f) => (
                  <FormGroup key={f} intent={errors[`reason.${f}`] ? 'danger' : 'none'} helperText={errors[`reason.${f}`] ? translateError(t, errors[`reason.${f}`]) : undefined}>
                    <Checkbox
                      checked={Boolean(form.values.flagged[f])}
                      label={t(`fields.${f}`, { defaultValue: f })}
                      onChange={(e) => void form.setFieldValue(`flagged.${f}`, e.currentTarget.checked)}
                    />
                    {form.values.flagged[f] && (
                      <InputGroup
                        aria-label={`${t('task.reason')}: ${t(`fields.${f}`, { defaultValue: f })}`}
                        placeholder={t('task.reason')}
                        value={form.values.reasons[f] ?? ''}
                        intent={errors[`reason.${f}`] ? 'danger' : 'none'}
                        onChange={(e) => void form.setFieldValue(`reasons.${f}`, e.target.value)}
                      />
                    )}
                  </FormGroup>
                ))}
              </div>
            )}
            {form.values.outcome === 'approve' &&
              values.map((name) => (
                <FormGroup
                  key={name}
                  label={t(`task.values.${name}`, { defaultValue: name })}
                  labelFor={`decision-value-${name}`}
                  intent={errors[`value.${name}`] ? 'danger' : 'none'}
                  helperText={errors[`value.${name}`] ? translateError(t, errors[`value.${name}`]) : undefined}
                >
                  {Object.hasOwn(choices, name) ? (
                    <HTMLSelect id={`decision-value-${name}`} value={form.values.values[name] ?? ''} onChange={(e) => void form.setFieldValue(`values.${name}`, e.currentTarget.value)}>
                      <option value="">{t('form.choose')}</option>
                      {choices[name].map((c) => (
                        <option key={c} value={c}>
                          {t(`task.choices.${name}.${c}`, { defaultValue: c })}
                        </option>
                      ))}
                    </HTMLSelect>
                  ) : (
                    <InputGroup
                      id={`decision-value-${name}`}
                      value={form.values.values[name] ?? ''}
                      intent={errors[`value.${name}`] ? 'danger' : 'none'}
                      onChange={(e) => void form.setFieldValue(`values.${name}`, e.target.value)}
                    />
                  )}
                </FormGroup>
              ))}
            {errors.reasons && (
              <Callout intent="danger" icon="error" style={{ marginBottom: 12 }} role="alert">
                {translateError(t, errors.reasons)}
              </Callout>
            )}
            <FormGroup label={t('task.comment')} labelFor="decision-comment" intent={errors.comment ? 'danger' : 'none'} helperText={errors.comment ? translateError(t, errors.comment) : undefined}>
              <TextArea id="decision-comment" fill rows={2} value={form.values.comment} intent={errors.comment ? 'danger' : 'none'} onChange={(e) => void form.setFieldValue('comment', e.target.value)} />
            </FormGroup>
            <div className="ipci-form-actions">
              <Button
                type="submit"
                intent={form.values.outcome === 'approve' ? 'success' : 'danger'}
                icon={form.values.outcome === 'approve' ? 'tick' : 'cross'}
                text={form.values.outcome === 'approve' ? t('task.submitApprove') : t('task.submitFail')}
                loading={form.isSubmitting}
              />
            </div>
          </form>
        );
      }}
    </Formik>
  );
}
