import { getDb } from '@/db/client';
import { handle, ok, param } from '@/app/api/_lib/handler';
import { requireUser } from '@/app/api/_lib/auth';
import { AppError } from '@/lib/errors';
import { getPayment } from '@/lib/payments';

/** GET /api/payment/payments/{id}: one of the caller's payments (a receipt); another user's is 404. */
export const GET = handle(async (req, ctx) => {
  const user = await requireUser(req);
  const id = Number(await param(ctx, 'id'));
  if (!Number.isSafeInteger(id) || id <= 0) throw new AppError('PAYMENT_NOT_FOUND');
  return ok({ odeme: await getPayment(await getDb(), { userId: user.id, paymentId: id }) });
});
