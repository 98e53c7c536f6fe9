import { getDb } from '@/db/client';
import { actorFrom, numericId } from '@/lib/audit';
import { deleteUser, updateUser, updateUserSchema } from '@/lib/admin-users';
import { handle, ok, param, parseBody } from '../../_lib/handler';
import { requireAdmin } from '../../_lib/auth';
import { notifyDashboard } from '@/lib/realtime';

/** PUT /api/users/{id} {edited user, including rol}. */
export const PUT = handle(async (req, ctx) => {
  const admin = await requireAdmin(req);
  const id = numericId(await param(ctx, 'id'), 'USER_NOT_FOUND');
  const input = await parseBody(req, updateUserSchema);
  return ok({ kullanici: await updateUser(await getDb(), actorFrom(admin, req), id, input) });
});

/** DELETE /api/users/{id}: soft delete. */
export const DELETE = handle(async (req, ctx) => {
  const admin = await requireAdmin(req);
  const id = numericId(await param(ctx, 'id'), 'USER_NOT_FOUND');
  await deleteUser(await getDb(), actorFrom(admin, req), id);
  notifyDashboard();
  return ok();
});
