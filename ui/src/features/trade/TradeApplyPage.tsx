import { useEffect, useState, type ReactNode } from 'react';
import { Button, Callout, Card, Checkbox, InputGroup, NonIdealState, Radio, RadioGroup, Spinner, TextArea } from '@blueprintjs/core';
import { Formik, type FormikHelpers, type FormikProps } from 'formik';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AnySchema } from 'yup';
import { ipNameIn } from '../../../../domain/ipNames';
import { formatIpciCode } from '../../../../domain/ipci';
import { formatYuan, SELF_SERVICE_TRADE_CAP_FEN } from '../../../../domain/money';
import { contactSellerSchema, entrustedApplicationSchema, ENTRUSTED_CONTACT_WORKING_DAYS, PROPOSAL_UPLOAD_KIND, selfServiceApplicationSchema, type TradeMode } from '../../../../domain/trade';
import { api } from '../../api/client';
import { CountrySelect } from '../../components/CountrySelect';
import { UploadField } from '../../components/UploadField';
import { useLang, useSitePath } from '../../lib/useLang';
import { useServerErrors } from '../../lib/useServerErrors';
import { validateWithSchema } from '../../lib/validate';
import { showToast } from '../../session/toaster';
import { FieldGroup, fieldBindings } from '../account/fields';
import { ChannelSelect } from './ChannelSelect';
import { CheckFlags } from './tradeBits';
import type { TradeDetail, TradeJson } from './types';
import { useTradeIp, type TradeIp } from './useTradeIp';
import './trade.css';

export interface Values {
  proposal: string;
  price: string;
  budget: string;
  /** Unset until chosen: the schema asks for an answer. */
  exclusive: boolean | undefined;
  channels: string[];
  /** Form-only: worldwide ('' region) or one country. */
  worldwide: boolean;
  region: string;
  termPermanent: boolean;
  termFrom: string;
  termTo: string;
  description: string;
  message: string;
  contactPerson: string;
  phone: string;
  email: string;
}
type Field = Exclude<keyof Values, 'worldwide'>;

const CONTACT: Field[] = ['contactPerson', 'phone', 'email'];

/** Each mode: its domain schema, its endpoint, and the fields it sends (the schema's own keys). */
const MODES: Record<TradeMode, { schema: AnySchema; endpoint: string; fields: Field[] }> = {
  selfService: {
    schema: selfServiceApplicationSchema,
    endpoint: '/api/trades/selfservice',
    fields: ['proposal', 'price', 'exclusive', 'channels', 'region', 'termPermanent', 'termFrom', 'termTo', 'description', ...CONTACT],
  },
  entrusted: {
    schema: entrustedApplicationSchema,
    endpoint: '/api/trades/entrusted',
    fields: ['proposal', 'budget', 'exclusive', 'channels', 'region', 'description', ...CONTACT],
  },
  contactSeller: { schema: contactSellerSchema, endpoint: '/api/trades/contact', fields: ['message', ...CONTACT] },
};

export const EMPTY_VALUES: Values = {
  proposal: '',
  price: '',
  budget: '',
  exclusive: undefined,
  channels: [],
  worldwide: true,
  region: '',
  termPermanent: false,
  termFrom: '',
  termTo: '',
  description: '',
  message: '',
  contactPerson: '',
  phone: '',
  email: '',
};

/** What the API gets: the mode's fields as typed (yuan as text), the region '' when worldwide, no term dates when permanent. */
export function applicationBody(mode: TradeMode, ipciId: string, v: Values): Record<string, unknown> {
  const body: Record<string, unknown> = { ipciId };
  for (const f of MODES[mode].fields) body[f] = v[f];
  if ('region' in body && v.worldwide) body.region = '';
  if (v.termPermanent && 'termFrom' in body) Object.assign(body, { termFrom: '', termTo: '' });
  return body;
}

/** A stored application (a resubmission after the platform check) back into the form's values. */
export function valuesOf(trade: TradeJson): Values {
  const a = trade.application as Record<string, unknown>;
  const s = (k: string) => (typeof a[k] === 'string' ? (a[k] as string) : '');
  const yuan = (k: string) => (typeof a[k] === 'number' ? formatYuan(a[k] as number) : s(k));
  return {
    ...EMPTY_VALUES,
    proposal: s('proposal'),
    price: yuan('price'),
    budget: yuan('budget'),
    exclusive: typeof a.exclusive === 'boolean' ? a.exclusive : undefined,
    channels: Array.isArray(a.channels) ? (a.channels as string[]) : [],
    worldwide: !s('region'),
    region: s('region'),
    termPermanent: a.termPermanent === true,
    termFrom: s('termFrom'),
    termTo: s('termTo'),
    description: s('description'),
    message: s('message'),
    contactPerson: s('contactPerson'),
    phone: s('phone'),
    email: s('email'),
  };
}

/** The same domain schema as the API; a chosen "one country" without a country is the form's own check. */
export async function validateApplication(mode: TradeMode, ipciId: string, v: Values): Promise<Record<string, string>> {
  const errors = await validateWithSchema(MODES[mode].schema, applicationBody(mode, ipciId, v));
  if (MODES[mode].fields.includes('region') && !v.worldwide && !v.region) errors.region = 'validation.country';
  return errors;
}

/** The IP a form is about, on top: its name in the reader's language, code and holder. */
function IpHeader({ ip }: { ip: TradeIp }) {
  const { t } = useTranslation();
  const lang = useLang();
  const site = useSitePath();
  return (
    <Card className="ipci-trade-ip" data-testid="trade-ip">
      {ip.cover && <img className="ipci-thumb" src={ip.cover} alt="" />}
      <div style={{ minWidth: 0 }}>
        <Link to={site(`right/detail/${ip.id}`)}>
          <strong style={{ fontSize: 16 }}>{ipNameIn(ip.names, lang)}</strong>
        </Link>
        <div className="ipci-muted">
          {t('trade.fields.ipciCode')}: {formatIpciCode(ip.code)}
          {ip.holder && ` · ${t('trade.fields.holder')}: ${ip.holder}`}
        </div>
      </div>
    </Card>
  );
}

/**
 * trade/autotrade, trade/platform and trade/sellertrade (?ipci=<IPCI id>): the three ways to ask
 * for a licence (spec part 1 §3), each checked with its domain schema here and in the API; after the
 * submit the buyer lands on the trade's detail.
 */
export function TradeApplyPage({ mode }: { mode: TradeMode }) {
  const { t } = useTranslation();
  const site = useSitePath();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const ipciId = params.get('ipci') ?? '';
  // A contact-seller case continued as a self-service trade, or an application being corrected.
  const from = mode === 'selfService' ? params.get('from') ?? '' : '';
  const resubmit = mode === 'selfService' ? params.get('trade') ?? '' : '';
  const ip = useTradeIp(ipciId);
  const [initial, setInitial] = useState<Values | null>(from || resubmit ? null : EMPTY_VALUES);
  const [flags, setFlags] = useState<Record<string, string> | null>(null);
  const { server, formError, clear, reset, fail, setField } = useServerErrors();

  useEffect(() => {
    const source = resubmit || from;
    if (!source) return;
    api
      .get<TradeDetail>(`/api/trades/${encodeURIComponent(source)}`, undefined, { quiet: true })
      .then(({ trade }) => {
        if (resubmit) {
          setFlags(trade.checkFlags);
          return setInitial(valuesOf(trade));
        }
        // The contact details and the message the buyer gave the seller come along.
        const v = valuesOf(trade);
        setInitial({ ...EMPTY_VALUES, contactPerson: v.contactPerson, phone: v.phone, email: v.email, description: v.message });
      })
      .catch(() => setInitial(EMPTY_VALUES));
  }, [from, resubmit]);

  async function submit(values: Values, helpers: FormikHelpers<Values>) {
    reset();
    const body = applicationBody(mode, ipciId, values);
    try {
      const r = resubmit
        ? await api.put<{ trade: TradeJson }>(`/api/trades/${encodeURIComponent(resubmit)}/application`, body)
        : await api.post<{ trade: TradeJson }>(MODES[mode].endpoint, from ? { ...body, fromTradeId: from } : body);
      showToast({ intent: 'success', icon: 'tick', message: t(resubmit ? 'trade.apply.resubmitted' : `trade.apply.submitted.${mode}`) });
      navigate(site(`usercenter/tradedetail/${r.trade.id}`));
    } catch (e) {
      fail(e, helpers);
    }
  }

  const title = <h1 className="ipci-page-title">{t(`trade.apply.title.${mode}`)}</h1>;
  if (ip === undefined || initial === null)
    return (
      <div className="ipci-page-center">
        <Spinner />
      </div>
    );
  if (ip === null)
    return (
      <div className="ipci-container ipci-page">
        {title}
        <NonIdealState icon="search" title={t('trade.apply.noIp')} action={<Link to={site('right')}>{t('trade.apply.toCatalogue')}</Link>} />
      </div>
    );

  return (
    <div className="ipci-container ipci-page ipci-stack" data-testid={`trade-apply-${mode}`}>
      {title}
      <IpHeader ip={ip} />
      <Callout intent="primary" icon="info-sign">
        {t(`trade.apply.lead.${mode}`, { cap: formatYuan(SELF_SERVICE_TRADE_CAP_FEN), days: ENTRUSTED_CONTACT_WORKING_DAYS })}{' '}
        <Link to={site('trade')}>{t('trade.apply.howItWorks')}</Link>
      </Callout>
      {flags && <CheckFlags flags={flags} icon="flag" intent="danger" testId="check-flags" />}
      <Card>
        <Formik<Values> initialValues={initial} validate={(v) => validateApplication(mode, ipciId, v)} onSubmit={submit}>
          {(form) => (
            <form noValidate onSubmit={form.handleSubmit} data-testid="trade-form">
              {formError && (
                <Callout intent="danger" icon="error" role="alert" style={{ marginBottom: 16 }} data-testid="form-error">
                  {formError}
                </Callout>
              )}
              <ApplicationFields mode={mode} form={form} server={server} clear={clear} setField={setField} />
              <div className="ipci-form-actions">
                <Button text={t('trade.apply.back')} onClick={() => navigate(-1)} />
                <Button type="submit" intent="primary" icon="send-message" text={t(`trade.apply.submit.${mode}`)} loading={form.isSubmitting} />
              </div>
            </form>
          )}
        </Formik>
      </Card>
    </div>
  );
}

interface FieldsProps {
  mode: TradeMode;
  form: FormikProps<Values>;
  server: Record<string, string>;
  clear: (name: string) => void;
  setField: (name: string, message: string | null) => void;
}

/** The mode's fields in a two-column grid (one column on a phone); messages show once touched or submitted. */
function ApplicationFields({ mode, form, server, clear, setField }: FieldsProps) {
  const { t } = useTranslation();
  const has = (f: Field) => MODES[mode].fields.includes(f);
  const { error, set, blur } = fieldBindings(form, server, clear, t);
  const field = (name: Field, control: ReactNode, opts: { wide?: boolean; hint?: string; optional?: boolean } = {}) => (
    <FieldGroup
      key={name}
      name={name}
      id={`trade-${name}`}
      label={t(`trade.fields.${name}`)}
      labelInfo={opts.optional ? t('trade.form.optional') : undefined}
      error={error(name)}
      hint={opts.hint}
      wide={opts.wide}
    >
      {control}
    </FieldGroup>
  );
  const text = (name: Field, opts: { wide?: boolean; hint?: string; type?: string; left?: string } = {}) =>
    field(
      name,
      <InputGroup
        id={`trade-${name}`}
        type={opts.type ?? 'text'}
        value={String(form.values[name] ?? '')}
        intent={error(name) ? 'danger' : 'none'}
        leftElement={opts.left ? <span className="ipci-input-unit">{opts.left}</span> : undefined}
        onChange={(e) => set(name, e.target.value)}
        onBlur={blur(name)}
      />,
      opts,
    );
  const area = (name: Field, rows: number) =>
    field(name, <TextArea id={`trade-${name}`} fill rows={rows} value={String(form.values[name])} intent={error(name) ? 'danger' : 'none'} onChange={(e) => set(name, e.target.value)} onBlur={blur(name)} />, {
      wide: true,
    });
  const v = form.values;

  return (
    <div className="ipci-form-grid">
      {has('proposal') &&
        field(
          'proposal',
          <UploadField
            id="trade-proposal"
            kind={PROPOSAL_UPLOAD_KIND}
            value={v.proposal}
            onChange={(id) => {
              setField('proposal', null);
              set('proposal', id);
            }}
            onError={(m) => setField('proposal', m)}
          />,
          { wide: true, hint: t('trade.form.proposalHint'), optional: mode === 'entrusted' },
        )}
      {has('price') && text('price', { left: '¥', hint: t('trade.form.priceHint', { cap: formatYuan(SELF_SERVICE_TRADE_CAP_FEN) }) })}
      {has('budget') && text('budget', { left: '¥', hint: t('trade.form.budgetHint') })}
      {has('exclusive') &&
        field(
          'exclusive',
          <RadioGroup name="trade-exclusive" inline selectedValue={v.exclusive === undefined ? undefined : v.exclusive ? 'yes' : 'no'} onChange={(e) => set('exclusive', e.currentTarget.value === 'yes')}>
            <Radio id="trade-exclusive-yes" value="yes" label={t('trade.exclusiveYes')} />
            <Radio id="trade-exclusive-no" value="no" label={t('trade.exclusiveNo')} />
          </RadioGroup>,
          { hint: t('trade.form.exclusiveHint') },
        )}
      {has('channels') &&
        field('channels', <ChannelSelect id="trade-channels" value={v.channels} onChange={(c) => set('channels', c)} onBlur={blur('channels')} intent={error('channels') ? 'danger' : 'none'} />, {
          wide: true,
          hint: t('trade.form.channelsHint'),
        })}
      {has('region') &&
        field(
          'region',
          <div className="ipci-trade-region">
            <RadioGroup name="trade-worldwide" inline selectedValue={v.worldwide ? 'world' : 'country'} onChange={(e) => set('worldwide', e.currentTarget.value === 'world')}>
              <Radio id="trade-region-world" value="world" label={t('trade.worldwide')} />
              <Radio id="trade-region-country" value="country" label={t('trade.form.oneCountry')} />
            </RadioGroup>
            {!v.worldwide && <CountrySelect id="trade-region" value={v.region} onChange={(c) => set('region', c)} onBlur={blur('region')} />}
          </div>,
          { wide: true },
        )}
      {has('termPermanent') && (
        <div className="ipci-span-2 ipci-trade-term">
          <Checkbox
            id="trade-termPermanent"
            checked={v.termPermanent}
            label={t('trade.form.termPermanent')}
            onChange={(e) => {
              const on = e.currentTarget.checked;
              set('termPermanent', on);
              if (on) void form.setValues({ ...form.values, termPermanent: true, termFrom: '', termTo: '' }, true);
            }}
          />
          {!v.termPermanent && (
            <div className="ipci-form-grid">
              {text('termFrom', { type: 'date' })}
              {text('termTo', { type: 'date' })}
            </div>
          )}
        </div>
      )}
      {has('description') && area('description', 5)}
      {has('message') && area('message', 6)}
      {text('contactPerson')}
      {text('phone', { type: 'tel' })}
      {text('email', { type: 'email' })}
    </div>
  );
}
