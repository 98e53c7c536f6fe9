import { centsToDollars, getBalanceCents } from '@/lib/domain/balance';
import { ok, route } from '@/app/api/_lib/route';

/** GET /api/bakiye/kullanici-bakiye → bakiye (dollars, a number). */
export const GET = route({ auth: 'user' }, async ({ db, user }) => {
  const cents = await getBalanceCents(db, user.id);
  return ok({ bakiye: centsToDollars(cents), bakiye_cents: cents });
});
