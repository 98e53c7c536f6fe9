import { getDb } from '@/db/client';
import { getOperation } from '@/lib/operations';
import { handle, ok, param } from '../../_lib/handler';
import { requireUser } from '../../_lib/auth';

/** GET /api/operations/{task_id}: §3 Task tracking, owner or admin only. */
export const GET = handle(async (req, ctx) => {
  const user = await requireUser(req);
  return ok(await getOperation(await getDb(), user, await param(ctx, 'taskId')));
});
