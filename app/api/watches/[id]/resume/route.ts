import { setWatchPaused, watchIdParams, watchResponse } from '@/lib/domain/watches';
import { ok, route } from '@/app/api/_lib/route';

/** POST /api/watches/{id}/resume → {watch}: polled again at once. */
export const POST = route({ auth: 'user', params: watchIdParams, response: watchResponse }, async ({ db, user, params }) => ok({ watch: await setWatchPaused(db, user.id, params.id, false) }));
