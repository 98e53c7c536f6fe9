import { analyticsQuery, getAnalytics } from '@/lib/domain/analytics';
import { ok, route } from '@/app/api/_lib/route';

/** GET /api/admin/analytics?days=7|30|90 (admin) → {analytics: {series, success_rates, top_customers, profile_pool, totals}}. */
export const GET = route({ auth: 'admin', query: analyticsQuery }, async ({ db, query }) => ok({ analytics: await getAnalytics(db, query.days) }));
