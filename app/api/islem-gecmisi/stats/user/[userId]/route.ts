import { getDb } from '@/db/client';
import { numericId } from '@/lib/audit';
import { getUserStats } from '@/lib/history';
import { handle, ok, param } from '../../../../_lib/handler';
import { requireAdmin } from '../../../../_lib/auth';

/** GET /api/islem-gecmisi/stats/user/{userId} → stats (also served at /api/api/…, as §7 writes it). */
export const GET = handle(async (req, ctx) => {
  await requireAdmin(req);
  const userId = numericId(await param(ctx, 'userId'), 'USER_NOT_FOUND');
  return ok({ stats: await getUserStats(await getDb(), userId) });
});
