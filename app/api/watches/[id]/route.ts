import { deleteWatch, getWatch, updateWatch, updateWatchSchema, watchDetailResponse, watchIdParams, watchResponse } from '@/lib/domain/watches';
import { ok, route } from '@/app/api/_lib/route';

/** GET /api/watches/{id} → {watch: {…, posts: [{post_id, url, status, reason, orders: [{task_id, number, service, status}]}]}}; another customer's is 404. */
export const GET = route({ auth: 'user', params: watchIdParams, response: watchDetailResponse }, async ({ db, user, params }) => ok({ watch: await getWatch(db, user.id, params.id) }));

/** PATCH /api/watches/{id} {services?, profile_ids?, prompt?, delay_minutes?, spread_minutes?, max_posts_per_day?, ends_at?, contains?} → {watch}. */
export const PATCH = route({ auth: 'user', params: watchIdParams, body: updateWatchSchema, response: watchResponse }, async ({ db, user, params, input }) =>
  ok({ watch: await updateWatch(db, user.id, params.id, input) }),
);

/** DELETE /api/watches/{id} → {success: true}: the watch and its list of posts go; its orders stay. */
export const DELETE = route({ auth: 'user', params: watchIdParams }, async ({ db, user, params }) => {
  await deleteWatch(db, user.id, params.id);
  return ok({});
});
