import { getDb } from '@/db/client';
import { AppError } from '@/lib/errors';
import { numericId } from '@/lib/audit';
import { historyQuerySchema, listUserServiceOrders } from '@/lib/history';
import { normalizeService } from '@/lib/catalogue/services';
import { handle, ok, param } from '../../../../../_lib/handler';
import { requireAdmin } from '../../../../../_lib/auth';

/** GET /api/islem-gecmisi/user/{userId}/service/{service}?limit=&offset= → transactions (also at /api/api/…). */
export const GET = handle(async (req, ctx) => {
  await requireAdmin(req);
  const userId = numericId(await param(ctx, 'userId'), 'USER_NOT_FOUND');
  const service = normalizeService(await param(ctx, 'service'));
  if (!service) throw new AppError('INVALID_SERVICE');
  const query = historyQuerySchema.parse(Object.fromEntries(new URL(req.url).searchParams));
  return ok({ transactions: await listUserServiceOrders(await getDb(), { userId, service, ...query }) });
});
