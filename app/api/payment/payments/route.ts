import { getDb } from '@/db/client';
import { handle, ok } from '@/app/api/_lib/handler';
import { requireUser } from '@/app/api/_lib/auth';
import { listPayments } from '@/lib/payments';

/** GET /api/payment/payments: the caller's own payments, newest first. */
export const GET = handle(async (req) => {
  const user = await requireUser(req);
  const limit = Number(new URL(req.url).searchParams.get('limit') ?? 50);
  return ok({ odemeler: await listPayments(await getDb(), { userId: user.id, limit: Number.isFinite(limit) ? limit : 50 }) });
});
