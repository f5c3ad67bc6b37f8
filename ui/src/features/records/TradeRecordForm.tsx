import { useEffect, useState, type ReactNode } from 'react';
import { Button, Callout, Checkbox, HTMLSelect, InputGroup, Radio, RadioGroup } from '@blueprintjs/core';
import { Formik, type FormikHelpers } from 'formik';
import { useTranslation } from 'react-i18next';
import { chinaDate } from '../../../../domain/dates';
import { formatIpciCode } from '../../../../domain/ipci';
import { ipNameIn } from '../../../../domain/ipNames';
import { SUBLICENSING } from '../../../../domain/titleRegistration';
import { tradeRecordCreateSchema, tradeRecordUpdateSchema, VOUCHER_UPLOAD_KIND, type TradeRecordJson } from '../../../../domain/tradeRecords';
import { api, ApiError } from '../../api/client';
import { CountrySelect } from '../../components/CountrySelect';
import { UploadField } from '../../components/UploadField';
import { useLang } from '../../lib/useLang';
import { useServerErrors } from '../../lib/useServerErrors';
import { validateWithSchema } from '../../lib/validate';
import { FieldGroup, fieldBindings } from '../account/fields';
import { ChannelSelect } from '../trade/ChannelSelect';
import type { IpciOwner, TradeRecordDetail } from './types';
import './records.css';

export interface RecordValues {
  ipciId: string;
  licensee: string;
  scope: string[];
  sublicensing: string;
  exclusive: 'yes' | 'no';
  worldwide: boolean;
  region: string;
  termPermanent: boolean;
  termFrom: string;
  termTo: string;
  enteredOn: string;
  voucher: string;
  visible: boolean;
}

export const emptyRecord = (ipciId = ''): RecordValues => ({
  ipciId,
  licensee: '',
  scope: [],
  sublicensing: 'N',
  exclusive: 'no',
  worldwide: true,
  region: '',
  termPermanent: false,
  termFrom: '',
  termTo: '',
  enteredOn: chinaDate(new Date()),
  voucher: '',
  visible: true,
});

export const recordValues = (r: TradeRecordJson): RecordValues => ({
  ipciId: r.ipci.id,
  licensee: r.licensee,
  scope: r.scope,
  sublicensing: r.sublicensing,
  exclusive: r.exclusive ? 'yes' : 'no',
  worldwide: !r.region,
  region: r.region,
  termPermanent: !r.termFrom && !r.termTo,
  termFrom: r.termFrom ?? '',
  termTo: r.termTo ?? '',
  enteredOn: r.enteredOn,
  voucher: r.voucher ?? '',
  visible: r.visible,
});

/** What the API gets: '' region when worldwide, no dates when permanent, the IP only when adding. */
export function recordBody(v: RecordValues, adding: boolean): Record<string, unknown> {
  const { ipciId, worldwide, exclusive, ...rest } = v;
  return {
    ...(adding ? { ipciId } : {}),
    ...rest,
    exclusive: exclusive === 'yes',
    region: worldwide ? '' : v.region,
    termFrom: v.termPermanent ? '' : v.termFrom,
    termTo: v.termPermanent ? '' : v.termTo,
  };
}

export async function validateRecord(v: RecordValues, adding: boolean): Promise<Record<string, string>> {
  const errors = await validateWithSchema(adding ? tradeRecordCreateSchema : tradeRecordUpdateSchema, recordBody(v, adding));
  if (!v.worldwide && !v.region) errors.region = 'validation.country';
  return errors;
}

/** How the form picks its IP: the user's own certificates, an admin's IPCI code lookup, or fixed (editing). */
export type IpChoice = { kind: 'own' } | { kind: 'code' } | { kind: 'fixed'; label: string };

interface Props {
  initial: RecordValues;
  ip: IpChoice;
  adding: boolean;
  submitText: string;
  onSubmit: (body: Record<string, unknown>) => Promise<TradeRecordDetail>;
  onDone: (detail: TradeRecordDetail) => void;
  onCancel: () => void;
}

/**
 * The trade record form (spec part 1 §3): licensee, authorization scope (rightScope codes),
 * sublicensing, exclusivity, region, term permanent or from–to, entry date, voucher, visibility.
 * The domain schema checks it here and again in the API; the server's field messages show alike.
 */
export function TradeRecordForm({ initial, ip, adding, submitText, onSubmit, onDone, onCancel }: Props) {
  const { t } = useTranslation();
  const { server, formError, clear, reset, fail, setField } = useServerErrors();

  async function submit(values: RecordValues, helpers: FormikHelpers<RecordValues>) {
    reset();
    try {
      onDone(await onSubmit(recordBody(values, adding)));
    } catch (e) {
      fail(e, helpers);
    }
  }

  return (
    <Formik<RecordValues> initialValues={initial} validate={(v) => validateRecord(v, adding)} onSubmit={submit}>
      {(form) => {
        const { error, set, blur } = fieldBindings(form, server, clear, t);
        const field = (name: string, control: ReactNode, opts: { wide?: boolean; hint?: string; label?: string } = {}) => (
          <FieldGroup key={name} name={name} id={`record-${name}`} label={opts.label ?? t(`records.fields.${name}`)} error={error(name)} hint={opts.hint} wide={opts.wide}>
            {control}
          </FieldGroup>
        );
        const v = form.values;
        return (
          <form noValidate onSubmit={form.handleSubmit} data-testid="record-form">
            {formError && (
              <Callout intent="danger" icon="error" role="alert" style={{ marginBottom: 16 }} data-testid="form-error">
                {formError}
              </Callout>
            )}
            <div className="ipci-form-grid">
              {field(
                'ipciId',
                ip.kind === 'fixed' ? (
                  <InputGroup id="record-ipciId" value={ip.label} readOnly />
                ) : ip.kind === 'own' ? (
                  <OwnIpSelect value={v.ipciId} onChange={(id) => set('ipciId', id)} />
                ) : (
                  <IpciCodeLookup onChange={(id) => set('ipciId', id)} />
                ),
                { wide: true, label: t('records.fields.ip') },
              )}
              {field(
                'licensee',
                <InputGroup id="record-licensee" value={v.licensee} intent={error('licensee') ? 'danger' : 'none'} onChange={(e) => set('licensee', e.target.value)} onBlur={blur('licensee')} />,
                { wide: true },
              )}
              {field('scope', <ChannelSelect id="record-scope" value={v.scope} onChange={(s) => set('scope', s)} onBlur={blur('scope')} intent={error('scope') ? 'danger' : 'none'} />, {
                wide: true,
                hint: t('records.hints.scope'),
              })}
              {field(
                'sublicensing',
                <RadioGroup inline selectedValue={v.sublicensing} onChange={(e) => set('sublicensing', e.currentTarget.value)}>
                  {SUBLICENSING.map((s) => (
                    <Radio key={s} value={s} label={t(`records.sublicensing.${s}`)} />
                  ))}
                </RadioGroup>,
              )}
              {field(
                'exclusive',
                <RadioGroup inline selectedValue={v.exclusive} onChange={(e) => set('exclusive', e.currentTarget.value)}>
                  <Radio value="no" label={t('records.exclusiveNo')} />
                  <Radio value="yes" label={t('records.exclusiveYes')} />
                </RadioGroup>,
              )}
              {field(
                'region',
                <div className="ipci-rec-tight">
                  <Checkbox checked={v.worldwide} label={t('records.worldwide')} onChange={(e) => set('worldwide', e.currentTarget.checked)} />
                  {!v.worldwide && <CountrySelect id="record-region" value={v.region} onChange={(c) => set('region', c)} onBlur={blur('region')} />}
                </div>,
                { wide: true },
              )}
              {field('termPermanent', <Checkbox id="record-termPermanent" checked={v.termPermanent} label={t('records.termPermanent')} onChange={(e) => set('termPermanent', e.currentTarget.checked)} />, {
                wide: true,
                label: t('records.fields.term'),
              })}
              {!v.termPermanent && field('termFrom', <InputGroup id="record-termFrom" type="date" value={v.termFrom} onChange={(e) => set('termFrom', e.target.value)} onBlur={blur('termFrom')} />)}
              {!v.termPermanent && field('termTo', <InputGroup id="record-termTo" type="date" value={v.termTo} onChange={(e) => set('termTo', e.target.value)} onBlur={blur('termTo')} />)}
              {field('enteredOn', <InputGroup id="record-enteredOn" type="date" value={v.enteredOn} onChange={(e) => set('enteredOn', e.target.value)} onBlur={blur('enteredOn')} />)}
              {field(
                'visible',
                <Checkbox id="record-visible" checked={v.visible} label={t('records.visibleHint')} onChange={(e) => set('visible', e.currentTarget.checked)} />,
              )}
              {field(
                'voucher',
                <UploadField
                  id="record-voucher"
                  kind={VOUCHER_UPLOAD_KIND}
                  value={v.voucher}
                  onChange={(id) => {
                    setField('voucher', null);
                    set('voucher', id);
                  }}
                  onError={(m) => setField('voucher', m)}
                />,
                { wide: true, hint: t('records.hints.voucher') },
              )}
            </div>
            <div className="ipci-form-actions">
              <Button text={t('records.cancel')} onClick={onCancel} />
              <Button type="submit" intent="primary" icon="floppy-disk" text={submitText} loading={form.isSubmitting} data-testid="record-submit" />
            </div>
          </form>
        );
      }}
    </Formik>
  );
}

interface OwnIpci {
  id: string;
  code: string | null;
  ipNames: { zh: string; en: string; ja: string };
}

/** The user's own issued certificates (GET /api/ipcis, first page), by name and code. */
function OwnIpSelect({ value, onChange }: { value: string; onChange: (id: string) => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const [items, setItems] = useState<OwnIpci[] | null>(null);
  useEffect(() => {
    api
      .get<{ items: OwnIpci[] }>('/api/ipcis', undefined, { quiet: true })
      .then((r) => setItems(r.items.filter((i) => i.code)))
      .catch(() => setItems([]));
  }, []);
  if (items && items.length === 0) return <Callout icon="info-sign">{t('records.noOwnIp')}</Callout>;
  return (
    <HTMLSelect id="record-ipciId" fill value={value} onChange={(e) => onChange(e.currentTarget.value)} data-testid="record-ip">
      <option value="">{t('form.choose')}</option>
      {(items ?? []).map((i) => (
        <option key={i.id} value={i.id}>
          {ipNameIn(i.ipNames, lang)} · {formatIpciCode(i.code!)}
        </option>
      ))}
    </HTMLSelect>
  );
}

/** Back office: the admin types an IPCI code; the IP and its holder (in whose name the record is kept) show. */
function IpciCodeLookup({ onChange }: { onChange: (id: string) => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const [code, setCode] = useState('');
  const [found, setFound] = useState<IpciOwner | null | undefined>(undefined);
  async function look() {
    try {
      const r = await api.get<{ ipci: IpciOwner }>('/api/admin/trade-records/ipci', { code }, { quiet: true });
      setFound(r.ipci);
      onChange(r.ipci.id);
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      setFound(null);
      onChange('');
    }
  }
  return (
    <div className="ipci-rec-tight">
      <InputGroup
        id="record-ipciId"
        value={code}
        placeholder={t('records.codePlaceholder')}
        onChange={(e) => setCode(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            void look();
          }
        }}
        rightElement={<Button variant="minimal" icon="search" aria-label={t('records.lookUp')} onClick={() => void look()} data-testid="record-lookup" />}
      />
      {found && (
        <span data-testid="record-owner">
          {ipNameIn(found.names, lang)} · {t('records.owner', { name: found.owner.name })}
        </span>
      )}
      {found === null && <span className="ipci-rec-danger">{t('records.codeNotFound')}</span>}
    </div>
  );
}
