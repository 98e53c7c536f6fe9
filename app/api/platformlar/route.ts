import { isAdminSession } from '@/lib/domain/credentials';
import { cachedPlatforms, listPlatforms } from '@/lib/domain/platforms';
import { ok, route } from '@/app/api/_lib/route';

/** GET /api/platformlar (§7): name and state for everyone; endpoint URLs only for an admin session. */
export const GET = route({ auth: 'optional' }, async ({ db, user }) =>
  ok({ platformlar: isAdminSession(user) ? await listPlatforms(db, { withEndpoints: true }) : await cachedPlatforms(db) }),
);
