import 'server-only';
import crypto from 'node:crypto';
import type { Db } from '@/db/client';
import { payments } from '@/db/schema';
import { CURRENCY } from './amounts';
import { activeProcessor } from './pick-processor';
import { assertChargeable, assertTopupAmount, quotePackage } from './quote-payment';

export type CreateIntentRequest =
  | { userId: number; kind: 'balance'; amount: unknown; cardholderName: string }
  | { userId: number; kind: 'package'; packageId: number; platformIds: (string | number)[]; discountCode?: string | null; cardholderName: string };

export type CreatedIntent = {
  paymentIntentId: string;
  clientSecret: string;
  amountCents: number;
  provider: 'stripe' | 'test';
  discountPercent: number;
};

/**
 * Opens a payment: the server computes the amount (§9), asks the processor for an intent with
 * manual capture, and records what was ordered in `payments`, so the confirm step can verify the
 * processor's intent against it. Nothing is credited here.
 */
export async function createPaymentIntent(db: Db, input: CreateIntentRequest): Promise<CreatedIntent> {
  const processor = activeProcessor(db);
  if (input.kind === 'balance') {
    const amountCents = assertTopupAmount(input.amount);
    const intent = await processor.createIntent({
      amountCents,
      currency: CURRENCY,
      description: `Balance top-up $${(amountCents / 100).toFixed(2)}`,
      metadata: { user_id: String(input.userId), payment_kind: 'balance' },
      idempotencyKey: crypto.randomUUID(),
    });
    await db.insert(payments).values({
      intentId: intent.id,
      provider: processor.name,
      userId: input.userId,
      kind: 'balance',
      amountCents,
      currency: CURRENCY,
      status: 'requires_payment_method',
      cardholderName: input.cardholderName,
    });
    return { paymentIntentId: intent.id, clientSecret: intent.clientSecret, amountCents, provider: processor.name, discountPercent: 0 };
  }

  const quote = await quotePackage(db, input);
  assertChargeable(quote.amountCents);
  const intent = await processor.createIntent({
    amountCents: quote.amountCents,
    currency: CURRENCY,
    description: `Package ${quote.packageName} (${quote.platforms.join(', ')})`,
    metadata: {
      user_id: String(input.userId),
      payment_kind: 'package',
      package_id: String(quote.packageId),
      platforms: quote.platforms.join(','),
      ...(quote.discountCodeId ? { discount_code_id: String(quote.discountCodeId), discount_percent: String(quote.discountPercent) } : {}),
    },
    idempotencyKey: crypto.randomUUID(),
  });
  await db.insert(payments).values({
    intentId: intent.id,
    provider: processor.name,
    userId: input.userId,
    kind: 'package',
    amountCents: quote.amountCents,
    currency: CURRENCY,
    status: 'requires_payment_method',
    packageId: quote.packageId,
    platforms: quote.platforms,
    discountCodeId: quote.discountCodeId,
    discountPercent: quote.discountPercent,
    cardholderName: input.cardholderName,
  });
  return {
    paymentIntentId: intent.id,
    clientSecret: intent.clientSecret,
    amountCents: quote.amountCents,
    provider: processor.name,
    discountPercent: quote.discountPercent,
  };
}
