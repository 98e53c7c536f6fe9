import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { refundOrderCharge } from '@/lib/domain/balance';
import { orders, profileActions, usageCounters, type ProfileResult } from '@/db/schema';
import { AppError } from '@/lib/infra/errors';
import { queueOrderWebhook } from '@/lib/domain/webhooks';
import { orderByKey } from '@/lib/domain/order-view';
import { emitOperationUpdate, operationUpdate, type Emit } from './operation-update';

type Order = typeof orders.$inferSelect;

export type CancelOptions = { emit?: Emit; now?: Date };

/**
 * Cancels one of the user's orders that has not started yet: a `scheduled` one waiting for its
 * start_at (issue #17; POST /api/operations/{id}/cancel, owner or admin) or a `pending` one not
 * dispatched yet (reseller API `cancel`). With the order row locked: only those two can be
 * cancelled (the worker moves an order to `processing` under the same row lock before it calls the
 * provider, and never moves a cancelled one: processOrder's update requires pending, scheduled or
 * processing, so a job that arrives later, e.g. at the scheduled moment, ends as already final). The day's use is given back and any charge
 * refunded, exactly once: the order becomes final in this transaction, its refund is one ledger
 * row (balance_ledger_order_refund_uq) and refunded_cents is capped by the price.
 * The day's use given back is the day the order was placed (usageDay): the day it counted against.
 * Another user's order (unless `asAdmin`), or no such order: ORDER_NOT_FOUND. `orderId` is an
 * order-view orderKey key: the order's UUID or its number (issue #33).
 */
export async function cancelOrder(db: Db, input: { userId: number; orderId: string; asAdmin?: boolean }, options: CancelOptions = {}): Promise<Order> {
  const now = options.now ?? new Date();
  const cancelled = await db.transaction(async (tx) => {
    const [order] = await tx
      .select()
      .from(orders)
      .where(input.asAdmin ? orderByKey(input.orderId) : and(orderByKey(input.orderId), eq(orders.userId, input.userId)))
      .for('update');
    if (!order) throw new AppError('ORDER_NOT_FOUND');
    if (order.status !== 'pending' && order.status !== 'scheduled') throw new AppError('ORDER_NOT_CANCELLABLE');

    // A worker may have booked this order's profile actions under the hourly cap a moment before it
    // lost the race to this cancel: nothing was sent, so the booking must not count (hourly-cap.ts).
    await tx.delete(profileActions).where(eq(profileActions.orderId, order.id));

    const refundCents = await refundOrderCharge(tx, { userId: order.userId, orderId: order.id, cents: order.priceCents - order.refundedCents, note: 'cancelled' });

    if (order.usageDay) {
      await tx
        .update(usageCounters)
        .set({ count: sql`greatest(${usageCounters.count} - 1, 0)` })
        .where(and(eq(usageCounters.userId, order.userId), eq(usageCounters.service, order.service), eq(usageCounters.day, order.usageDay)));
    }

    const results: ProfileResult[] = order.profileIds.map((id) => ({ profile_id: id, result: 'failed' }));
    const [updated] = await tx
      .update(orders)
      .set({ status: 'cancelled', results, successCount: 0, refundedCents: order.refundedCents + refundCents, nextBatchAt: null, completedAt: now, updatedAt: now })
      .where(eq(orders.id, order.id))
      .returning();
    await queueOrderWebhook(tx, updated!);
    return updated!;
  });
  (options.emit ?? emitOperationUpdate)(cancelled.userId, operationUpdate(cancelled));
  return cancelled;
}
