import { unsubscribeSchema, unsubscribeWithToken } from '@/lib/domain/notifications';
import { ok, route } from '@/app/api/_lib/route';

/**
 * POST /api/notifications/unsubscribe {u, c, s} → {}: the signed link of a notification mail turns
 * that category's mails off, without a login; again changes nothing; a forged link is 400.
 */
export const POST = route({ auth: 'public', body: unsubscribeSchema }, async ({ db, input }) => {
  await unsubscribeWithToken(db, input);
  return ok();
});
