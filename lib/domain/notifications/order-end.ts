import 'server-only';
import type { Db } from '@/db/client';
import type { orders } from '@/db/schema';
import { notify } from './notify';

type Order = typeof orders.$inferSelect;

/**
 * The notice of an order that has just ended (lib/domain/operations finalizeOrder, in its transaction):
 * with failed profiles, `order_failed` with the refund; otherwise `order_ended` (off by default).
 */
export async function notifyOrderEnd(db: Db, order: Order, refundCents: number): Promise<void> {
  const total = order.profileCount;
  const success = order.successCount;
  const link = `/panel/support?order=${order.id}`;
  if (success < total) {
    await notify(db, {
      userId: order.userId,
      kind: 'order_failed',
      params: { service: order.service, failed: total - success, total, refundCents, order: order.id, number: order.number },
      link,
    });
  } else {
    await notify(db, { userId: order.userId, kind: 'order_ended', params: { service: order.service, success, total, order: order.id, number: order.number }, link: '/panel/statistics' });
  }
}
