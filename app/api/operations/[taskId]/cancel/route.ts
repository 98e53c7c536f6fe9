import { z } from 'zod';
import { cancelOrder, clientStatus, durumOf } from '@/lib/operations';
import { isAdminSession } from '@/lib/auth';
import { AppError } from '@/lib/errors';
import { isOrderId } from '@/lib/order-view';
import { textParam } from '@/lib/validation';
import { notifyDashboard } from '@/lib/realtime';
import { ok, route } from '@/app/api/_lib/route';

/**
 * POST /api/operations/{task_id}/cancel (issue #17): the owner or an admin session cancels an
 * order that has not started (scheduled, or still pending); its day's use and any charge come
 * back exactly once. Anyone else: 404, as for an unknown order; a started or ended one: 409.
 */
export const POST = route({ auth: 'user', params: z.object({ taskId: textParam(100) }) }, async ({ db, user, params }) => {
  if (!isOrderId(params.taskId)) throw new AppError('ORDER_NOT_FOUND');
  const order = await cancelOrder(db, { userId: user.id, orderId: params.taskId.toLowerCase(), asAdmin: isAdminSession(user) });
  notifyDashboard();
  return ok({
    task_id: order.id,
    status: clientStatus(order.status),
    order_status: order.status,
    durum: durumOf(order.status),
    iade_edilen: order.refundedCents / 100,
  });
});
