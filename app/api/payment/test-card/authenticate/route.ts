import { getDb } from '@/db/client';
import { handle, ok, parseBody } from '@/app/api/_lib/handler';
import { requireUser } from '@/app/api/_lib/auth';
import { AppError } from '@/lib/errors';
import { activeProviderName, authenticateTestCard } from '@/lib/payments';
import { testCardAuthenticateSchema } from '@/lib/payments/schemas';

/** POST /api/payment/test-card/authenticate (test mode only): the 3-D Secure approve/decline step. */
export const POST = handle(async (req) => {
  const user = await requireUser(req);
  if (activeProviderName() !== 'test') throw new AppError('TEST_MODE_DISABLED');
  const input = await parseBody(req, testCardAuthenticateSchema);
  const result = await authenticateTestCard(await getDb(), { ...input, userId: user.id });
  return ok({ ...result });
});
