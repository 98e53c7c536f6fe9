import { getDb } from '@/db/client';
import { handle, ok, parseBody } from '@/app/api/_lib/handler';
import { requireUser } from '@/app/api/_lib/auth';
import { AppError } from '@/lib/errors';
import { activeProviderName, confirmTestCard } from '@/lib/payments';
import { testCardConfirmSchema } from '@/lib/payments/schemas';

/**
 * POST /api/payment/test-card/confirm (test mode only): the card step Stripe.js does against
 * Stripe. Settles the intent like Stripe's test mode; crediting is confirm-payment's job.
 */
export const POST = handle(async (req) => {
  const user = await requireUser(req);
  if (activeProviderName() !== 'test') throw new AppError('TEST_MODE_DISABLED');
  const input = await parseBody(req, testCardConfirmSchema);
  const result = await confirmTestCard(await getDb(), { ...input, userId: user.id });
  return ok({ ...result });
});
