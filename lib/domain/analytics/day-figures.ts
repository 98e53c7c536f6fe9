import 'server-only';
import { sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { orders } from '@/db/schema';
import { endOfLocalDay } from '@/lib/infra/time';
import { ACTED_STATUSES, ORDER_GROUPS, orderCountsSql, statusIn, type OrderGroup } from '@/lib/domain/order-figures';

/** One local day's orders of one platform and service: counts by group, and the profiles of its ended orders. */
export type DayFigure = { day: string; platform: string; service: string; total: number; actedSuccess: number; actedProfiles: number } & Record<OrderGroup, number>;

/**
 * A day is counted once and kept when it ended three days ago (the triggers of migration 0028
 * forget a kept day when an order older than two days changes: the day between is the margin for
 * the app's and the database's clocks).
 */
export const SETTLED_AFTER_MS = 3 * 86_400_000;

const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as T[];
const n = (v: unknown) => Number(v ?? 0);
const GROUP_COLUMNS = ORDER_GROUPS.map((g) => `"${g}"`).join(', ');

/** The orders of `days` (local dates in `tz`, ascending and contiguous or not) counted from the orders table. */
function countSql(tz: string, days: readonly string[]) {
  const sorted = [...days].sort();
  const first = new Date(endOfLocalDay(sorted[0]!, tz).getTime() - 2 * 86_400_000);
  const last = endOfLocalDay(sorted[sorted.length - 1]!, tz);
  // Read from orders_created_figures_idx alone (an index-only scan of the range), grouped by the
  // local date; a few hours either side of the range are read and left out by the date.
  return sql`
    select to_char(d.day, 'YYYY-MM-DD') as day, d.platform, d.service, d.total, ${sql.raw(ORDER_GROUPS.map((g) => `d."${g}"`).join(', '))},
           d.acted_success, d.acted_profiles
      from (select (${orders.createdAt} at time zone ${tz})::date as day, ${orders.platform} as platform, ${orders.service} as service, ${orderCountsSql()},
                   coalesce(sum(${orders.successCount}) filter (where ${statusIn(ACTED_STATUSES)}), 0) as acted_success,
                   coalesce(sum(${orders.profileCount}) filter (where ${statusIn(ACTED_STATUSES)}), 0) as acted_profiles
              from ${orders}
             where ${orders.createdAt} >= ${first.toISOString()}::timestamptz and ${orders.createdAt} <= ${last.toISOString()}::timestamptz
             group by 1, 2, 3) d
     where d.day = any(${`{${days.join(',')}}`}::date[])`;
}

type Row = { day: string; platform: string | null; service: string | null; total: unknown; acted_success: unknown; acted_profiles: unknown } & Record<OrderGroup, unknown>;

const toFigure = (r: Row): DayFigure => ({
  day: r.day,
  platform: r.platform!,
  service: r.service!,
  total: n(r.total),
  ...(Object.fromEntries(ORDER_GROUPS.map((g) => [g, n(r[g])])) as Record<OrderGroup, number>),
  actedSuccess: n(r.acted_success),
  actedProfiles: n(r.acted_profiles),
});

/** The kept days among `days`: each with its figures (a kept day without orders has none). */
async function readKept(db: Db, tz: string, days: readonly string[]): Promise<Map<string, DayFigure[]>> {
  const rows = rowsOf<Row>(
    await db.execute(sql`
      select to_char(d.day, 'YYYY-MM-DD') as day, f.platform, f.service, f.total, ${sql.raw(ORDER_GROUPS.map((g) => `f."${g}"`).join(', '))},
             f.acted_success, f.acted_profiles
        from order_days d left join order_day_figures f on f.tz = d.tz and f.day = d.day
       where d.tz = ${tz} and d.day = any(${`{${days.join(',')}}`}::date[])`),
  );
  const kept = new Map<string, DayFigure[]>();
  for (const r of rows) {
    const list = kept.get(r.day) ?? [];
    if (r.platform !== null) list.push(toFigure(r));
    kept.set(r.day, list);
  }
  return kept;
}

/**
 * Counts `days` and keeps them, under the lock the triggers take before they forget a day: a
 * change to an old order either commits before the count starts (and is counted) or waits for it
 * to be kept (and then forgets it).
 */
async function keepDays(db: Db, tz: string, days: readonly string[]): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('order_days'))`);
    await tx.execute(sql`
      insert into order_day_figures (tz, day, platform, service, total, ${sql.raw(GROUP_COLUMNS)}, acted_success, acted_profiles)
      select ${tz}, c.day::date, c.platform, c.service, c.total, ${sql.raw(ORDER_GROUPS.map((g) => `c."${g}"`).join(', '))}, c.acted_success, c.acted_profiles
        from (${countSql(tz, days)}) c
      on conflict do nothing`);
    await tx.execute(sql`insert into order_days (tz, day) select ${tz}, unnest(${`{${days.join(',')}}`}::date[]) on conflict do nothing`);
  });
}

/**
 * Issue #35: the orders of `days` (local dates in `tz`) by day, platform and service, for the
 * analytics and the dashboard. Settled days are counted once and kept (`order_days`,
 * `order_day_figures`), so a 90-day range reads ~2,000 kept rows instead of every order of the
 * range; the last three days are counted from the orders each time (an index-only scan of a few
 * thousand rows). Exact: a kept day is forgotten when any of its orders changes (migration 0028).
 */
export async function dayFigures(db: Db, tz: string, days: readonly string[], now: Date): Promise<DayFigure[]> {
  if (days.length === 0) return [];
  const settled = days.filter((d) => endOfLocalDay(d, tz).getTime() < now.getTime() - SETTLED_AFTER_MS);
  const recent = days.filter((d) => !settled.includes(d));
  const out: DayFigure[] = [];
  if (settled.length > 0) {
    let kept = await readKept(db, tz, settled);
    const missing = settled.filter((d) => !kept.has(d));
    if (missing.length > 0) {
      await keepDays(db, tz, missing);
      kept = await readKept(db, tz, settled);
    }
    for (const list of kept.values()) out.push(...list);
    // A day forgotten again between the keeping and the read (an old order changed just then) is counted now.
    const still = settled.filter((d) => !kept.has(d));
    if (still.length > 0) recent.unshift(...still);
  }
  if (recent.length > 0) out.push(...rowsOf<Row>(await db.execute(countSql(tz, recent))).map(toFigure));
  return out;
}
