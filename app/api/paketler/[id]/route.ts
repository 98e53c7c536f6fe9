import { getDb } from '@/db/client';
import { actorFrom, numericId } from '@/lib/audit';
import { deletePackage, packageSchema, updatePackage } from '@/lib/packages';
import { handle, ok, param, parseBody } from '../../_lib/handler';
import { requireAdmin } from '../../_lib/auth';

/** PUT /api/paketler/{id} → paket. */
export const PUT = handle(async (req, ctx) => {
  const admin = await requireAdmin(req);
  const id = numericId(await param(ctx, 'id'), 'PACKAGE_NOT_FOUND');
  const input = await parseBody(req, packageSchema);
  return ok({ paket: await updatePackage(await getDb(), actorFrom(admin, req), id, input) });
});

/** DELETE /api/paketler/{id}: soft delete; running subscriptions keep working. */
export const DELETE = handle(async (req, ctx) => {
  const admin = await requireAdmin(req);
  const id = numericId(await param(ctx, 'id'), 'PACKAGE_NOT_FOUND');
  await deletePackage(await getDb(), actorFrom(admin, req), id);
  return ok();
});
