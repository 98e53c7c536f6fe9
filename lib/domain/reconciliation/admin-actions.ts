import 'server-only';
import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { orders, type ProfileResult } from '@/db/schema';
import { recordAudit, type Actor } from '@/lib/domain/audit';
import { AppError } from '@/lib/infra/errors';
import { finalizeOrder, isFinal } from '@/lib/domain/operations';
import { enqueueOrderRetry } from '@/lib/infra/queue';

type Order = typeof orders.$inferSelect;

async function lockOpen(tx: Db, orderId: string): Promise<Order> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  if (!order) throw new AppError('ORDER_NOT_FOUND');
  if (isFinal(order.status)) throw new AppError('ORDER_ALREADY_FINAL');
  return order;
}

/**
 * POST /api/admin/orders/{id}/end: an admin ends a stuck order now, with the results known so far;
 * its pending profiles count as failed and are refunded (finalizeOrder: at most once), audited in
 * the same transaction. An order that ended meanwhile is 409 ORDER_ALREADY_FINAL.
 */
export async function endStuckOrder(db: Db, actor: Actor, orderId: string): Promise<Order> {
  return db.transaction(async (tx) => {
    const open = await lockOpen(tx, orderId);
    const known = new Map((open.results as ProfileResult[]).map((r) => [r.profile_id, r.result]));
    const { order } = await finalizeOrder(tx, orderId, { outcomes: known, error: 'ended by an admin' });
    await recordAudit(tx, actor, {
      action: 'order.end',
      entity: 'order',
      entityId: orderId,
      before: { status: open.status },
      after: { status: order.status, refunded_cents: order.refundedCents },
    });
    return order;
  });
}

/**
 * POST /api/admin/orders/{id}/retry: an admin gives a stuck order a fresh job (the order's own job
 * may be finished or lost); working an order again is safe, the provider send is idempotent on the
 * order id and the end happens once. Its deadline starts again. Audited.
 */
export async function retryStuckOrder(db: Db, actor: Actor, orderId: string): Promise<Order> {
  return db.transaction(async (tx) => {
    const open = await lockOpen(tx, orderId);
    const [order] = await tx.update(orders).set({ updatedAt: new Date() }).where(eq(orders.id, orderId)).returning();
    await enqueueOrderRetry(tx, orderId);
    await recordAudit(tx, actor, { action: 'order.retry', entity: 'order', entityId: orderId, before: { status: open.status, attempts: open.attempts } });
    return order!;
  });
}
