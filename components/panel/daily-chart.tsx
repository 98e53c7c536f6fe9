'use client';

import { useTranslations } from 'next-intl';
import { useFormat } from '@/components/ui/use-format';
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import type { DayCounts } from '@/lib/domain/order-figures';
import type { DailyPoint } from './statistics-types';
import { cardVariants } from '@/components/ui/card';

/** Chart colours of the §4 outcomes (the theme tokens success, danger, warning, muted; yellow for pending). */
const COLOURS: Record<keyof DayCounts, string> = {
  basarili: '#15803d',
  kismi: '#b45309',
  basarisiz: '#b91c1c',
  beklemede: '#ca8a04',
  iptal: '#475569',
};
const ORDER: (keyof DayCounts)[] = ['basarili', 'kismi', 'basarisiz', 'beklemede', 'iptal'];

/** The outcome series present in the points, in the order of §4 (other figures of a day, such as money, are not drawn). */
function seriesOf(points: DailyPoint[]): (keyof DayCounts)[] {
  return ORDER.filter((k) => points.some((p) => k in p));
}

/**
 * Orders per day of the last 30 days, stacked by outcome (§2 statistics), drawn with recharts.
 * The drawing is hidden from assistive technology; a visually hidden table carries the same figures.
 */
export function DailyChart({ points }: { points: DailyPoint[] }) {
  const t = useTranslations('Panel.statistics');
  const format = useFormat();
  const series = seriesOf(points);
  const label = (key: string) => t(`outcome.${key}` as 'outcome.basarili');
  // Days are calendar dates (YYYY-MM-DD): format them as such, without shifting time zones.
  const day = (tarih: string, long = false) => format.day(tarih, long ? 'date' : 'dayMonth');
  const empty = points.every((p) => series.every((s) => !(p as Record<string, unknown>)[s]));

  return (
    <figure aria-labelledby="chart-title" className={cardVariants('relative p-4')}>
      <figcaption id="chart-title" className="font-semibold">
        {t('chartTitle')}
        <span className="block text-sm font-normal text-muted">{t('chartDescription')}</span>
      </figcaption>
      {empty ? <p className="mt-2 text-sm text-muted">{t('chartEmpty')}</p> : null}
      <div aria-hidden="true" className="mt-3 h-64 w-full" data-testid="daily-chart">
        <BarChart data={points} responsive accessibilityLayer={false} style={{ width: '100%', height: '100%' }} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="tarih" tickFormatter={(v: string) => day(v)} tick={{ fontSize: 12 }} minTickGap={12} />
          <YAxis allowDecimals={false} tick={{ fontSize: 12 }} />
          <Tooltip labelFormatter={(v) => day(String(v), true)} formatter={(value, name) => [value, label(String(name))]} />
          {/* Legend texts in the ink colour: the series colours (yellow above all) are too light for text. */}
          <Legend formatter={(value: string) => <span className="text-ink">{label(value)}</span>} />
          {series.map((s) => (
            <Bar key={s} dataKey={s} stackId="day" fill={COLOURS[s]} isAnimationActive={false} />
          ))}
        </BarChart>
      </div>
      {/* sr-only on the wrapper: a table ignores the 1px width of sr-only and would widen the page. */}
      <div className="sr-only">
        <table>
          <caption>{t('chartTableCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('chartDay')}</th>
              {series.map((s) => (
                <th key={s} scope="col">
                  {label(s)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {points.map((p) => (
              <tr key={p.tarih}>
                <th scope="row">{day(p.tarih, true)}</th>
                {series.map((s) => (
                  <td key={s}>{format.number(Number((p as Record<string, unknown>)[s] ?? 0))}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
