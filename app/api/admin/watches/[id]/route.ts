import { adminWatchResponse, getAdminWatch, watchIdParams } from '@/lib/domain/watches';
import { ok, route } from '@/app/api/_lib/route';

/** GET /api/admin/watches/{id} (admin) → {watch}: any customer's watch with its last 100 posts and their orders. */
export const GET = route({ auth: 'admin', params: watchIdParams, response: adminWatchResponse }, async ({ db, params }) => ok({ watch: await getAdminWatch(db, params.id) }));
