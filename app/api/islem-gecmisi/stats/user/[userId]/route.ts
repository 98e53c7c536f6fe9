import { z } from 'zod';
import { getUserStats } from '@/lib/domain/history';
import { idParam } from '@/lib/infra/validation';
import { ok, route } from '@/app/api/_lib/route';

/** GET /api/islem-gecmisi/stats/user/{userId} → stats (also served at /api/api/…, as §7 writes it). */
export const GET = route({ auth: 'admin', params: z.object({ userId: idParam }) }, async ({ db, params }) =>
  ok({ stats: await getUserStats(db, params.userId) }),
);
