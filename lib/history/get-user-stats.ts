import 'server-only';
import { eq, sql } from 'drizzle-orm';
import { centsToDollars } from '@/lib/money';
import type { Db } from '@/db/client';
import { orders } from '@/db/schema';

export type UserStats = {
  toplam_islem: number;
  basarili_islem: number;
  kismi_islem: number;
  basarisiz_islem: number;
  bekleyen_islem: number;
  iptal_islem: number;
  /** Dollars of balance spent on orders, after refunds. */
  toplam_harcanan: number;
  hizmet_detaylari: Record<string, number>;
};

/** GET /api/islem-gecmisi/stats/user/{userId}: totals over all the user's orders. */
export async function getUserStats(db: Db, userId: number): Promise<UserStats> {
  const rows = await db
    .select({
      service: orders.service,
      total: sql<number>`count(*)::int`,
      ok: sql<number>`count(*) filter (where ${orders.status} = 'completed')::int`,
      partial: sql<number>`count(*) filter (where ${orders.status} = 'partial')::int`,
      failed: sql<number>`count(*) filter (where ${orders.status} = 'failed')::int`,
      waiting: sql<number>`count(*) filter (where ${orders.status} in ('pending', 'scheduled', 'processing'))::int`,
      cancelled: sql<number>`count(*) filter (where ${orders.status} = 'cancelled')::int`,
      spentCents: sql<number>`coalesce(sum(${orders.priceCents} - ${orders.refundedCents}), 0)::int`,
    })
    .from(orders)
    .where(eq(orders.userId, userId))
    .groupBy(orders.service);
  const sum = (f: (r: (typeof rows)[number]) => number) => rows.reduce((a, r) => a + f(r), 0);
  return {
    toplam_islem: sum((r) => r.total),
    basarili_islem: sum((r) => r.ok),
    kismi_islem: sum((r) => r.partial),
    basarisiz_islem: sum((r) => r.failed),
    bekleyen_islem: sum((r) => r.waiting),
    iptal_islem: sum((r) => r.cancelled),
    toplam_harcanan: centsToDollars(sum((r) => r.spentCents)),
    hizmet_detaylari: Object.fromEntries(rows.map((r) => [r.service, r.total])),
  };
}
