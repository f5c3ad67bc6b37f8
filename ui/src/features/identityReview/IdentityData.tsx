import { Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { IdentityKind } from '../../../../domain/identity';
import type { Upload } from '../../api/types';
import { UploadPreview } from '../../components/UploadPreview';
import { countryName } from '../../lib/format';
import { useLang } from '../../lib/useLang';
import { fieldSpecs, isFieldVisible } from './fields';

/** Every identity field with its label, read-only; images as thumbnails, files as download links. */
export function IdentityData({
  kind,
  data,
  uploads,
  flags,
}: {
  kind: IdentityKind;
  data: Record<string, unknown>;
  uploads?: Record<string, Upload>;
  flags?: Record<string, string> | null;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const rows = fieldSpecs(kind).filter((f) => isFieldVisible(kind, f.name, data) || (data[f.name] !== '' && data[f.name] !== undefined && data[f.name] !== false));
  const show = (name: string, type: string) => {
    const v = data[name];
    if (type === 'checkbox') return v ? t('form.yes') : t('form.no');
    if (v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0)) return <span className="ipci-muted">—</span>;
    if (type === 'country') return `${countryName(String(v), lang)} (${v})`;
    if (type === 'countries') return (v as string[]).map((c) => countryName(c, lang)).join('、');
    if (type === 'upload') return <UploadPreview id={String(v)} meta={uploads?.[String(v)]} />;
    if (type === 'uploads')
      return (
        <div className="ipci-upload">
          {(v as string[]).map((u) => (
            <UploadPreview key={u} id={u} meta={uploads?.[u]} />
          ))}
        </div>
      );
    return String(v);
  };
  return (
    <dl className="ipci-dl" data-testid="identity-data">
      {rows.map((f) => {
        const wide = f.wide || f.type === 'uploads' || f.type === 'textarea';
        return [
          <dt key={`t-${f.name}`} className={wide ? 'ipci-dl-wide-label' : undefined}>
            {t(`fields.${f.name}`)}
            {flags?.[f.name] && (
              <Tag minimal intent="danger" style={{ marginLeft: 6 }}>
                {t('identity.flagged')}
              </Tag>
            )}
          </dt>,
          <dd key={`d-${f.name}`} className={wide ? 'ipci-dl-wide' : undefined} data-field={f.name}>
            {show(f.name, f.type)}
          </dd>,
        ];
      })}
    </dl>
  );
}
