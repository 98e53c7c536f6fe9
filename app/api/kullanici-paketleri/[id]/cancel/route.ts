import { z } from 'zod';
import { actorFrom } from '@/lib/domain/audit';
import { cancelSubscription } from '@/lib/domain/admin-users';
import { notifyDashboard } from '@/lib/infra/realtime';
import { idParam } from '@/lib/infra/validation';
import { ok, route } from '@/app/api/_lib/route';

/** PUT /api/kullanici-paketleri/{id}/cancel (empty body). */
export const PUT = route({ auth: 'admin', params: z.object({ id: idParam }) }, async ({ req, db, user, params }) => {
  const kullanici_paketi = await cancelSubscription(db, actorFrom(user, req), params.id);
  notifyDashboard();
  return ok({ kullanici_paketi });
});
