import { authenticateTestCard } from '@/lib/domain/payments';
import { testCardAuthenticateSchema } from '@/lib/domain/payments/schemas';
import { ok, route } from '@/app/api/_lib/route';

/** POST /api/payment/test-card/authenticate (test mode only, else 409 TEST_MODE_DISABLED): the 3-D Secure approve/decline step. */
export const POST = route({ auth: 'user', body: testCardAuthenticateSchema }, async ({ db, user, input }) =>
  ok({ ...(await authenticateTestCard(db, { ...input, userId: user.id })) }),
);
