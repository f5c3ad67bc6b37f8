import { useState } from 'react';
import { Button, Dialog, DialogBody, Icon, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { DictionaryType } from '../../../../domain/dictionaries';
import { useDictionary } from '../../lib/useDictionary';
import { isImageMime } from '../../../../domain/uploads';
import type { FieldStep } from '../../../../domain/titleRegistration';
import type { Upload } from '../../api/types';
import { UploadPreview } from '../../components/UploadPreview';
import { countryName } from '../../lib/format';
import { useLang } from '../../lib/useLang';
import { isEmpty, isVisible, TITLE_LAYOUT, type FieldSpec, type Values } from './fields';
import './titleAudit.css';

const STEPS = Object.keys(TITLE_LAYOUT) as FieldStep[];

export interface TitleDataProps {
  data: Values;
  uploads?: Record<string, Upload>;
  /** Field -> the reviewer's reason: highlighted. */
  flags?: Record<string, string> | null;
  /** Only these steps (the submit page shows one step per card). */
  steps?: FieldStep[];
  /** A link per step heading (the submit page's 'edit'). */
  stepAction?: (step: FieldStep) => React.ReactNode;
}

/** Every field of a title registration, read-only, step by step; pictures open in a preview, files download. */
export function TitleData({ data, uploads, flags, steps = STEPS, stepAction }: TitleDataProps) {
  const { t } = useTranslation();
  const [preview, setPreview] = useState<string | null>(null);
  return (
    <div className="ipci-title-data" data-testid="title-data">
      {steps.map((step) => {
        const fields = TITLE_LAYOUT[step].flatMap((s) => s.fields).filter((f) => isVisible(f, data) || !isEmpty(data[f.name]));
        return (
          <section key={step} className="ipci-title-data-step" data-step={step}>
            <h4 className="ipci-title-data-head">
              {t(`titleRegistration.wizard.${step}`)}
              {stepAction?.(step)}
            </h4>
            <dl className="ipci-dl">
              {fields.map((f) => {
                const wide = f.wide || f.type === 'uploads' || f.type === 'textarea';
                const reason = flags?.[f.name];
                return [
                  <dt key={`t-${f.name}`} className={`${wide ? 'ipci-dl-wide-label' : ''} ${reason ? 'ipci-flagged' : ''}`}>
                    {t(`fields.${f.name}`)}
                    {reason && (
                      <Tag minimal intent="danger" style={{ marginLeft: 6 }}>
                        {t('identity.flagged')}
                      </Tag>
                    )}
                  </dt>,
                  <dd key={`d-${f.name}`} className={`${wide ? 'ipci-dl-wide' : ''} ${reason ? 'ipci-flagged' : ''}`} data-field={f.name}>
                    <Value spec={f} value={data[f.name]} uploads={uploads} onPreview={setPreview} />
                    {reason && (
                      <div className="ipci-flag-reason" data-testid={`flag-${f.name}`}>
                        <Icon icon="flag" size={12} intent="danger" /> {t('identity.reviewerSays')}: {reason}
                      </div>
                    )}
                  </dd>,
                ];
              })}
            </dl>
          </section>
        );
      })}
      <Dialog isOpen={preview !== null} onClose={() => setPreview(null)} title={t('upload.preview')} style={{ width: 'auto', maxWidth: '90vw' }}>
        <DialogBody>
          {preview && <img src={`/api/uploads/${encodeURIComponent(preview)}`} alt={uploads?.[preview]?.originalName ?? t('upload.preview')} className="ipci-preview-full" />}
        </DialogBody>
      </Dialog>
    </div>
  );
}

function Value({ spec, value, uploads, onPreview }: { spec: FieldSpec; value: unknown; uploads?: Record<string, Upload>; onPreview: (id: string) => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const { type, name } = spec;
  if (type === 'checkbox') return <>{value ? t('form.yes') : t('form.no')}</>;
  if (type === 'yesNo' && typeof value === 'boolean') return <>{t(`titleRegistration.yesNo.${value ? 'yes' : 'no'}`)}</>;
  if (isEmpty(value)) return <span className="ipci-muted">—</span>;
  if (spec.dictionary) return <DictionaryLabel type={spec.dictionary} code={String(value)} />;
  if (type === 'radio' || type === 'select') return <>{t(`titleRegistration.${spec.optionLabels}.${String(value)}`)}</>;
  if (type === 'country') return <>{`${countryName(String(value), lang)} (${String(value)})`}</>;
  if (type === 'upload' || type === 'uploads') {
    const ids = ([] as string[]).concat(value as string | string[]);
    return (
      <div className="ipci-upload" data-testid={`files-${name}`}>
        {ids.map((id) => (
          <Thumb key={id} id={id} meta={uploads?.[id]} onPreview={onPreview} />
        ))}
      </div>
    );
  }
  if (name === 'videoLink' || name === 'siteLink')
    return (
      <a href={String(value)} target="_blank" rel="noreferrer noopener">
        {String(value)}
      </a>
    );
  return <span style={{ whiteSpace: 'pre-wrap' }}>{String(value)}</span>;
}

/** A picture opens in the preview dialog; any other file is a download link. */
function Thumb({ id, meta, onPreview }: { id: string; meta?: Upload; onPreview: (id: string) => void }) {
  const { t } = useTranslation();
  if (!meta || !isImageMime(meta.mime)) return <UploadPreview id={id} meta={meta} />;
  return (
    <Button variant="minimal" className="ipci-thumb-button" onClick={() => onPreview(id)} aria-label={`${t('upload.preview')}: ${meta.originalName}`}>
      <img className="ipci-thumb" src={`/api/uploads/${encodeURIComponent(id)}`} alt={meta.originalName} />
    </Button>
  );
}

function DictionaryLabel({ type, code }: { type: DictionaryType; code: string }) {
  return <>{useDictionary(type).labelOf(code)}</>;
}
