import { adminApiKeysQuery, listAllApiKeys } from '@/lib/domain/api-keys';
import { ok, route } from '@/app/api/_lib/route';

/** GET /api/api-keys/admin?userId=&revoked=0|1&q=&limit=&offset= (admin) → {api_keys: [… user, revoked_at], toplam}. */
export const GET = route({ auth: 'admin', query: adminApiKeysQuery }, async ({ db, query }) => ok(await listAllApiKeys(db, query)));
