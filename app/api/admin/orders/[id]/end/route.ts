import { actorFrom } from '@/lib/audit';
import { operationUpdate } from '@/lib/operations';
import { emitToUser } from '@/lib/realtime';
import { endStuckOrder, orderIdParams } from '@/lib/reconciliation';
import { ok, route } from '@/app/api/_lib/route';

/** POST /api/admin/orders/{id}/end (admin, audited): ends a stuck order now; pending profiles fail and are refunded once. */
export const POST = route({ auth: 'admin', params: orderIdParams }, async ({ req, db, user, params }) => {
  const order = await endStuckOrder(db, actorFrom(user, req), params.id);
  emitToUser(order.userId, 'operation_update', operationUpdate(order));
  return ok({ order: operationUpdate(order) });
});
