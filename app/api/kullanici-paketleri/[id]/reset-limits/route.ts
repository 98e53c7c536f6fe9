import { getDb } from '@/db/client';
import { actorFrom, numericId } from '@/lib/audit';
import { resetSubscriptionLimits } from '@/lib/admin-users';
import { handle, ok, param } from '../../../_lib/handler';
import { requireAdmin } from '../../../_lib/auth';

/** PUT /api/kullanici-paketleri/{id}/reset-limits (empty body). */
export const PUT = handle(async (req, ctx) => {
  const admin = await requireAdmin(req);
  const id = numericId(await param(ctx, 'id'), 'SUBSCRIPTION_NOT_FOUND');
  return ok(await resetSubscriptionLimits(await getDb(), actorFrom(admin, req), id));
});
