import { z } from 'zod';
import { actorFrom } from '@/lib/domain/audit';
import { deleteUser, updateUser, updateUserSchema } from '@/lib/domain/admin-users';
import { notifyDashboard } from '@/lib/infra/realtime';
import { idParam } from '@/lib/infra/validation';
import { ok, route } from '@/app/api/_lib/route';

const params = z.object({ id: idParam });

/** PUT /api/users/{id} {edited user, including rol}. */
export const PUT = route({ auth: 'admin', params, body: updateUserSchema }, async ({ req, db, user, params, input }) =>
  ok({ kullanici: await updateUser(db, actorFrom(user, req), params.id, input) }),
);

/** DELETE /api/users/{id}: soft delete. */
export const DELETE = route({ auth: 'admin', params }, async ({ req, db, user, params }) => {
  await deleteUser(db, actorFrom(user, req), params.id);
  notifyDashboard();
  return ok();
});
