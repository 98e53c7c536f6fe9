import 'server-only';
import type { Db } from '@/db/client';
import { AppError, isAppError } from '@/lib/infra/errors';
import { refillOrder } from '@/lib/domain/operations';
import type { ItemResult } from './get-statuses';
import { orderKey } from '@/lib/domain/order-view';

/**
 * `refill`: each order on its own; the value is the refill's number (for `refill_status`, issue
 * #33). An order is named by its number or its UUID; the map is keyed by the ids as given.
 */
export async function refillOrders(db: Db, userId: number, ids: string[]): Promise<Map<string, ItemResult<number>>> {
  const out = new Map<string, ItemResult<number>>();
  for (const id of ids) {
    if (out.has(id)) continue;
    try {
      const key = orderKey(id);
      if (key === null) throw new AppError('ORDER_NOT_FOUND');
      const { refillNumber } = await refillOrder(db, { userId, orderId: key });
      out.set(id, { ok: true, value: refillNumber });
    } catch (err) {
      if (!isAppError(err)) throw err;
      out.set(id, { ok: false, error: err });
    }
  }
  return out;
}
