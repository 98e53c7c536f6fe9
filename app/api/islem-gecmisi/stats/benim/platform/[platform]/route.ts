import { getDb } from '@/db/client';
import { getPlatformStats } from '@/lib/stats';
import { handle, ok, param } from '../../../../../_lib/handler';
import { requireUser } from '../../../../../_lib/auth';

/** GET /api/islem-gecmisi/stats/benim/platform/{platform} → stats (§3 Platform stats + 30-day series). */
export const GET = handle(async (req, ctx) => {
  const user = await requireUser(req);
  return ok({ stats: await getPlatformStats(await getDb(), user.id, await param(ctx, 'platform')) });
});
