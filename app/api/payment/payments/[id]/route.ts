import { z } from 'zod';
import { getPayment } from '@/lib/domain/payments';
import { idParam } from '@/lib/infra/validation';
import { ok, route } from '@/app/api/_lib/route';

/** GET /api/payment/payments/{id}: one of the caller's payments (a receipt, `gorunen_paket_adi` in the request's language); another user's is 404. */
export const GET = route({ auth: 'user', params: z.object({ id: idParam }) }, async ({ db, user, params, locale }) =>
  ok({ odeme: await getPayment(db, { userId: user.id, paymentId: params.id, locale }) }),
);
