import { z } from 'zod';
import { listPayments } from '@/lib/domain/payments';
import { int } from '@/lib/infra/validation';
import { ok, route } from '@/app/api/_lib/route';

const query = z.object({ limit: int({ min: 1, max: 200 }).optional() });

/**
 * GET /api/payment/payments?limit=: the caller's own payments, newest first; `paket_adi` is the
 * package's Turkish name, `gorunen_paket_adi` its name in the request's language.
 */
export const GET = route({ auth: 'user', query }, async ({ db, user, query, locale }) =>
  ok({ odemeler: await listPayments(db, { userId: user.id, limit: query.limit, locale }) }),
);
