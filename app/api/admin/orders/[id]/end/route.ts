import { actorFrom } from '@/lib/domain/audit';
import { operationUpdate } from '@/lib/domain/operations';
import { emitToUser } from '@/lib/infra/realtime';
import { endStuckOrder, orderIdParams } from '@/lib/domain/reconciliation';
import { ok, route } from '@/app/api/_lib/route';

/** POST /api/admin/orders/{id}/end (admin, audited): ends a stuck order now; pending profiles fail and are refunded once. */
export const POST = route({ auth: 'admin', params: orderIdParams }, async ({ req, db, user, params }) => {
  const order = await endStuckOrder(db, actorFrom(user, req), params.id);
  emitToUser(order.userId, 'operation_update', operationUpdate(order));
  return ok({ order: operationUpdate(order) });
});
