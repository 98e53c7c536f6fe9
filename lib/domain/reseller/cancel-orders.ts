import 'server-only';
import type { Db } from '@/db/client';
import { AppError, isAppError } from '@/lib/infra/errors';
import { cancelOrder } from '@/lib/domain/operations';
import type { ItemResult } from './get-statuses';
import { orderKey } from '@/lib/domain/order-view';

/**
 * `cancel`: each order on its own (one that cannot be cancelled does not stop the others). An
 * order is named by its number or its UUID (issue #33); the map is keyed by the ids as given.
 */
export async function cancelOrders(db: Db, userId: number, ids: string[]): Promise<Map<string, ItemResult<1>>> {
  const out = new Map<string, ItemResult<1>>();
  for (const id of ids) {
    if (out.has(id)) continue;
    try {
      const key = orderKey(id);
      if (key === null) throw new AppError('ORDER_NOT_FOUND');
      await cancelOrder(db, { userId, orderId: key });
      out.set(id, { ok: true, value: 1 });
    } catch (err) {
      if (!isAppError(err)) throw err;
      out.set(id, { ok: false, error: err });
    }
  }
  return out;
}
