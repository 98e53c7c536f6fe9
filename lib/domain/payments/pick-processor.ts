import 'server-only';
import type { Db } from '@/db/client';
import { env } from '@/env';
import { AppError } from '@/lib/infra/errors';
import { activeProviderName, type PaymentProcessor } from './processor';
import { createStripeProcessor } from './stripe-processor';
import { createTestProcessor } from './test-processor';

// Which implementation of processor.ts serves a payment. Apart from the interface, so the two
// implementations import the interface without importing this choice of them back (issue #34 item 7).

/** The processor new payments go to, bound to `db` (the test mode keeps its intents there). */
export function activeProcessor(db: Db): PaymentProcessor {
  return processorFor(db, activeProviderName());
}

/**
 * The processor that holds a stored payment. A deployment with Stripe keys never verifies
 * test-mode payments: test cards must not turn into real balance there.
 */
export function processorFor(db: Db, provider: string): PaymentProcessor {
  if (provider === 'stripe') {
    if (!env.STRIPE_SECRET_KEY) throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE');
    return createStripeProcessor({ secretKey: env.STRIPE_SECRET_KEY, apiBase: env.STRIPE_API_BASE });
  }
  if (provider === 'test') {
    if (activeProviderName() !== 'test') throw new AppError('TEST_MODE_DISABLED');
    return createTestProcessor(db);
  }
  throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE');
}
