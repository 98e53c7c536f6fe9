import 'server-only';
import { env } from '@/env';

/** Stripe's PaymentIntent statuses (both implementations speak them). */
export type IntentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'processing'
  | 'requires_capture'
  | 'succeeded'
  | 'canceled';

/** What the card processor says about one intent: the only source we credit from. */
export type ProcessorIntent = {
  id: string;
  status: IntentStatus;
  amountCents: number;
  currency: string;
  metadata: Record<string, string>;
  /** Stripe's last_payment_error.code and .decline_code, when the last attempt failed. */
  lastErrorCode: string | null;
  lastDeclineCode: string | null;
};

export type CreateIntentInput = {
  amountCents: number;
  currency: string;
  description: string;
  metadata: Record<string, string>;
  idempotencyKey: string;
};

export type ProviderName = 'stripe' | 'test';

/**
 * One interface, two implementations: Stripe PaymentIntents, and the keyless test mode that
 * behaves like Stripe's test mode. Every intent is created with manual capture: the card is
 * authorised in the browser and captured by the server only in the transaction that credits it,
 * so a purchase that cannot be credited (its discount code was used up meanwhile) is released,
 * never charged.
 */
export interface PaymentProcessor {
  readonly name: ProviderName;
  createIntent(input: CreateIntentInput): Promise<ProcessorIntent & { clientSecret: string }>;
  /** null when the processor does not know the id. */
  retrieveIntent(id: string): Promise<ProcessorIntent | null>;
  captureIntent(id: string): Promise<ProcessorIntent>;
  cancelIntent(id: string): Promise<ProcessorIntent>;
}

/** Stripe is used when both keys are set; otherwise the built-in test mode. */
export function activeProviderName(): ProviderName {
  return env.STRIPE_SECRET_KEY && env.NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY ? 'stripe' : 'test';
}

/** What the browser needs to pick its card form. */
export function paymentClientConfig(): { provider: ProviderName; publishableKey: string | null } {
  const provider = activeProviderName();
  return { provider, publishableKey: provider === 'stripe' ? (env.NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY ?? null) : null };
}
