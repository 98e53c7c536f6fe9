import 'server-only';
import { and, eq, gte, sql } from 'drizzle-orm';
import { centsToDollars } from '@/lib/infra/money';
import type { Db } from '@/db/client';
import { orders } from '@/db/schema';
import { env } from '@/env';
import { SERVICES, isPlatform, type Platform } from '@/lib/domain/catalogue/services';
import { AppError } from '@/lib/infra/errors';
import { lastLocalDays } from '@/lib/domain/operations';
import { addCounts, dayCounts, NO_ORDERS, orderCountColumns, statusTotals, type DayCounts, type StatusTotals } from '@/lib/domain/order-figures';

/** One day of the 30-day chart series (local days of APP_TIMEZONE): its orders by group, and the dollars spent. */
export type DayPoint = { tarih: string } & DayCounts & { harcanan: number };

/** §3 Platform stats, plus the per-day series of the statistics chart. */
export type PlatformStats = { platform: Platform } & StatusTotals & {
  /** Dollars spent on this platform (new-tweet prices minus refunds). */
  toplam_harcanan: number;
  /** Number of orders per service of the platform. */
  hizmet_detaylari: Record<string, number>;
  gunluk: DayPoint[];
};

export const SERIES_DAYS = 30;

/**
 * GET /islem-gecmisi/stats/benim/platform/{platform} (and the admin's view of a user): totals of
 * a user's orders on one platform. Successful, partly successful, failed, waiting and cancelled
 * orders are counted apart and add up to the total.
 */
export async function getPlatformStats(
  db: Db,
  userId: number,
  platform: string,
  options: { now?: Date; timeZone?: string } = {},
): Promise<PlatformStats> {
  if (!isPlatform(platform)) throw new AppError('PLATFORM_NOT_FOUND');
  const now = options.now ?? new Date();
  const timeZone = options.timeZone ?? env.APP_TIMEZONE;

  const byService = await db
    .select({
      service: orders.service,
      ...orderCountColumns(),
      spent: sql<number>`coalesce(sum(${orders.priceCents} - ${orders.refundedCents}), 0)::int`,
    })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.platform, platform)))
    .groupBy(orders.service);

  const days = lastLocalDays(now, timeZone, SERIES_DAYS);
  const localDate = sql<string>`to_char(${orders.createdAt} at time zone ${timeZone}, 'YYYY-MM-DD')`;
  const perDay = await db
    .select({
      day: localDate,
      ...orderCountColumns(),
      spent: sql<number>`coalesce(sum(${orders.priceCents} - ${orders.refundedCents}), 0)::int`,
    })
    .from(orders)
    // A day of margin on each side of the zone offset; the grouping by local day decides.
    .where(and(eq(orders.userId, userId), eq(orders.platform, platform), gte(orders.createdAt, new Date(Date.parse(days[0]!) - 86_400_000))))
    // By position: the zone is a bound parameter, so repeating the expression would not match it.
    .groupBy(sql`1`);
  const dayMap = new Map(perDay.map((d) => [d.day, d]));

  return {
    platform,
    ...statusTotals(addCounts(byService)),
    toplam_harcanan: centsToDollars(byService.reduce((a, r) => a + r.spent, 0)),
    hizmet_detaylari: Object.fromEntries((SERVICES[platform] as readonly string[]).map((s) => [s, byService.find((r) => r.service === s)?.total ?? 0])),
    gunluk: days.map((tarih) => {
      const d = dayMap.get(tarih);
      return { tarih, ...dayCounts(d ?? NO_ORDERS), harcanan: centsToDollars(d?.spent ?? 0) };
    }),
  };
}
