import 'server-only';
import type { Db } from '@/db/client';
import { AppError, isAppError } from '@/lib/errors';
import { cancelOrder } from '@/lib/operations';
import type { ItemResult } from './get-statuses';
import { isOrderId } from '@/lib/order-view';

/** `cancel`: each order on its own (one that cannot be cancelled does not stop the others). */
export async function cancelOrders(db: Db, userId: number, ids: string[]): Promise<Map<string, ItemResult<1>>> {
  const out = new Map<string, ItemResult<1>>();
  for (const id of ids) {
    if (out.has(id)) continue;
    try {
      if (!isOrderId(id)) throw new AppError('ORDER_NOT_FOUND');
      await cancelOrder(db, { userId, orderId: id.toLowerCase() });
      out.set(id, { ok: true, value: 1 });
    } catch (err) {
      if (!isAppError(err)) throw err;
      out.set(id, { ok: false, error: err });
    }
  }
  return out;
}
