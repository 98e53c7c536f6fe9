import 'server-only';
import { and, eq, gte, sql } from 'drizzle-orm';
import { centsToDollars } from '@/lib/money';
import type { Db } from '@/db/client';
import { orders } from '@/db/schema';
import { env } from '@/env';
import { SERVICES, isPlatform, type Platform } from '@/lib/catalogue/services';
import { AppError } from '@/lib/errors';
import { lastLocalDays } from '@/lib/operations';

/** One day of the 30-day chart series (local days of APP_TIMEZONE). */
export type DayPoint = { tarih: string; basarili: number; kismi: number; basarisiz: number; beklemede: number; iptal: number; harcanan: number };

/** §3 Platform stats, plus the per-day series of the statistics chart. */
export type PlatformStats = {
  platform: Platform;
  toplam_islem: number;
  /** Every profile succeeded. */
  basarili_islem: number;
  /** Some profiles succeeded, some failed (their usage and charge were given back). */
  kismi_islem: number;
  basarisiz_islem: number;
  bekleyen_islem: number;
  iptal_islem: number;
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
      total: sql<number>`count(*)::int`,
      ok: sql<number>`count(*) filter (where ${orders.status} = 'completed')::int`,
      partial: sql<number>`count(*) filter (where ${orders.status} = 'partial')::int`,
      failed: sql<number>`count(*) filter (where ${orders.status} = 'failed')::int`,
      waiting: sql<number>`count(*) filter (where ${orders.status} in ('pending', 'scheduled', 'processing'))::int`,
      cancelled: sql<number>`count(*) filter (where ${orders.status} = 'cancelled')::int`,
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
      ok: sql<number>`count(*) filter (where ${orders.status} = 'completed')::int`,
      partial: sql<number>`count(*) filter (where ${orders.status} = 'partial')::int`,
      failed: sql<number>`count(*) filter (where ${orders.status} = 'failed')::int`,
      waiting: sql<number>`count(*) filter (where ${orders.status} in ('pending', 'scheduled', 'processing'))::int`,
      cancelled: sql<number>`count(*) filter (where ${orders.status} = 'cancelled')::int`,
      spent: sql<number>`coalesce(sum(${orders.priceCents} - ${orders.refundedCents}), 0)::int`,
    })
    .from(orders)
    // A day of margin on each side of the zone offset; the grouping by local day decides.
    .where(and(eq(orders.userId, userId), eq(orders.platform, platform), gte(orders.createdAt, new Date(Date.parse(days[0]!) - 86_400_000))))
    // By position: the zone is a bound parameter, so repeating the expression would not match it.
    .groupBy(sql`1`);
  const dayMap = new Map(perDay.map((d) => [d.day, d]));

  const sum = (f: (r: (typeof byService)[number]) => number) => byService.reduce((a, r) => a + f(r), 0);
  return {
    platform,
    toplam_islem: sum((r) => r.total),
    basarili_islem: sum((r) => r.ok),
    kismi_islem: sum((r) => r.partial),
    basarisiz_islem: sum((r) => r.failed),
    bekleyen_islem: sum((r) => r.waiting),
    iptal_islem: sum((r) => r.cancelled),
    toplam_harcanan: centsToDollars(sum((r) => r.spent)),
    hizmet_detaylari: Object.fromEntries((SERVICES[platform] as readonly string[]).map((s) => [s, byService.find((r) => r.service === s)?.total ?? 0])),
    gunluk: days.map((tarih) => {
      const d = dayMap.get(tarih);
      return { tarih, basarili: d?.ok ?? 0, kismi: d?.partial ?? 0, basarisiz: d?.failed ?? 0, beklemede: d?.waiting ?? 0, iptal: d?.cancelled ?? 0, harcanan: centsToDollars(d?.spent ?? 0) };
    }),
  };
}
