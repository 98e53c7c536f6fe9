import { confirmTestCard } from '@/lib/domain/payments';
import { testCardConfirmSchema } from '@/lib/domain/payments/schemas';
import { ok, route } from '@/app/api/_lib/route';

/**
 * POST /api/payment/test-card/confirm (test mode only, else 409 TEST_MODE_DISABLED): the card step
 * Stripe.js does against Stripe. Settles the intent like Stripe's test mode; crediting is
 * confirm-payment's job.
 */
export const POST = route({ auth: 'user', body: testCardConfirmSchema }, async ({ db, user, input }) =>
  ok({ ...(await confirmTestCard(db, { ...input, userId: user.id })) }),
);
