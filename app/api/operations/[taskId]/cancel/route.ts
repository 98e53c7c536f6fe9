import { z } from 'zod';
import { cancelOrder, clientStatus, durumOf } from '@/lib/domain/operations';
import { isAdminSession } from '@/lib/domain/credentials';
import { AppError } from '@/lib/infra/errors';
import { orderKeyOfInput } from '@/lib/domain/order-view';
import { textParam } from '@/lib/infra/validation';
import { notifyDashboard } from '@/lib/infra/realtime';
import { ok, route } from '@/app/api/_lib/route';
import { operationResponse } from '@/lib/domain/order-view/responses';

/**
 * POST /api/operations/{task_id}/cancel (issue #17): the owner or an admin session cancels an
 * order that has not started (scheduled, or still pending); its day's use and any charge come
 * back exactly once. Anyone else: 404, as for an unknown order; a started or ended one: 409.
 */
export const POST = route({ auth: 'user', params: z.object({ taskId: textParam(100) }), response: operationResponse }, async ({ db, user, params }) => {
  // The task_id, or (issue #33) the order's number: "123", "#123".
  const key = orderKeyOfInput(params.taskId);
  if (!key) throw new AppError('ORDER_NOT_FOUND');
  const order = await cancelOrder(db, { userId: user.id, orderId: key, asAdmin: isAdminSession(user) });
  notifyDashboard();
  return ok({
    task_id: order.id,
    order_number: order.number,
    status: clientStatus(order.status),
    order_status: order.status,
    durum: durumOf(order.status),
    iade_edilen: order.refundedCents / 100,
  });
});
