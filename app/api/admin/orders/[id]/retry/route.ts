import { actorFrom } from '@/lib/domain/audit';
import { operationUpdate } from '@/lib/domain/operations';
import { orderIdParams, retryStuckOrder } from '@/lib/domain/reconciliation';
import { ok, route } from '@/app/api/_lib/route';

/** POST /api/admin/orders/{id}/retry (admin, audited): a fresh job for a stuck order. */
export const POST = route({ auth: 'admin', params: orderIdParams }, async ({ req, db, user, params }) =>
  ok({ order: operationUpdate(await retryStuckOrder(db, actorFrom(user, req), params.id)) }),
);
