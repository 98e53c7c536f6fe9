'use client';

import type { ReactNode } from 'react';
import { useFormatter, useTranslations } from 'next-intl';
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import type { Analytics } from '@/lib/domain/analytics';
import { useFormat } from '@/components/ui/use-format';
import type { OrderGroup } from '@/lib/domain/order-figures';

/** Outcome colours: the theme tokens success, warning, danger, muted; yellow for waiting (as the panel's chart). */
const STATUS_COLOURS: Record<OrderGroup, string> = { completed: '#15803d', partial: '#b45309', failed: '#b91c1c', waiting: '#ca8a04', cancelled: '#475569' };
const STATUSES = Object.keys(STATUS_COLOURS) as OrderGroup[];
const BRAND = '#4f46e5';

/**
 * The /rooting analytics (issue #17): revenue, orders per day by status, active subscriptions and
 * new customers as recharts drawings (hidden from assistive technology; each has a visually hidden
 * table with the same figures), and success rates, top customers and the profile pool as tables.
 */
export function AnalyticsCharts({ analytics: a }: { analytics: Analytics }) {
  const t = useTranslations('Admin.analytics');
  const tp = useTranslations('Platforms');
  const ts = useTranslations('Services');
  const format = useFormatter();
  const shares = useFormat();
  const usd = (cents: number) => format.number(cents / 100, { style: 'currency', currency: 'USD' });
  const day = (d: string, long = false) => format.dateTime(new Date(`${d}T00:00:00Z`), long ? { dateStyle: 'medium', timeZone: 'UTC' } : { day: 'numeric', month: 'short', timeZone: 'UTC' });
  const points = a.series.map((d) => ({ day: d.day, revenue: d.revenue_cents / 100, ...d.orders, subscriptions: d.active_subscriptions, customers: d.new_customers }));
  const service = (s: string) => (ts.has(s as never) ? ts(s as never) : s);

  return (
    <div className="mt-4 grid gap-4 xl:grid-cols-2" data-analytics={a.days}>
      <Chart id="revenue" title={t('revenue')} note={t('revenueTotal', { amount: usd(a.totals.revenue_cents) })} rows={a.series.map((d) => [day(d.day, true), usd(d.revenue_cents)])} head={[t('day'), t('revenue')]}>
        <BarChart data={points} responsive accessibilityLayer={false} style={{ width: '100%', height: '100%' }} margin={{ top: 8, right: 8, bottom: 0, left: -8 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="day" tickFormatter={(v: string) => day(v)} tick={{ fontSize: 12 }} minTickGap={12} />
          <YAxis tick={{ fontSize: 12 }} />
          <Tooltip labelFormatter={(v) => day(String(v), true)} formatter={(v) => [usd(Math.round(Number(v) * 100)), t('revenue')]} />
          <Bar dataKey="revenue" fill={BRAND} isAnimationActive={false} />
        </BarChart>
      </Chart>
      <Chart
        id="orders"
        title={t('orders')}
        note={t('ordersTotal', { count: a.totals.orders })}
        head={[t('day'), ...STATUSES.map((s) => t(`status.${s}`))]}
        rows={a.series.map((d) => [day(d.day, true), ...STATUSES.map((s) => format.number(d.orders[s]))])}
      >
        <BarChart data={points} responsive accessibilityLayer={false} style={{ width: '100%', height: '100%' }} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="day" tickFormatter={(v: string) => day(v)} tick={{ fontSize: 12 }} minTickGap={12} />
          <YAxis allowDecimals={false} tick={{ fontSize: 12 }} />
          <Tooltip labelFormatter={(v) => day(String(v), true)} formatter={(v, name) => [v, t(`status.${String(name)}` as 'status.completed')]} />
          <Legend formatter={(v: string) => <span className="text-ink">{t(`status.${v}` as 'status.completed')}</span>} />
          {STATUSES.map((s) => (
            <Bar key={s} dataKey={s} stackId="day" fill={STATUS_COLOURS[s]} isAnimationActive={false} />
          ))}
        </BarChart>
      </Chart>
      <Chart
        id="customers"
        title={t('customers')}
        note={t('newCustomersTotal', { count: a.totals.new_customers })}
        head={[t('day'), t('subscriptions'), t('newCustomers')]}
        rows={a.series.map((d) => [day(d.day, true), format.number(d.active_subscriptions), format.number(d.new_customers)])}
      >
        <LineChart data={points} responsive accessibilityLayer={false} style={{ width: '100%', height: '100%' }} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="day" tickFormatter={(v: string) => day(v)} tick={{ fontSize: 12 }} minTickGap={12} />
          <YAxis allowDecimals={false} tick={{ fontSize: 12 }} />
          <Tooltip labelFormatter={(v) => day(String(v), true)} formatter={(v, name) => [v, name === 'subscriptions' ? t('subscriptions') : t('newCustomers')]} />
          <Legend formatter={(v: string) => <span className="text-ink">{v === 'subscriptions' ? t('subscriptions') : t('newCustomers')}</span>} />
          <Line dataKey="subscriptions" stroke={BRAND} dot={false} isAnimationActive={false} />
          <Line dataKey="customers" stroke={STATUS_COLOURS.completed} dot={false} isAnimationActive={false} />
        </LineChart>
      </Chart>

      <Table
        title={t('successRates')}
        empty={t('none')}
        head={[t('platform'), t('service'), t('successRate'), t('keptRate')]}
        rows={a.success_rates.map((r) => [
          tp(r.platform as never),
          service(r.service),
          r.rate === null ? '–' : t('rate', { rate: r.rate, success: r.success, total: r.total }),
          // Issue #38 item 3: the share of its re-checked actions still in place at 7 / 30 days.
          `${r.kept_rate.d7 === null ? '–' : shares.percent(r.kept_rate.d7)} / ${r.kept_rate.d30 === null ? '–' : shares.percent(r.kept_rate.d30)}`,
        ])}
      />
      <Table
        title={t('topCustomers')}
        empty={t('none')}
        head={[t('customer'), t('spent')]}
        rows={a.top_customers.map((c) => [`${c.name} (${c.email})`, usd(c.spent_cents)])}
      />
      <Table
        title={t('pool')}
        empty={t('none')}
        head={[t('platform'), t('poolActive'), t('poolQuarantined'), t('poolDisabled'), t('poolInactive')]}
        rows={a.profile_pool.map((p) => [tp(p.platform as never), ...[p.active, p.quarantined, p.disabled, p.inactive].map((v) => format.number(v))])}
      />
    </div>
  );
}

function Chart({ id, title, note, head, rows, children }: { id: string; title: string; note: string; head: string[]; rows: string[][]; children: ReactNode }) {
  return (
    <figure aria-labelledby={`chart-${id}`} className="min-w-0 rounded-lg bg-card p-4 shadow-sm" data-chart={id}>
      <figcaption id={`chart-${id}`} className="font-semibold">
        {title}
        <span className="block text-sm font-normal text-muted">{note}</span>
      </figcaption>
      <div aria-hidden="true" className="mt-3 h-56 w-full">
        {children}
      </div>
      {/* sr-only on the wrapper: a table ignores the 1px width of sr-only and would widen the page. */}
      <div className="sr-only">
        <table>
          <caption>{title}</caption>
          <thead>
            <tr>
              {head.map((h) => (
                <th key={h} scope="col">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r[0]}>
                {r.map((c, i) => (i === 0 ? <th key={i} scope="row">{c}</th> : <td key={i}>{c}</td>))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}

function Table({ title, empty, head, rows }: { title: string; empty: string; head: string[]; rows: string[][] }) {
  return (
    <section className="min-w-0 rounded-lg bg-card p-4 shadow-sm">
      <h3 className="font-semibold">{title}</h3>
      {rows.length === 0 ? (
        <p className="mt-2 text-sm text-muted">{empty}</p>
      ) : (
        // Fixed columns (the first, the row's name, wider) whose words wrap and hyphenate where the
        // language allows, breaking only a word longer than its column: never a sideways scroll.
        <div className="mt-2">
          <table className="w-full table-fixed text-left text-sm">
            <thead className="text-muted">
              <tr>
                {head.map((h, i) => (
                  <th key={h} scope="col" className={`py-1 pr-2 text-xs font-medium hyphens-auto [overflow-wrap:break-word] ${i === 0 ? 'w-[30%]' : ''}`}>
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((r, i) => (
                <tr key={i} className="border-t border-line">
                  {r.map((c, j) => (
                    <td key={j} className="py-1 pr-2 hyphens-auto [overflow-wrap:break-word]">
                      {c}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
