import { Button, Callout, Card, FormGroup, HTMLTable, InputGroup, NonIdealState, Spinner } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Bar, BarChart, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { addDays, statisticsRange } from '../../../../domain/antiAdmin';
import { ipNameIn } from '../../../../domain/ipNames';
import { formatYuan } from '../../../../domain/money';
import { api, ApiError } from '../../api/client';
import { formatDate } from '../../lib/format';
import { useLang } from '../../lib/useLang';
import { bytesText, capacityText } from '../capacity/CapacityBits';
import type { AntiStatistics } from './types';
import './antiAdmin.css';

/*
 * /admin/antiStatistics: its own chunk (React.lazy in App.tsx), the only one that loads recharts, so
 * the rest of the back office stays light.
 */

const COLORS = { blue: '#2d72d2', green: '#238551', orange: '#c87619', red: '#cd4246', gray: '#8f99a8' };
const UNITS = [
  ['G', 1024 ** 3],
  ['M', 1024 ** 2],
  ['K', 1024],
] as const;
const PRESETS = [7, 30, 90];

/** The unit the capacity chart counts in: the largest its biggest day reaches at least once. */
function chartUnit(max: number): readonly [string, number] {
  return UNITS.find(([, size]) => max >= size) ?? UNITS[UNITS.length - 1];
}

/** A chart the page's width, readable on a phone: short day ticks, the full day in the tooltip. */
function ChartCard({ title, testId, children }: { title: string; testId: string; children: React.ReactElement }) {
  return (
    <Card className="ipci-anti-chart" data-testid={testId}>
      <h3 className="ipci-page-title">{title}</h3>
      <ResponsiveContainer width="100%" height={260} initialDimension={{ width: 600, height: 260 }}>
        {children}
      </ResponsiveContainer>
    </Card>
  );
}

function Total({ label, value, detail, testId }: { label: string; value: string; detail?: string; testId: string }) {
  return (
    <Card className="ipci-anti-total" data-testid={testId}>
      <div className="ipci-muted">{label}</div>
      <div className="ipci-anti-total-value">{value}</div>
      {detail && <div className="ipci-muted">{detail}</div>}
    </Card>
  );
}

export function AntiStatisticsPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const [params, setParams] = useSearchParams();
  const range = statisticsRange({ from: params.get('from') ?? undefined, to: params.get('to') ?? undefined });
  const [typed, setTyped] = useState(range);
  const [stats, setStats] = useState<AntiStatistics | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    setTyped(range);
    setStats(null);
    setFailure(null);
    let live = true;
    api
      .get<AntiStatistics>('/api/admin/antiStatistics', range, { quiet: true })
      .then((s) => live && setStats(s))
      .catch((e: unknown) => live && setFailure(e instanceof ApiError && e.fields ? Object.values(e.fields).join(' ') : e instanceof Error && e.message ? e.message : t('failure.load')));
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the range is the query string
  }, [range.from, range.to]);

  const show = (next: { from: string; to: string }) => setParams(next);
  const tick = (day: string) => day.slice(5);
  const dayLabel = (day: unknown) => formatDate(String(day), lang);

  return (
    <div className="ipci-stack" data-testid="anti-statistics">
      <h2 className="ipci-page-title">{t('antiAdmin.stats.title')}</h2>
      {/* Not a form: a navigation started inside a submit event becomes a React form transition (see SearchBox). */}
      <div className="ipci-toolbar ipci-anti-range" role="group" aria-label={t('antiAdmin.stats.title')}>
        <FormGroup label={t('antiAdmin.stats.from')} labelFor="anti-stats-from" inline>
          <InputGroup id="anti-stats-from" type="date" value={typed.from} onChange={(e) => setTyped({ ...typed, from: e.target.value })} />
        </FormGroup>
        <FormGroup label={t('antiAdmin.stats.to')} labelFor="anti-stats-to" inline>
          <InputGroup id="anti-stats-to" type="date" value={typed.to} onChange={(e) => setTyped({ ...typed, to: e.target.value })} />
        </FormGroup>
        <Button intent="primary" icon="timeline-bar-chart" text={t('antiAdmin.stats.apply')} onClick={() => show(typed)} />
        {PRESETS.map((days) => (
          <Button key={days} variant="minimal" text={t('antiAdmin.stats.lastDays', { count: days })} onClick={() => show({ from: addDays(statisticsRange({}).to, 1 - days), to: statisticsRange({}).to })} />
        ))}
      </div>
      <p className="ipci-muted">{t('antiAdmin.stats.chinaDates')}</p>
      {failure ? (
        <Callout intent="danger" icon="error" role="alert">
          {failure}
        </Callout>
      ) : !stats ? (
        <Spinner />
      ) : (
        <Figures stats={stats} tick={tick} dayLabel={dayLabel} />
      )}
    </div>
  );
}

function Figures({ stats, tick, dayLabel }: { stats: AntiStatistics; tick: (day: string) => string; dayLabel: (day: unknown) => string }) {
  const { t } = useTranslation();
  const lang = useLang();
  const capacityDays = stats.recharged.days.map((d, i) => ({ day: d.day, recharged: d.bytes, original: stats.consumed.days[i].original, watermarked: stats.consumed.days[i].watermarked }));
  const [unit, size] = chartUnit(Math.max(0, ...capacityDays.map((d) => Math.max(d.recharged, d.original + d.watermarked))));
  const inUnit = capacityDays.map((d) => ({ day: d.day, recharged: d.recharged / size, original: d.original / size, watermarked: d.watermarked / size }));
  const soldDays = stats.sold.days.map((d) => ({ ...d, yuan: d.amount / 100 }));
  const axis = { tick: { fontSize: 12 }, stroke: COLORS.gray };
  const unitValue = (v: unknown) => `${Math.round(Number(v) * 100) / 100} ${unit}`;
  const { checks, consumed, recharged, sold } = stats;

  return (
    <>
      <div className="ipci-anti-totals">
        <Total testId="total-sold" label={t('antiAdmin.stats.sold')} value={String(sold.total.count)} detail={`¥${formatYuan(sold.total.amount)}`} />
        <Total testId="total-recharged" label={t('antiAdmin.stats.recharged')} value={bytesText(recharged.total.bytes)} detail={t('antiAdmin.stats.rechargedCount', { count: recharged.total.count })} />
        <Total
          testId="total-consumed"
          label={t('antiAdmin.stats.consumed')}
          value={bytesText(consumed.total.original + consumed.total.watermarked)}
          detail={`${t('antiAdmin.stats.original')} ${bytesText(consumed.total.original)} · ${t('antiAdmin.stats.watermarked')} ${bytesText(consumed.total.watermarked)}`}
        />
        <Total
          testId="total-checks"
          label={t('antiAdmin.stats.checks')}
          value={t('antiAdmin.stats.checksTotal', { count: checks.total.found + checks.total.notFound })}
          detail={`${t('antiAdmin.stats.found')} ${checks.total.found} · ${t('antiAdmin.stats.notFound')} ${checks.total.notFound}`}
        />
      </div>

      <ChartCard title={t('antiAdmin.stats.sold')} testId="chart-sold">
        <ComposedChart data={soldDays} margin={{ top: 8, right: 0, bottom: 0, left: -16 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="day" tickFormatter={tick} minTickGap={12} {...axis} />
          <YAxis yAxisId="count" allowDecimals={false} width={40} {...axis} />
          <YAxis yAxisId="yuan" orientation="right" width={56} {...axis} />
          <Tooltip labelFormatter={dayLabel} />
          <Legend />
          <Bar yAxisId="count" dataKey="count" name={t('antiAdmin.stats.soldCount')} fill={COLORS.blue} isAnimationActive={false} />
          <Line yAxisId="yuan" dataKey="yuan" name={t('antiAdmin.stats.soldAmount')} stroke={COLORS.orange} dot={false} isAnimationActive={false} />
        </ComposedChart>
      </ChartCard>

      <Card data-testid="sold-by-package">
        <h3 className="ipci-page-title">{t('antiAdmin.stats.byPackage')}</h3>
        {sold.packages.length === 0 ? (
          <NonIdealState icon="database" title={t('antiAdmin.stats.noPackages')} />
        ) : (
          <div className="ipci-list-scroll">
            <HTMLTable className="ipci-table" compact striped style={{ width: '100%' }}>
              <thead>
                <tr>
                  <th>{t('antiAdmin.orders.package')}</th>
                  <th style={{ textAlign: 'right' }}>{t('antiAdmin.stats.count')}</th>
                  <th style={{ textAlign: 'right' }}>{t('antiAdmin.stats.amount')}</th>
                </tr>
              </thead>
              <tbody>
                {sold.packages.map((p) => (
                  <tr key={p.packageId} data-testid="sold-package-row">
                    <td className="ipci-name-cell">
                      {ipNameIn(p.names, lang)} <span className="ipci-muted">{capacityText(p)}</span>
                    </td>
                    <td style={{ textAlign: 'right' }}>{p.count}</td>
                    <td className="ipci-nowrap" style={{ textAlign: 'right' }}>
                      ¥{formatYuan(p.amount)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          </div>
        )}
      </Card>

      <ChartCard title={t('antiAdmin.stats.capacityIn', { unit })} testId="chart-capacity">
        <BarChart data={inUnit} margin={{ top: 8, right: 0, bottom: 0, left: -16 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="day" tickFormatter={tick} minTickGap={12} {...axis} />
          <YAxis width={48} {...axis} />
          <Tooltip labelFormatter={dayLabel} formatter={unitValue} />
          <Legend />
          <Bar dataKey="recharged" name={t('antiAdmin.stats.recharged')} fill={COLORS.green} isAnimationActive={false} />
          <Bar dataKey="original" stackId="consumed" name={t('antiAdmin.stats.original')} fill={COLORS.blue} isAnimationActive={false} />
          <Bar dataKey="watermarked" stackId="consumed" name={t('antiAdmin.stats.watermarked')} fill={COLORS.orange} isAnimationActive={false} />
        </BarChart>
      </ChartCard>

      <ChartCard title={t('antiAdmin.stats.checks')} testId="chart-checks">
        <BarChart data={checks.days} margin={{ top: 8, right: 0, bottom: 0, left: -16 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="day" tickFormatter={tick} minTickGap={12} {...axis} />
          <YAxis allowDecimals={false} width={40} {...axis} />
          <Tooltip labelFormatter={dayLabel} />
          <Legend />
          <Bar dataKey="found" stackId="checks" name={t('antiAdmin.stats.found')} fill={COLORS.red} isAnimationActive={false} />
          <Bar dataKey="notFound" stackId="checks" name={t('antiAdmin.stats.notFound')} fill={COLORS.gray} isAnimationActive={false} />
        </BarChart>
      </ChartCard>
    </>
  );
}
