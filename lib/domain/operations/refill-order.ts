import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { orders, platforms, users, type ProfileResult } from '@/db/schema';
import { type Service, isPaidByFollowers } from '@/lib/domain/catalogue/services';
import { AppError } from '@/lib/infra/errors';
import { enqueueOrder } from '@/lib/infra/queue';
import { orderByKey } from '@/lib/domain/order-view';
import { pickProfiles } from './pick-profiles';

/** A partial order can be refilled within this many days of its end. */
export const REFILL_DAYS = 7;

export type RefillOptions = { now?: Date; enqueue?: (tx: Db, orderId: string) => Promise<void> };

/**
 * Refills a `partial` order (reseller API `refill`): its failed profiles are re-run by other
 * available profiles (pick-profiles.ts: never one of the original order, never one that cannot
 * act on the target, the most reliable first; fewer than failed when fewer are available). The
 * refill is an order of its own (its id is the refill id) with `refill_of` set: free (no price,
 * no daily use), worked by the same queue. At most once per order (orders_refill_of_uq, checked
 * under the original's row lock) and within REFILL_DAYS of the original's end. Paid new tweets
 * are not refilled (their failed profiles were refunded). `orderId`: the order's UUID or number
 * (an order-view orderKey key, issue #33).
 */
export async function refillOrder(db: Db, input: { userId: number; orderId: string }, options: RefillOptions = {}): Promise<{ refillId: string; refillNumber: number }> {
  const now = options.now ?? new Date();
  const enqueue = options.enqueue ?? enqueueOrder;
  return db.transaction(async (tx) => {
    // The user's row first, as every send does, so a refill and a send of one user queue up
    // instead of picking the same profiles at once.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, input.userId)).for('update');
    const [order] = await tx
      .select()
      .from(orders)
      .where(and(orderByKey(input.orderId), eq(orders.userId, input.userId)))
      .for('update');
    if (!order) throw new AppError('ORDER_NOT_FOUND');
    // A paid order (a new tweet, or one paid per action: issue #33 item 7) had its failed profiles refunded instead.
    if (order.status !== 'partial' || isPaidByFollowers(order.service) || order.priceCents > 0 || order.refillOf) throw new AppError('REFILL_NOT_AVAILABLE');
    const [existing] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.refillOf, order.id));
    if (existing) throw new AppError('REFILL_ALREADY_REQUESTED');
    const endedAt = order.completedAt ?? order.updatedAt;
    if (now.getTime() - endedAt.getTime() > REFILL_DAYS * 24 * 3600_000) throw new AppError('REFILL_EXPIRED', { params: { days: REFILL_DAYS } });

    const failed = (order.results as ProfileResult[]).filter((r) => r.result === 'failed').length;
    if (failed === 0) throw new AppError('REFILL_NOT_AVAILABLE');
    const [platform] = await tx.select().from(platforms).where(eq(platforms.ad, order.platform));
    if (!platform?.aktif) throw new AppError('PLATFORM_INACTIVE');
    if (!platform.apiEndpoints[order.service]) throw new AppError('SERVICE_UNAVAILABLE');

    const picked = await pickProfiles(tx, {
      platform: order.platform,
      service: order.service as Service,
      targetUrl: order.targetUrl,
      quantity: failed,
      exclude: order.profileIds,
      upTo: true,
    });
    const [refill] = await tx
      .insert(orders)
      .values({
        userId: order.userId,
        platform: order.platform,
        service: order.service,
        targetUrl: order.targetUrl,
        prompt: order.prompt,
        profileIds: picked,
        profileCount: picked.length,
        priceCents: 0,
        apiKeyId: order.apiKeyId,
        refillOf: order.id,
        results: picked.map((id) => ({ profile_id: id, result: 'pending' as const })),
      })
      .returning({ id: orders.id, number: orders.number });
    await enqueue(tx, refill!.id);
    return { refillId: refill!.id, refillNumber: refill!.number };
  });
}
