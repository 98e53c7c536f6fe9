import { getDb } from '@/db/client';
import { actorFrom, numericId } from '@/lib/audit';
import { cancelSubscription } from '@/lib/admin-users';
import { handle, ok, param } from '../../../_lib/handler';
import { requireAdmin } from '../../../_lib/auth';
import { notifyDashboard } from '@/lib/realtime';

/** PUT /api/kullanici-paketleri/{id}/cancel (empty body). */
export const PUT = handle(async (req, ctx) => {
  const admin = await requireAdmin(req);
  const id = numericId(await param(ctx, 'id'), 'SUBSCRIPTION_NOT_FOUND');
  const kullanici_paketi = await cancelSubscription(await getDb(), actorFrom(admin, req), id);
  notifyDashboard();
  return ok({ kullanici_paketi });
});
