import { getDb } from '@/db/client';
import { listAllAnnouncements } from '@/lib/announcements';
import { handle, ok } from '../../_lib/handler';
import { requireAdmin } from '../../_lib/auth';

/** GET /api/duyurular/admin → duyurular (all, both languages). */
export const GET = handle(async (req) => {
  await requireAdmin(req);
  return ok({ duyurular: await listAllAnnouncements(await getDb()) });
});
