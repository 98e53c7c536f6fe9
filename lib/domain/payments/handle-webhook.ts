import 'server-only';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Db } from '@/db/client';
import { paymentEvents, payments } from '@/db/schema';
import { env } from '@/env';
import { AppError, isAppError } from '@/lib/infra/errors';
import { logger } from '@/logger';
import { intentFromStripe, stripeClient } from './stripe-processor';
import { settlePayment } from './settle-payment';

export type WebhookResult = { received: true; duplicate: boolean; outcome: string };

/** Errors that mean "this event will never credit anything": answered 200 so Stripe stops retrying. */
const FINAL = new Set(['PAYMENT_NOT_FOUND', 'PAYMENT_MISMATCH', 'PAYMENT_NOT_VERIFIED', 'TEST_MODE_DISABLED']);

/**
 * POST /api/payment/webhook: the second road to the same credit as confirm-payment. The
 * signature is checked on the raw body with STRIPE_WEBHOOK_SECRET; an event id seen before is
 * acknowledged and skipped. The event is recorded only after it was handled, so a failure
 * (answered 500) is retried by Stripe; handling twice is harmless anyway (credited_at).
 */
export async function handleStripeWebhook(db: Db, input: { rawBody: string; signature: string | null }): Promise<WebhookResult> {
  const secret = env.STRIPE_WEBHOOK_SECRET;
  // Without Stripe keys the endpoint does not exist for this deployment: 404, not a server error.
  if (!secret || !env.STRIPE_SECRET_KEY) throw new AppError('WEBHOOK_NOT_CONFIGURED');
  if (!input.signature) throw new AppError('WEBHOOK_SIGNATURE_INVALID');
  let event: Stripe.Event;
  try {
    event = stripeClient({ secretKey: env.STRIPE_SECRET_KEY, apiBase: env.STRIPE_API_BASE }).webhooks.constructEvent(input.rawBody, input.signature, secret);
  } catch {
    throw new AppError('WEBHOOK_SIGNATURE_INVALID');
  }

  const [seen] = await db.select({ id: paymentEvents.eventId }).from(paymentEvents).where(eq(paymentEvents.eventId, event.id));
  if (seen) return { received: true, duplicate: true, outcome: 'duplicate' };

  let outcome = 'ignored';
  if (event.type.startsWith('payment_intent.')) {
    const intent = intentFromStripe(event.data.object as Stripe.PaymentIntent);
    switch (event.type) {
      case 'payment_intent.amount_capturable_updated':
      case 'payment_intent.succeeded':
        try {
          const settled = await settlePayment(db, { intentId: intent.id, intent });
          outcome = settled.alreadyCredited ? 'already_credited' : 'credited';
        } catch (err) {
          if (!isAppError(err) || err.status >= 500) throw err;
          // Not ours, or not creditable (released, declined…): recorded on the payment, nothing to retry.
          outcome = err.code;
          if (!FINAL.has(err.code)) logger.info({ eventId: event.id, code: err.code }, 'webhook event did not credit');
        }
        break;
      case 'payment_intent.payment_failed':
      case 'payment_intent.canceled':
        await db
          .update(payments)
          .set({
            status: event.type === 'payment_intent.canceled' ? 'canceled' : 'failed',
            failureCode: intent.lastDeclineCode ?? intent.lastErrorCode ?? sql`${payments.failureCode}`,
            updatedAt: sql`now()`,
          })
          .where(and(eq(payments.intentId, intent.id), isNull(payments.creditedAt)));
        outcome = 'recorded';
        break;
    }
  }
  await db.insert(paymentEvents).values({ eventId: event.id, type: event.type }).onConflictDoNothing();
  return { received: true, duplicate: false, outcome };
}
