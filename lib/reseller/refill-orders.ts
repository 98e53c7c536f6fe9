import 'server-only';
import type { Db } from '@/db/client';
import { AppError, isAppError } from '@/lib/errors';
import { refillOrder } from '@/lib/operations';
import type { ItemResult } from './get-statuses';
import { isOrderId } from '@/lib/order-view';

/** `refill`: each order on its own; the value is the refill's id (for `refill_status`). */
export async function refillOrders(db: Db, userId: number, ids: string[]): Promise<Map<string, ItemResult<string>>> {
  const out = new Map<string, ItemResult<string>>();
  for (const id of ids) {
    if (out.has(id)) continue;
    try {
      if (!isOrderId(id)) throw new AppError('ORDER_NOT_FOUND');
      const { refillId } = await refillOrder(db, { userId, orderId: id.toLowerCase() });
      out.set(id, { ok: true, value: refillId });
    } catch (err) {
      if (!isAppError(err)) throw err;
      out.set(id, { ok: false, error: err });
    }
  }
  return out;
}
