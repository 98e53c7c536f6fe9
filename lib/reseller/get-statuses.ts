import 'server-only';
import type { Db } from '@/db/client';
import { AppError } from '@/lib/errors';
import { isOrderId, readOrderViewTexts } from '@/lib/order-view';

export type ItemResult<T> = { ok: true; value: T } | { ok: false; error: AppError };

/**
 * `status` for up to 100 of the caller's orders (or, with `refills`, of their refills), in the
 * order asked: each an order's view (lib/order-view OrderView) as JSON text, sent as it is. An id
 * that is malformed, unknown or another user's is the same ORDER_NOT_FOUND (REFILL_NOT_FOUND), so
 * ids of other accounts cannot be probed.
 */
export async function getOrderStatuses(db: Db, userId: number, ids: string[], kind: 'order' | 'refill' = 'order'): Promise<Map<string, ItemResult<string>>> {
  const views = await readOrderViewTexts(db, userId, ids.filter(isOrderId), kind === 'refill');
  const out = new Map<string, ItemResult<string>>();
  for (const id of ids) {
    const view = views.get(id.toLowerCase());
    out.set(id, view ? { ok: true, value: view } : { ok: false, error: new AppError(kind === 'refill' ? 'REFILL_NOT_FOUND' : 'ORDER_NOT_FOUND') });
  }
  return out;
}
