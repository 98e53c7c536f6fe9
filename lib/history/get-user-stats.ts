import 'server-only';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { orders } from '@/db/schema';

export type UserStats = {
  toplam_islem: number;
  basarili_islem: number;
  basarisiz_islem: number;
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
      ok: sql<number>`count(*) filter (where ${orders.status} in ('completed', 'partial'))::int`,
      failed: sql<number>`count(*) filter (where ${orders.status} = 'failed')::int`,
      spentCents: sql<number>`coalesce(sum(${orders.priceCents} - ${orders.refundedCents}), 0)::int`,
    })
    .from(orders)
    .where(eq(orders.userId, userId))
    .groupBy(orders.service);
  const sum = (f: (r: (typeof rows)[number]) => number) => rows.reduce((a, r) => a + f(r), 0);
  return {
    toplam_islem: sum((r) => r.total),
    basarili_islem: sum((r) => r.ok),
    basarisiz_islem: sum((r) => r.failed),
    toplam_harcanan: sum((r) => r.spentCents) / 100,
    hizmet_detaylari: Object.fromEntries(rows.map((r) => [r.service, r.total])),
  };
}
