import { z } from 'zod';
import { getPlatformStats } from '@/lib/domain/stats';
import { textParam } from '@/lib/infra/validation';
import { ok, route } from '@/app/api/_lib/route';

/** GET /api/islem-gecmisi/stats/benim/platform/{platform} → stats (§3 Platform stats + 30-day series). */
export const GET = route({ auth: 'user', params: z.object({ platform: textParam(40) }) }, async ({ db, user, params }) =>
  ok({ stats: await getPlatformStats(db, user.id, params.platform) }),
);
