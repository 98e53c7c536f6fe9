import { getDb } from '@/db/client';
import { MAX_BODY_BYTES, handle, ok } from '@/app/api/_lib/handler';
import { AppError } from '@/lib/errors';
import { handleStripeWebhook } from '@/lib/payments';
import { notifyDashboard } from '@/lib/realtime';

/** POST /api/payment/webhook: Stripe's signed events; the signature is checked on the raw body. */
export const POST = handle(async (req) => {
  const raw = await req.text();
  if (Buffer.byteLength(raw) > MAX_BODY_BYTES) throw new AppError('PAYLOAD_TOO_LARGE');
  const result = await handleStripeWebhook(await getDb(), { rawBody: raw, signature: req.headers.get('stripe-signature') });
  notifyDashboard();
  return ok({ ...result });
});
