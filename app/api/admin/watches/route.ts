import { adminWatchListResponse, adminWatchQuerySchema, listAllWatches } from '@/lib/domain/watches';
import { ok, route } from '@/app/api/_lib/route';

/** GET /api/admin/watches?status=&page= (admin) → {watches, toplam}: every customer's watches, newest first, 50 a page (issue #37 item 5). */
export const GET = route({ auth: 'admin', query: adminWatchQuerySchema, response: adminWatchListResponse }, async ({ db, query }) => ok(await listAllWatches(db, query)));
