import { createWatch, createWatchSchema, listWatches, watchListResponse, watchResponse } from '@/lib/domain/watches';
import { ok, route } from '@/app/api/_lib/route';

/** GET /api/watches → {watches: [...]}: the caller's own (issue #37, docs/watch.md). */
export const GET = route({ auth: 'user', response: watchListResponse }, async ({ db, user }) => ok({ watches: await listWatches(db, user.id) }));

/** POST /api/watches {platform, account, services, profile_ids, prompt?, delay_minutes: [min, max], spread_minutes, max_posts_per_day, ends_at, contains?} → 201 {watch}. */
export const POST = route({ auth: 'user', body: createWatchSchema, response: watchResponse }, async ({ db, user, input }) => ok({ watch: await createWatch(db, user.id, input) }, 201));
