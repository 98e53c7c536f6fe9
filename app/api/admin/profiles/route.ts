import { listProfileHealth, profileHealthQuery } from '@/lib/domain/profiles';
import { ok, route } from '@/app/api/_lib/route';

/** GET /api/admin/profiles?platform=&status= (admin) → {profiles: [… success_rate, median_seconds, recent_failures, history]}. */
export const GET = route({ auth: 'admin', query: profileHealthQuery }, async ({ db, query }) => ok({ profiles: await listProfileHealth(db, query) }));
