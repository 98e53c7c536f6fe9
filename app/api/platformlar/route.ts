import { getDb } from '@/db/client';
import { cachedPlatforms, listPlatforms } from '@/lib/platforms';
import { handle, ok } from '../_lib/handler';
import { optionalUser } from '../_lib/auth';

/** GET /api/platformlar (§7): name and state for everyone; endpoint URLs only for admins. */
export const GET = handle(async (req) => {
  const user = await optionalUser(req);
  const db = await getDb();
  const platformlar = user?.rol === 'admin' ? await listPlatforms(db, { withEndpoints: true }) : await cachedPlatforms(db);
  return ok({ platformlar });
});
