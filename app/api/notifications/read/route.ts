import { markNotificationsRead, markReadSchema } from '@/lib/domain/notifications';
import { ok, route } from '@/app/api/_lib/route';

/** POST /api/notifications/read {ids} | {all: true} → {unread}: only the caller's own notifications change. */
export const POST = route({ auth: 'user', body: markReadSchema }, async ({ db, user, input }) =>
  ok(await markNotificationsRead(db, user.id, 'all' in input ? { all: true } : { ids: input.ids })),
);
