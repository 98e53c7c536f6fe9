import { actorFrom } from '@/lib/domain/audit';
import { adminSetWatchPaused, adminWatchResponse, watchIdParams } from '@/lib/domain/watches';
import { ok, route } from '@/app/api/_lib/route';

/** POST /api/admin/watches/{id}/pause (admin, audited) → {watch}: any customer's watch stops being polled; the customer gets a notice. */
export const POST = route({ auth: 'admin', params: watchIdParams, response: adminWatchResponse }, async ({ req, db, user, params }) =>
  ok({ watch: await adminSetWatchPaused(db, actorFrom(user, req), params.id, true) }),
);
