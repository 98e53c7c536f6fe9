import 'server-only';
import { eq, sql } from 'drizzle-orm';
import { centsToDollars } from '@/lib/infra/money';
import type { Db } from '@/db/client';
import { orders } from '@/db/schema';
import { addCounts, orderCountColumns, statusTotals, type StatusTotals } from '@/lib/domain/order-figures';

export type UserStats = StatusTotals & {
  /** Dollars of balance spent on orders, after refunds. */
  toplam_harcanan: number;
  hizmet_detaylari: Record<string, number>;
};

/** GET /api/islem-gecmisi/stats/user/{userId}: totals over all the user's orders. */
export async function getUserStats(db: Db, userId: number): Promise<UserStats> {
  const rows = await db
    .select({
      service: orders.service,
      ...orderCountColumns(),
      spentCents: sql<number>`coalesce(sum(${orders.priceCents} - ${orders.refundedCents}), 0)::int`,
    })
    .from(orders)
    .where(eq(orders.userId, userId))
    .groupBy(orders.service);
  return {
    ...statusTotals(addCounts(rows)),
    toplam_harcanan: centsToDollars(rows.reduce((a, r) => a + r.spentCents, 0)),
    hizmet_detaylari: Object.fromEntries(rows.map((r) => [r.service, r.total])),
  };
}
