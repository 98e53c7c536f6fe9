import { listNotifications } from '@/lib/domain/notifications';
import { ok, route } from '@/app/api/_lib/route';

/**
 * GET /api/notifications → {notifications: [{id, kind, params, title, body, link, read, created_at}], unread}:
 * the caller's own, newest first, `title` and `body` written in the request's language.
 */
export const GET = route({ auth: 'user' }, async ({ db, user, locale }) => ok(await listNotifications(db, user.id, locale)));
