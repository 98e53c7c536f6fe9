import { getDb } from '@/db/client';
import { centsToDollars, getBalanceCents } from '@/lib/balance';
import { handle, ok } from '../../_lib/handler';
import { requireUser } from '../../_lib/auth';

/** GET /api/bakiye/kullanici-bakiye → bakiye (dollars, a number). */
export const GET = handle(async (req) => {
  const user = await requireUser(req);
  const cents = await getBalanceCents(await getDb(), user.id);
  return ok({ bakiye: centsToDollars(cents), bakiye_cents: cents });
});
