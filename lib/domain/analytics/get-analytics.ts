import 'server-only';
import { sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { payments, platformEnum, profiles, users } from '@/db/schema';
import { env } from '@/env';
import { endOfLocalDay, lastLocalDays } from '@/lib/infra/time';
import { ORDER_GROUPS, type OrderGroup } from '@/lib/domain/order-figures';
import { dayFigures } from './day-figures';
import { subscriptionsInForce } from './subscription-days';
import type { AnalyticsRange } from './schemas';
import { keptRates } from '@/lib/domain/verification';

export type DayPoint = {
  day: string;
  revenue_cents: number;
  /** Orders placed that day, by group (lib/domain/order-figures). */
  orders: Record<OrderGroup, number>;
  new_customers: number;
  /** Subscriptions in force at the end of the day. */
  active_subscriptions: number;
};
export type SuccessRate = {
  platform: string;
  service: string;
  success: number;
  total: number;
  rate: number | null;
  /** Issue #38 item 3: the share of the service's re-checked actions still in place at 7 and 30 days (0–1), the /status figure. */
  kept_rate: { d7: number | null; d30: number | null };
};
export type TopCustomer = { user_id: number; name: string; email: string; spent_cents: number; payments: number };
export type PoolHealth = { platform: string; active: number; quarantined: number; disabled: number; inactive: number };
export type Analytics = {
  days: AnalyticsRange;
  from: string;
  to: string;
  series: DayPoint[];
  success_rates: SuccessRate[];
  top_customers: TopCustomer[];
  profile_pool: PoolHealth[];
  totals: { revenue_cents: number; orders: number; new_customers: number };
};

const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as T[];
const n = (v: unknown) => Number(v ?? 0);

/**
 * GET /api/admin/analytics and the /rooting charts (issue #17 "Business analytics"): per calendar
 * day of APP_TIMEZONE over the last `days` days (today included): revenue (payments credited that
 * day), orders by status (by the day they were placed), new customers and subscriptions in force
 * at the day's end (started, not ended, not yet cancelled then); over the whole range: the success rate per platform and
 * service (profiles that succeeded among the profiles of ended orders), the ten customers who paid
 * the most; and the profile pool as it is now.
 */
export async function getAnalytics(db: Db, days: AnalyticsRange, now: Date = new Date()): Promise<Analytics> {
  const tz = env.APP_TIMEZONE;
  const [before, ...dayList] = lastLocalDays(now, tz, days + 1);
  // The first day begins right after the day before it ends.
  const start = new Date(endOfLocalDay(before!, tz).getTime() + 1);
  const localDay = (col: unknown) => sql<string>`to_char(${col} at time zone ${tz}, 'YYYY-MM-DD')`;

  const [figures, revenueRows, customerRows, subscriptionRows, topRows, poolRows, kept] = await Promise.all([
    // Issue #35: orders by day, platform and service; settled days counted once and kept.
    dayFigures(db, tz, dayList, now),
    db.execute(sql`
      select ${localDay(payments.creditedAt)} as day, sum(${payments.amountCents}) as cents
        from ${payments} where ${payments.creditedAt} >= ${start.toISOString()}::timestamptz group by 1`),
    // Issue #35: an index-only scan of the range's customers (users_customers_created_idx), the
    // date formatted once per day.
    db.execute(sql`
      select to_char(d.day, 'YYYY-MM-DD') as day, d.n
        from (select (${users.createdAt} at time zone ${tz})::date as day, count(*) as n
                from ${users} where ${users.rol} = 'user' and ${users.createdAt} >= ${start.toISOString()}::timestamptz group by 1) d`),
    // Subscriptions in force at each day's end (issue #35: settled days kept, the rest counted on by index).
    subscriptionsInForce(db, tz, dayList, now),
    db.execute(sql`
      select u.id as user_id, u.ad_soyad as name, u.email, sum(p.amount_cents) as spent, count(*) as n
        from ${payments} p join ${users} u on u.id = p.user_id
       where p.credited_at >= ${start.toISOString()}::timestamptz
       group by u.id, u.ad_soyad, u.email order by spent desc, u.id limit 10`),
    db.execute(sql`select ${profiles.platform} as platform, ${profiles.status} as status, count(*) as n from ${profiles} group by 1, 2`),
    // Issue #38 item 3: the kept rate per service, as /status shows it (the checks of the last 90 days).
    keptRates(db, now),
  ]);

  const byDay = <T extends { day: string }>(rows: unknown) => new Map(rowsOf<T>(rows).map((r) => [r.day, r]));
  const o = new Map<string, Record<OrderGroup, number>>();
  const rates = new Map<string, Omit<SuccessRate, 'kept_rate'>>();
  for (const f of figures) {
    const day = o.get(f.day) ?? { completed: 0, partial: 0, failed: 0, cancelled: 0, waiting: 0 };
    for (const g of ORDER_GROUPS) day[g] += f[g];
    o.set(f.day, day);
    // Success rates count the ended orders only (ACTED_STATUSES: the completed, partial and failed groups).
    if (f.completed + f.partial + f.failed === 0) continue;
    const key = `${f.platform}|${f.service}`;
    const rate = rates.get(key) ?? { platform: f.platform, service: f.service, success: 0, total: 0, rate: null };
    rate.success += f.actedSuccess;
    rate.total += f.actedProfiles;
    rates.set(key, rate);
  }
  const r = byDay<{ day: string; cents: unknown }>(revenueRows);
  const c = byDay<{ day: string; n: unknown }>(customerRows);
  const series: DayPoint[] = dayList.map((day) => {
    const od = o.get(day);
    return {
      day,
      revenue_cents: n(r.get(day)?.cents),
      orders: { completed: n(od?.completed), partial: n(od?.partial), failed: n(od?.failed), cancelled: n(od?.cancelled), waiting: n(od?.waiting) },
      new_customers: n(c.get(day)?.n),
      active_subscriptions: subscriptionRows.get(day) ?? 0,
    };
  });

  const pool = new Map<string, PoolHealth>();
  for (const row of rowsOf<{ platform: string; status: string; n: unknown }>(poolRows)) {
    const entry = pool.get(row.platform) ?? { platform: row.platform, active: 0, quarantined: 0, disabled: 0, inactive: 0 };
    const key = (['active', 'quarantined', 'disabled'] as const).find((k) => k === row.status) ?? 'inactive';
    entry[key] += n(row.n);
    pool.set(row.platform, entry);
  }

  return {
    days,
    from: dayList[0]!,
    to: dayList[dayList.length - 1]!,
    series,
    success_rates: [...rates.values()]
      // As the database ordered them: by the platform enum's order, then the service.
      .sort((a, b) => platformEnum.enumValues.indexOf(a.platform as never) - platformEnum.enumValues.indexOf(b.platform as never) || (a.service < b.service ? -1 : a.service > b.service ? 1 : 0))
      .map((x) => ({
        ...x,
        rate: x.total > 0 ? Math.round((100 * x.success) / x.total) : null,
        kept_rate: { d7: kept.get(`${x.platform}|${x.service}`)?.d7 ?? null, d30: kept.get(`${x.platform}|${x.service}`)?.d30 ?? null },
      })),
    top_customers: rowsOf<{ user_id: unknown; name: string; email: string; spent: unknown; n: unknown }>(topRows).map((x) => ({
      user_id: n(x.user_id),
      name: x.name,
      email: x.email,
      spent_cents: n(x.spent),
      payments: n(x.n),
    })),
    profile_pool: [...pool.values()].sort((a, b) => a.platform.localeCompare(b.platform)),
    totals: {
      revenue_cents: series.reduce((sum, d) => sum + d.revenue_cents, 0),
      orders: series.reduce((sum, d) => sum + Object.values(d.orders).reduce((a, b) => a + b, 0), 0),
      new_customers: series.reduce((sum, d) => sum + d.new_customers, 0),
    },
  };
}
