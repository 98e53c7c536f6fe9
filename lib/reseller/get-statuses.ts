import 'server-only';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { orders } from '@/db/schema';
import { AppError } from '@/lib/errors';
import { isOrderId, orderViewColumns, toOrderView, usernamesOf, type OrderView } from '@/lib/order-view';

export type ItemResult<T> = { ok: true; value: T } | { ok: false; error: AppError };

/**
 * `status` for up to 100 of the caller's orders (or, with `refills`, of their refills), in the
 * order asked. An id that is malformed, unknown or another user's is the same ORDER_NOT_FOUND
 * (REFILL_NOT_FOUND), so ids of other accounts cannot be probed.
 */
export async function getOrderStatuses(db: Db, userId: number, ids: string[], kind: 'order' | 'refill' = 'order'): Promise<Map<string, ItemResult<OrderView>>> {
  const valid = ids.filter(isOrderId);
  const rows = valid.length
    ? await db
        .select(orderViewColumns)
        .from(orders)
        // One array parameter instead of up to 100 (issue #19: Drizzle types each parameter of an `in` list).
        .where(and(eq(orders.userId, userId), sql`${orders.id} = any(${sql.param(valid)}::uuid[])`, kind === 'refill' ? isNotNull(orders.refillOf) : undefined))
    : [];
  const usernames = await usernamesOf(db, rows);
  const byId = new Map(rows.map((r) => [r.id.toLowerCase(), r]));
  const out = new Map<string, ItemResult<OrderView>>();
  for (const id of ids) {
    const row = byId.get(id.toLowerCase());
    out.set(id, row ? { ok: true, value: toOrderView(row, usernames) } : { ok: false, error: new AppError(kind === 'refill' ? 'REFILL_NOT_FOUND' : 'ORDER_NOT_FOUND') });
  }
  return out;
}
