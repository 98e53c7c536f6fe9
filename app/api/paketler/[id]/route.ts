import { z } from 'zod';
import { actorFrom } from '@/lib/domain/audit';
import { deletePackage, packageSchema, updatePackage } from '@/lib/domain/packages';
import { idParam } from '@/lib/infra/validation';
import { ok, route } from '@/app/api/_lib/route';

const params = z.object({ id: idParam });

/** PUT /api/paketler/{id} → paket. */
export const PUT = route({ auth: 'admin', params, body: packageSchema }, async ({ req, db, user, params, input }) =>
  ok({ paket: await updatePackage(db, actorFrom(user, req), params.id, input) }),
);

/** DELETE /api/paketler/{id}: soft delete; running subscriptions keep working. */
export const DELETE = route({ auth: 'admin', params }, async ({ req, db, user, params }) => {
  await deletePackage(db, actorFrom(user, req), params.id);
  return ok();
});
