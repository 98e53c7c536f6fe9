import { actorFrom } from '@/lib/domain/audit';
import { adminSetWatchPaused, adminWatchResponse, watchIdParams } from '@/lib/domain/watches';
import { ok, route } from '@/app/api/_lib/route';

/** POST /api/admin/watches/{id}/resume (admin, audited) → {watch}: polled again at once. */
export const POST = route({ auth: 'admin', params: watchIdParams, response: adminWatchResponse }, async ({ req, db, user, params }) =>
  ok({ watch: await adminSetWatchPaused(db, actorFrom(user, req), params.id, false) }),
);
