import 'server-only';
import { desc } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { orders } from '@/db/schema';

/**
 * The customer of the most recent order, or null when there is none: /rooting/history opens on
 * them instead of an empty page (issue #32). One row from the orders_created_figures_idx index.
 */
export async function latestOrderingUserId(db: Db): Promise<number | null> {
  const [row] = await db.select({ userId: orders.userId }).from(orders).orderBy(desc(orders.createdAt)).limit(1);
  return row?.userId ?? null;
}
