import { listAllAnnouncements } from '@/lib/domain/announcements';
import { ok, route } from '@/app/api/_lib/route';

/** GET /api/duyurular/admin → duyurular (all, both languages). */
export const GET = route({ auth: 'admin' }, async ({ db }) => ok({ duyurular: await listAllAnnouncements(db) }));
