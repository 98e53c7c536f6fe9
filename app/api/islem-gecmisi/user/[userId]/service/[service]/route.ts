import { z } from 'zod';
import { historyQuerySchema, listUserServiceOrders } from '@/lib/domain/history';
import { idParam, textParam } from '@/lib/infra/validation';
import { ok, route } from '@/app/api/_lib/route';
import { historyPageResponse } from '@/lib/domain/order-view/responses';

/** GET /api/islem-gecmisi/user/{userId}/service/{service}?limit=&offset=&sort=&dir= → transactions and their total (also at /api/api/…). */
export const GET = route(
  { auth: 'admin', params: z.object({ userId: idParam, service: textParam(40) }), query: historyQuerySchema, response: historyPageResponse },
  async ({ db, params, query }) => ok(await listUserServiceOrders(db, { ...params, ...query })),
);
