import { listStuckOrders } from '@/lib/domain/reconciliation';
import { ok, route } from '@/app/api/_lib/route';

/** GET /api/admin/orders/stuck (admin) → {orders: [… overdue]}: orders whose status has not moved for the site's deadline. */
export const GET = route({ auth: 'admin' }, async ({ db }) => ok({ orders: await listStuckOrders(db) }));
