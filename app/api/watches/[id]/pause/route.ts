import { setWatchPaused, watchIdParams, watchResponse } from '@/lib/domain/watches';
import { ok, route } from '@/app/api/_lib/route';

/** POST /api/watches/{id}/pause → {watch}: not polled until resumed. */
export const POST = route({ auth: 'user', params: watchIdParams, response: watchResponse }, async ({ db, user, params }) => ok({ watch: await setWatchPaused(db, user.id, params.id, true) }));
