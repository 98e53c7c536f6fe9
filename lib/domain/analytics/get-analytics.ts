import 'server-only';
import { sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { orders, payments, profiles, userPackages, users } from '@/db/schema';
import { env } from '@/env';
import { endOfLocalDay, lastLocalDays } from '@/lib/infra/time';
import { ACTED_STATUSES, ORDER_GROUPS, orderCountsSql, statusIn, type OrderGroup } from '@/lib/domain/order-figures';
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

  const [orderRows, revenueRows, customerRows, subscriptionRows, rateRows, topRows, poolRows, kept] = await Promise.all([
    // Issue #35: grouped by the local date and named after (one to_char per day, not per order),
    // read from orders_created_figures_idx alone (an index-only scan of the range).
    db.execute(sql`
      select to_char(d.day, 'YYYY-MM-DD') as day, ${sql.raw(['total', ...ORDER_GROUPS].map((g) => `d."${g}"`).join(', '))}
        from (select (${orders.createdAt} at time zone ${tz})::date as day, ${orderCountsSql()}
                from ${orders} where ${orders.createdAt} >= ${start.toISOString()}::timestamptz group by 1) d`),
    db.execute(sql`
      select ${localDay(payments.creditedAt)} as day, sum(${payments.amountCents}) as cents
        from ${payments} where ${payments.creditedAt} >= ${start.toISOString()}::timestamptz group by 1`),
    db.execute(sql`
      select ${localDay(users.createdAt)} as day, count(*) as n
        from ${users} where ${users.rol} = 'user' and ${users.createdAt} >= ${start.toISOString()}::timestamptz group by 1`),
    // Subscriptions in force at each day's end, in one pass over the subscriptions (issue #35: each
    // day was joined to every subscription, days × subscriptions rows: 3 s for 90 days at 100,000
    // customers). A subscription is in force at `at` when it started by then and its end (the
    // earlier of its end and its cancellation, never before its start) is later; so the count at a
    // day's end is the starts up to then minus the ends up to then. Each start (+1) and end (−1) is
    // counted on the local day whose end (endOfLocalDay: midnight − 1 ms) is the first at or after
    // it, which is the local date of the moment 999 µs later; the days before the range add up to
    // the count the range starts from (summed below).
    db.execute(sql`
      select to_char((e.t + interval '999 microseconds') at time zone ${tz}, 'YYYY-MM-DD') as day, sum(e.delta) as n
        from (select ${userPackages.startsAt} as t, 1 as delta from ${userPackages}
              union all
              select greatest(${userPackages.startsAt}, least(${userPackages.endsAt}, coalesce(${userPackages.cancelledAt}, ${userPackages.endsAt}))), -1
                from ${userPackages}) e
       where e.t <= ${endOfLocalDay(dayList[dayList.length - 1]!, tz).toISOString()}::timestamptz
       group by 1`),
    db.execute(sql`
      select ${orders.platform} as platform, ${orders.service} as service, sum(${orders.successCount}) as success, sum(${orders.profileCount}) as total
        from ${orders}
       where ${orders.createdAt} >= ${start.toISOString()}::timestamptz and ${statusIn(ACTED_STATUSES)}
       group by 1, 2 order by 1, 2`),
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
  const o = byDay<{ day: string } & Record<OrderGroup, unknown>>(orderRows);
  const r = byDay<{ day: string; cents: unknown }>(revenueRows);
  const c = byDay<{ day: string; n: unknown }>(customerRows);
  // The running count of subscriptions in force: the starts and ends before the range, then each day's.
  const inForceAt = new Map<string, number>();
  {
    const deltas = rowsOf<{ day: string; n: unknown }>(subscriptionRows);
    let running = deltas.filter((d) => d.day < dayList[0]!).reduce((sum, d) => sum + n(d.n), 0);
    const byDate = new Map(deltas.map((d) => [d.day, n(d.n)]));
    for (const day of dayList) inForceAt.set(day, (running += byDate.get(day) ?? 0));
  }
  const series: DayPoint[] = dayList.map((day) => {
    const od = o.get(day);
    return {
      day,
      revenue_cents: n(r.get(day)?.cents),
      orders: { completed: n(od?.completed), partial: n(od?.partial), failed: n(od?.failed), cancelled: n(od?.cancelled), waiting: n(od?.waiting) },
      new_customers: n(c.get(day)?.n),
      active_subscriptions: inForceAt.get(day) ?? 0,
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
    success_rates: rowsOf<{ platform: string; service: string; success: unknown; total: unknown }>(rateRows).map((x) => ({
      platform: x.platform,
      service: x.service,
      success: n(x.success),
      total: n(x.total),
      rate: n(x.total) > 0 ? Math.round((100 * n(x.success)) / n(x.total)) : null,
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
