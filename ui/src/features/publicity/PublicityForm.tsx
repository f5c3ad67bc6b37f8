import { Button, Callout, HTMLSelect, InputGroup, Switch, TextArea } from '@blueprintjs/core';
import { Formik, type FormikHelpers } from 'formik';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { chinaDate } from '../../../../domain/dates';
import { PROTECTION_KINDS, PROTECTION_RESULTS, publicitySchema, type PublicityData } from '../../../../domain/protection';
import { useServerErrors } from '../../lib/useServerErrors';
import { validateWithSchema } from '../../lib/validate';
import { FieldGroup, fieldBindings } from '../account/fields';
import type { PublicityJson } from './types';
import { ConfirmAlert } from '../../components/ConfirmAlert';

const FIELDS = Object.keys(publicitySchema.fields) as Array<keyof PublicityData>;
const LANGS = ['Zh', 'En', 'Ja'] as const;

export const emptyPublicity = (): PublicityData => ({
  kind: 'administrative',
  titleZh: '',
  titleEn: '',
  titleJa: '',
  ipNameZh: '',
  ipNameEn: '',
  ipNameJa: '',
  infringer: '',
  result: 'resolved',
  summaryZh: '',
  summaryEn: '',
  summaryJa: '',
  processedOn: chinaDate(new Date()),
  published: false,
});

/** The body PUT takes back: the entry's approved fields, without its number, dates and case. */
export const publicityData = (e: PublicityJson): PublicityData => Object.fromEntries(FIELDS.map((f) => [f, e[f]])) as PublicityData;

interface Props {
  initial: PublicityData;
  onSubmit: (body: PublicityData) => Promise<void>;
  onCancel: () => void;
}

/**
 * The back office's publicity form (admin rightPublic add and edit): the texts in three languages
 * (Chinese required, the others fall back to it), kind, result, processed date and whether it is
 * published. The domain schema checks it here and again in the API; publishing or withdrawing asks
 * once more, since it shows or hides the entry to everyone.
 */
export function PublicityForm({ initial, onSubmit, onCancel }: Props) {
  const { t } = useTranslation();
  const { server, formError, clear, reset, fail } = useServerErrors();
  const [pending, setPending] = useState<{ values: PublicityData; helpers: FormikHelpers<PublicityData> } | null>(null);

  async function send(values: PublicityData, helpers: FormikHelpers<PublicityData>) {
    reset();
    try {
      await onSubmit(values);
    } catch (e) {
      fail(e, helpers);
    }
  }

  return (
    <Formik<PublicityData> initialValues={initial} validate={(v) => validateWithSchema(publicitySchema, v)} onSubmit={(values, helpers) => (values.published !== initial.published ? setPending({ values, helpers }) : send(values, helpers))}>
      {(form) => {
        const { error, set, blur } = fieldBindings(form, server, clear, t);
        const v = form.values;
        const field = (name: keyof PublicityData, control: ReactNode, wide = false) => (
          <FieldGroup key={name} name={name} id={`publicity-${name}`} label={t(`publicity.fields.${name}`)} error={error(name)} hint={/(En|Ja)$/.test(name) ? t('publicity.hints.fallback') : undefined} wide={wide}>
            {control}
          </FieldGroup>
        );
        // The Chinese text spans the row, its optional translations share the next one.
        const text = (name: keyof PublicityData, type: 'text' | 'date' = 'text', wide = false) =>
          field(name, <InputGroup id={`publicity-${name}`} type={type} value={String(v[name])} intent={error(name) ? 'danger' : 'none'} onChange={(e) => set(name, e.target.value)} onBlur={blur(name)} />, wide);
        const select = (name: 'kind' | 'result', options: Array<{ value: string; label: string }>) =>
          field(name, <HTMLSelect id={`publicity-${name}`} fill value={v[name]} onChange={(e) => set(name, e.currentTarget.value)} options={options} />);
        return (
          <form noValidate onSubmit={form.handleSubmit} data-testid="publicity-form">
            {formError && (
              <Callout intent="danger" icon="error" role="alert" style={{ marginBottom: 16 }} data-testid="form-error">
                {formError}
              </Callout>
            )}
            <div className="ipci-form-grid">
              {select(
                'kind',
                PROTECTION_KINDS.map((k) => ({ value: k, label: t(`publicity.kinds.${k}`) })),
              )}
              {select(
                'result',
                PROTECTION_RESULTS.map((r) => ({ value: r, label: t(`publicity.results.${r}`) })),
              )}
              {text('processedOn', 'date')}
              {text('infringer')}
              {LANGS.map((l) => text(`title${l}`, 'text', l === 'Zh'))}
              {LANGS.map((l) => text(`ipName${l}`, 'text', l === 'Zh'))}
              {LANGS.map((l) =>
                field(
                  `summary${l}`,
                  <TextArea id={`publicity-summary${l}`} fill rows={4} value={v[`summary${l}`]} intent={error(`summary${l}`) ? 'danger' : 'none'} onChange={(e) => set(`summary${l}`, e.target.value)} onBlur={blur(`summary${l}`)} />,
                  true,
                ),
              )}
              {field('published', <Switch id="publicity-published" checked={v.published} label={t('publicity.admin.publishOnSave')} onChange={(e) => set('published', e.currentTarget.checked)} />, true)}
            </div>
            <div className="ipci-form-actions">
              <Button text={t('publicity.admin.cancel')} onClick={onCancel} />
              <Button type="submit" intent="primary" icon="floppy-disk" text={t('publicity.admin.save')} loading={form.isSubmitting || pending !== null} data-testid="publicity-submit" />
            </div>
            <ConfirmAlert
              open={pending !== null}
              intent={v.published ? 'primary' : 'warning'}
              icon={v.published ? 'globe' : 'eye-off'}
              confirmText={t(v.published ? 'publicity.admin.publish' : 'publicity.admin.unpublish')}
              cancelText={t('publicity.admin.cancel')}
              onCancel={() => {
                pending?.helpers.setSubmitting(false);
                setPending(null);
              }}
              onConfirm={() => {
                const p = pending!;
                setPending(null);
                void send(p.values, p.helpers).finally(() => p.helpers.setSubmitting(false));
              }}
            >
              {t(v.published ? 'publicity.admin.confirmPublish' : 'publicity.admin.confirmUnpublish')}
            </ConfirmAlert>
          </form>
        );
      }}
    </Formik>
  );
}
