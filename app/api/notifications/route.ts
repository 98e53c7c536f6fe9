import { listNotifications } from '@/lib/notifications';
import { ok, route } from '@/app/api/_lib/route';

/** GET /api/notifications → {notifications: [{id, kind, params, link, read, created_at}], unread}: the caller's own, newest first. */
export const GET = route({ auth: 'user' }, async ({ db, user }) => ok(await listNotifications(db, user.id)));
