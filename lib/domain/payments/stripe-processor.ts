import 'server-only';
import Stripe from 'stripe';
import { AppError } from '@/lib/infra/errors';
import { logger } from '@/logger';
import type { CreateIntentInput, IntentStatus, PaymentProcessor, ProcessorIntent } from './processor';

export type StripeOptions = { secretKey: string; apiBase?: string };

type Global = typeof globalThis & { __etkStripe?: Map<string, Stripe> };
const g = globalThis as Global;

/** One SDK client per key and API base (STRIPE_API_BASE points it at a stand-in in tests). */
export function stripeClient(options: StripeOptions): Stripe {
  const cacheKey = `${options.secretKey}|${options.apiBase ?? ''}`;
  g.__etkStripe ??= new Map();
  let client = g.__etkStripe.get(cacheKey);
  if (!client) {
    const base = options.apiBase ? new URL(options.apiBase) : null;
    client = new Stripe(options.secretKey, {
      maxNetworkRetries: 2,
      timeout: 20_000,
      telemetry: false,
      ...(base
        ? {
            host: base.hostname,
            port: base.port || (base.protocol === 'http:' ? 80 : 443),
            protocol: base.protocol === 'http:' ? 'http' : 'https',
          }
        : {}),
    });
    g.__etkStripe.set(cacheKey, client);
  }
  return client;
}

export function intentFromStripe(pi: Stripe.PaymentIntent): ProcessorIntent {
  return {
    id: pi.id,
    status: pi.status as IntentStatus,
    amountCents: pi.amount,
    currency: pi.currency,
    metadata: (pi.metadata ?? {}) as Record<string, string>,
    lastErrorCode: pi.last_payment_error?.code ?? null,
    lastDeclineCode: pi.last_payment_error?.decline_code ?? null,
  };
}

function unavailable(err: unknown): AppError {
  logger.error({ err }, 'stripe request failed');
  return new AppError('PAYMENT_PROVIDER_UNAVAILABLE');
}

/**
 * Stripe PaymentIntents (when STRIPE_SECRET_KEY and the publishable key are set). The card is
 * confirmed in the browser with Stripe Elements; the server creates, retrieves, captures and
 * cancels intents. Manual capture: see PaymentProcessor.
 */
export function createStripeProcessor(options: StripeOptions): PaymentProcessor {
  const stripe = stripeClient(options);
  const retrieve = async (id: string): Promise<ProcessorIntent | null> => {
    try {
      return intentFromStripe(await stripe.paymentIntents.retrieve(id));
    } catch (err) {
      if (err instanceof Stripe.errors.StripeInvalidRequestError && err.statusCode === 404) return null;
      throw unavailable(err);
    }
  };
  return {
    name: 'stripe',
    async createIntent(input: CreateIntentInput) {
      try {
        const pi = await stripe.paymentIntents.create(
          {
            amount: input.amountCents,
            currency: input.currency,
            capture_method: 'manual',
            automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
            description: input.description,
            metadata: input.metadata,
          },
          { idempotencyKey: input.idempotencyKey },
        );
        return { ...intentFromStripe(pi), clientSecret: pi.client_secret ?? '' };
      } catch (err) {
        throw unavailable(err);
      }
    },
    retrieveIntent: retrieve,
    async captureIntent(id: string) {
      try {
        return intentFromStripe(await stripe.paymentIntents.capture(id, {}, { idempotencyKey: `capture-${id}` }));
      } catch (err) {
        // Already captured (a crash after capture, before our commit): the intent says so.
        const current = await retrieve(id);
        if (current?.status === 'succeeded') return current;
        if (err instanceof Stripe.errors.StripeError && err.type !== 'StripeConnectionError' && err.type !== 'StripeAPIError') {
          throw new AppError('PAYMENT_NOT_PAID');
        }
        throw unavailable(err);
      }
    },
    async cancelIntent(id: string) {
      try {
        return intentFromStripe(await stripe.paymentIntents.cancel(id));
      } catch (err) {
        const current = await retrieve(id);
        if (current && (current.status === 'canceled' || current.status === 'succeeded')) return current;
        throw unavailable(err);
      }
    },
  };
}
