import { z } from 'zod';
import { actorFrom } from '@/lib/domain/audit';
import { resetSubscriptionLimits } from '@/lib/domain/admin-users';
import { idParam } from '@/lib/infra/validation';
import { ok, route } from '@/app/api/_lib/route';

/** PUT /api/kullanici-paketleri/{id}/reset-limits (empty body). */
export const PUT = route({ auth: 'admin', params: z.object({ id: idParam }) }, async ({ req, db, user, params }) =>
  ok(await resetSubscriptionLimits(db, actorFrom(user, req), params.id)),
);
