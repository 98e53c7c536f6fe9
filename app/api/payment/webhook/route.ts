import { handleStripeWebhook } from '@/lib/domain/payments';
import { notifyDashboard } from '@/lib/infra/realtime';
import { ok, route } from '@/app/api/_lib/route';

/**
 * POST /api/payment/webhook: Stripe's signed events. Public (Stripe has no session); the
 * signature is checked on the raw body, so the wrapper hands it over unparsed (at most 1 MB).
 */
export const POST = route({ auth: 'public', body: 'raw' }, async ({ req, db, input }) => {
  const result = await handleStripeWebhook(db, { rawBody: input, signature: req.headers.get('stripe-signature') });
  notifyDashboard();
  return ok({ ...result });
});
