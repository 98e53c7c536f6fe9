import 'server-only';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { rowsOf } from '@/db/rows';
import { orders, platforms, statusProbes } from '@/db/schema';
import { ACTED_STATUSES, statusIn } from '@/lib/domain/order-figures';
import { PLATFORM_REGISTRY } from '@/platforms';
import type { Locale } from '@/lib/infra/i18n/routing';
import { keptRates } from '@/lib/domain/verification';
import { dailyBars, share, type DayProbes } from './daily-bars';
import { incidentView, listIncidents } from './incidents';
import type { PublicStatus } from './responses';

const HOUR = 3_600_000;
const WINDOWS = { day: 24 * HOUR, week: 7 * 24 * HOUR, month: 30 * 24 * HOUR } as const;
type Window = keyof typeof WINDOWS;
const WINDOW_KEYS = Object.keys(WINDOWS) as Window[];
const num = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));
const maybe = (v: unknown) => (v === null || v === undefined ? null : Math.round(Number(v)));
const ts = (v: unknown) => (v instanceof Date ? v : new Date(String(v)));

/**
 * The public status page's figures (issue #38 item 4), per active platform and service:
 * - success rate over 24 h / 7 d / 30 d: profiles that acted among the profiles of ended orders
 *   (completed, partial, failed: ACTED_STATUSES, as the analytics count them), by creation time,
 *   read from orders_created_figures_idx alone;
 * - the median time from creation to completion of those orders;
 * - the kept rate from re-verification (issue #38 item 1, lib/domain/verification keptRates), not
 *   measured while no check found an answer;
 * - the provider's availability from the probes (24 h / 7 d / 30 d) and 90 daily bars, where a
 *   day without a probe has no availability ("no data", never up);
 * - the incidents, open ones and those of the last 90 days, in the request's language.
 */
export async function getPublicStatus(db: Db, locale: Locale, now = new Date()): Promise<PublicStatus> {
  const since = (w: Window) => new Date(now.getTime() - WINDOWS[w]).toISOString();
  const start90 = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - 89 * 86_400_000).toISOString();
  const ended = statusIn(ACTED_STATUSES);
  const [active, rateRows, medianRows, dayRows, windowRows, latestRows, incidents, kept] = await Promise.all([
    db.select({ platform: platforms.ad }).from(platforms).where(eq(platforms.aktif, true)),
    db.execute(sql`
      select ${orders.platform} as platform, ${orders.service} as service,
             sum(${orders.successCount}) filter (where ${orders.createdAt} >= ${since('day')}::timestamptz) as s_day,
             sum(${orders.profileCount}) filter (where ${orders.createdAt} >= ${since('day')}::timestamptz) as t_day,
             sum(${orders.successCount}) filter (where ${orders.createdAt} >= ${since('week')}::timestamptz) as s_week,
             sum(${orders.profileCount}) filter (where ${orders.createdAt} >= ${since('week')}::timestamptz) as t_week,
             sum(${orders.successCount}) as s_month, sum(${orders.profileCount}) as t_month
        from ${orders}
       where ${orders.createdAt} >= ${since('month')}::timestamptz and ${ended}
       group by 1, 2`),
    db.execute(sql`
      select ${orders.platform} as platform, ${orders.service} as service,
             percentile_cont(0.5) within group (order by extract(epoch from ${orders.completedAt} - ${orders.createdAt})) filter (where ${orders.createdAt} >= ${since('day')}::timestamptz) as m_day,
             percentile_cont(0.5) within group (order by extract(epoch from ${orders.completedAt} - ${orders.createdAt})) filter (where ${orders.createdAt} >= ${since('week')}::timestamptz) as m_week,
             percentile_cont(0.5) within group (order by extract(epoch from ${orders.completedAt} - ${orders.createdAt})) as m_month
        from ${orders}
       where ${orders.createdAt} >= ${since('month')}::timestamptz and ${ended} and ${orders.completedAt} is not null
       group by 1, 2`),
    db.execute(sql`
      select ${statusProbes.platform} as platform, to_char(${statusProbes.at} at time zone 'UTC', 'YYYY-MM-DD') as day, count(*) as probes, count(*) filter (where ${statusProbes.up}) as up
        from ${statusProbes} where ${statusProbes.at} >= ${start90}::timestamptz group by 1, 2`),
    db.execute(sql`
      select ${statusProbes.platform} as platform,
             count(*) filter (where ${statusProbes.at} >= ${since('day')}::timestamptz) as p_day,
             count(*) filter (where ${statusProbes.up} and ${statusProbes.at} >= ${since('day')}::timestamptz) as u_day,
             count(*) filter (where ${statusProbes.at} >= ${since('week')}::timestamptz) as p_week,
             count(*) filter (where ${statusProbes.up} and ${statusProbes.at} >= ${since('week')}::timestamptz) as u_week,
             count(*) as p_month, count(*) filter (where ${statusProbes.up}) as u_month
        from ${statusProbes} where ${statusProbes.at} >= ${since('month')}::timestamptz group by 1`),
    db.execute(sql`
      select distinct on (${statusProbes.platform}) ${statusProbes.platform} as platform, ${statusProbes.at} as at, ${statusProbes.up} as up, ${statusProbes.latencyMs} as latency_ms
        from ${statusProbes} order by ${statusProbes.platform}, ${statusProbes.at} desc`),
    listIncidents(db, { now }),
    keptRates(db, now),
  ]);
  const key = (r: { platform: string; service?: string }) => `${r.platform}|${r.service ?? ''}`;
  const rates = new Map(rowsOf<Record<string, unknown> & { platform: string; service: string }>(rateRows).map((r) => [key(r), r]));
  const medians = new Map(rowsOf<Record<string, unknown> & { platform: string; service: string }>(medianRows).map((r) => [key(r), r]));
  const days = rowsOf<{ platform: string; day: string; probes: unknown; up: unknown }>(dayRows);
  const windows = new Map(rowsOf<Record<string, unknown> & { platform: string }>(windowRows).map((r) => [r.platform, r]));
  const latest = new Map(rowsOf<{ platform: string; at: unknown; up: boolean; latency_ms: unknown }>(latestRows).map((r) => [r.platform, r]));
  const isActive = new Set(active.map((a) => a.platform as string));

  const views = incidents.map((i) => incidentView(i, locale));
  return {
    generated_at: now.toISOString(),
    overall: views.some((i) => i.ended_at === null) ? 'degraded' : 'operational',
    platforms: PLATFORM_REGISTRY.filter((p) => isActive.has(p.key)).map((p) => {
      const w = windows.get(p.key);
      const last = latest.get(p.key);
      const bars: DayProbes[] = days.filter((d) => d.platform === p.key).map((d) => ({ day: d.day, probes: num(d.probes), up: num(d.up) }));
      return {
        platform: p.key,
        availability: Object.fromEntries(WINDOW_KEYS.map((k) => [k, share(num(w?.[`u_${k}`]), num(w?.[`p_${k}`]))])) as Record<Window, number | null>,
        latest_probe: last ? { at: ts(last.at).toISOString(), up: Boolean(last.up), latency_ms: num(last.latency_ms) } : null,
        days: dailyBars(bars, now),
        services: p.services.map((s) => {
          const r = rates.get(`${p.key}|${s.key}`);
          const m = medians.get(`${p.key}|${s.key}`);
          return {
            service: s.key,
            success_rate: Object.fromEntries(WINDOW_KEYS.map((k) => [k, share(num(r?.[`s_${k}`]), num(r?.[`t_${k}`]))])) as Record<Window, number | null>,
            median_completion_seconds: Object.fromEntries(WINDOW_KEYS.map((k) => [k, maybe(m?.[`m_${k}`])])) as Record<Window, number | null>,
            kept_rate: kept.get(`${p.key}|${s.key}`) ?? { d7: null, d30: null, measured: false },
          };
        }),
      };
    }),
    incidents: views,
  };
}
