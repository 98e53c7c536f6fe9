import { getDb } from '@/db/client';
import { numericId } from '@/lib/audit';
import { AppError } from '@/lib/errors';
import { listUserSubscriptions } from '@/lib/admin-users';
import { handle, ok, param } from '../../_lib/handler';
import { requireUser } from '../../_lib/auth';

/**
 * GET /api/kullanici-paketleri/{userId} → kullanici_paketleri. Admins read anyone's; a customer
 * only their own (the segment is named `id` because reset-limits and cancel share it).
 */
export const GET = handle(async (req, ctx) => {
  const user = await requireUser(req);
  const userId = numericId(await param(ctx, 'id'), 'USER_NOT_FOUND');
  if (user.rol !== 'admin' && user.id !== userId) throw new AppError('FORBIDDEN');
  return ok({ kullanici_paketleri: await listUserSubscriptions(await getDb(), userId) });
});
