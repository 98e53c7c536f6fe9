import 'server-only';
import { and, eq, gte, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { appTodayRange } from '@/lib/infra/time';
import { orders, payments, userPackages, users } from '@/db/schema';
import { inForce } from '@/lib/domain/subscriptions';
import { watchFigures } from '@/lib/domain/watches';

export type DashboardFigures = {
  users: number;
  activeSubscriptions: number;
  ordersToday: number;
  /** Cents of succeeded payments, all time and today (day in APP_TIMEZONE). */
  revenueCents: number;
  revenueTodayCents: number;
  /** Issue #37 item 5: watches polled now, and posts they acted on in the last 24 hours (two indexed counts, no scan of orders). */
  activeWatches: number;
  watchPostsActed24h: number;
};

/** The /rooting dashboard, read at request time. */
export async function getDashboardFigures(db: Db): Promise<DashboardFigures> {
  const today = appTodayRange();
  const isToday = (at: typeof orders.createdAt | typeof payments.createdAt) => and(gte(at, today.start), lt(at, today.end));
  const [[u], [s], [o], [p], watched] = await Promise.all([
    db.select({ n: sql<number>`count(*)::int` }).from(users).where(isNull(users.deletedAt)),
    // Issue #35: the few deleted accounts are left out (an anti-join), rather than every
    // subscription joined to its user (3× faster at 100,000 customers).
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(userPackages)
      .where(and(inForce(new Date()), sql`not exists (select 1 from ${users} where ${users.id} = ${userPackages.userId} and ${users.deletedAt} is not null)`)),
    db.select({ n: sql<number>`count(*)::int` }).from(orders).where(isToday(orders.createdAt)),
    db
      .select({
        all: sql<number>`coalesce(sum(${payments.amountCents}), 0)::bigint`,
        today: sql<number>`coalesce(sum(${payments.amountCents}) filter (where ${isToday(payments.createdAt)}), 0)::bigint`,
      })
      .from(payments)
      .where(eq(payments.status, 'succeeded')),
    watchFigures(db),
  ]);
  return {
    users: u?.n ?? 0,
    activeSubscriptions: s?.n ?? 0,
    ordersToday: o?.n ?? 0,
    revenueCents: Number(p?.all ?? 0),
    revenueTodayCents: Number(p?.today ?? 0),
    activeWatches: watched.activeWatches,
    watchPostsActed24h: watched.postsActed24h,
  };
}
