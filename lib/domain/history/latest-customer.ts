import 'server-only';
import { desc, eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { orders, users } from '@/db/schema';

/**
 * The customer of the most recent order (id, name, e-mail), or null when there is none:
 * /rooting/history opens on them instead of an empty page (issue #32). One row from the
 * orders_created_figures_idx index and its user.
 */
export async function latestOrderingCustomer(db: Db): Promise<{ id: number; ad: string; email: string } | null> {
  const [row] = await db
    .select({ id: users.id, ad: users.adSoyad, email: users.email })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .orderBy(desc(orders.createdAt))
    .limit(1);
  return row ?? null;
}
