import 'server-only';
import crypto from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { testPaymentIntents } from '@/db/schema';
import { AppError } from '@/lib/infra/errors';
import { activeProviderName, type CreateIntentInput, type IntentStatus, type PaymentProcessor, type ProcessorIntent } from './processor';
import { cardInputError, cardOutcome, digitsOnly, type CardInput } from './test-cards';
import { paymentErrorCode } from './error-codes';

type Row = typeof testPaymentIntents.$inferSelect;

/** The test card endpoints exist only while the test mode is the active processor (no Stripe keys). */
function assertTestMode(): void {
  if (activeProviderName() !== 'test') throw new AppError('TEST_MODE_DISABLED');
}

function toIntent(row: Row): ProcessorIntent {
  return {
    id: row.id,
    status: row.status as IntentStatus,
    amountCents: row.amountCents,
    currency: row.currency,
    metadata: row.metadata,
    lastErrorCode: row.lastErrorCode,
    lastDeclineCode: row.lastDeclineCode,
  };
}

/**
 * The keyless test mode (the default): a processor that keeps its intents in
 * test_payment_intents and moves them through Stripe's states for Stripe's test cards.
 * No network, no keys; on a deployment with Stripe keys it is switched off (processorFor).
 */
export function createTestProcessor(db: Db): PaymentProcessor {
  return {
    name: 'test',
    async createIntent(input: CreateIntentInput) {
      const id = `pi_test_${crypto.randomBytes(12).toString('hex')}`;
      const clientSecret = `${id}_secret_${crypto.randomBytes(12).toString('hex')}`;
      const [row] = await db
        .insert(testPaymentIntents)
        .values({ id, clientSecret, amountCents: input.amountCents, currency: input.currency, metadata: input.metadata })
        .returning();
      return { ...toIntent(row!), clientSecret };
    },
    async retrieveIntent(id: string) {
      const [row] = await db.select().from(testPaymentIntents).where(eq(testPaymentIntents.id, id));
      return row ? toIntent(row) : null;
    },
    async captureIntent(id: string) {
      const [row] = await db
        .update(testPaymentIntents)
        .set({ status: 'succeeded', updatedAt: sql`now()` })
        .where(and(eq(testPaymentIntents.id, id), eq(testPaymentIntents.status, 'requires_capture')))
        .returning();
      if (row) return toIntent(row);
      const current = await this.retrieveIntent(id);
      // Capturing an intent that is already captured is answered with the intent, as a retry would expect.
      if (current?.status === 'succeeded') return current;
      throw new AppError('PAYMENT_NOT_PAID');
    },
    async cancelIntent(id: string) {
      const [row] = await db
        .update(testPaymentIntents)
        .set({ status: 'canceled', updatedAt: sql`now()` })
        .where(and(eq(testPaymentIntents.id, id), sql`${testPaymentIntents.status} <> 'succeeded'`))
        .returning();
      if (row) return toIntent(row);
      const current = await this.retrieveIntent(id);
      if (!current) throw new AppError('PAYMENT_NOT_FOUND');
      return current;
    },
  };
}

const CONFIRMABLE = ['requires_payment_method', 'requires_confirmation'];

export type TestCardResult = { status: IntentStatus; paymentIntentId: string };

async function lockOwnIntent(tx: Db, intentId: string, userId: number): Promise<Row> {
  const [row] = await tx.select().from(testPaymentIntents).where(eq(testPaymentIntents.id, intentId)).for('update');
  if (!row || row.metadata.user_id !== String(userId)) throw new AppError('PAYMENT_NOT_FOUND');
  return row;
}

async function fail(tx: Db, id: string, code: string, declineCode: string | null, last4: string | null): Promise<AppError> {
  await tx
    .update(testPaymentIntents)
    .set({ status: 'requires_payment_method', lastErrorCode: code, lastDeclineCode: declineCode, cardLast4: last4, updatedAt: sql`now()` })
    .where(eq(testPaymentIntents.id, id));
  return new AppError(paymentErrorCode(code, declineCode), {
    extra: { status: 'requires_payment_method', cardCode: code, declineCode, paymentIntentId: id },
  });
}

/**
 * The card step of the test mode (what Stripe.js's confirmCardPayment does against Stripe):
 * checks the number (Luhn), expiry and CVC, then applies the test card's outcome. A declined
 * card leaves the intent open for another card, with Stripe's error code; 4000 0025 0000 3155
 * asks for 3-D Secure (requires_action). A card that passes is authorised (requires_capture);
 * the money is captured by the server when it credits the payment.
 */
export async function confirmTestCard(db: Db, input: CardInput & { paymentIntentId: string; userId: number }): Promise<TestCardResult> {
  assertTestMode();
  const outcome = await db.transaction(async (tx) => {
    const row = await lockOwnIntent(tx, input.paymentIntentId, input.userId);
    if (!CONFIRMABLE.includes(row.status)) {
      return new AppError('PAYMENT_INTENT_UNEXPECTED_STATE', { extra: { status: row.status, paymentIntentId: row.id } });
    }
    const number = digitsOnly(input.cardNumber);
    const last4 = /^\d{4,}$/.test(number) ? number.slice(-4) : null;
    const inputError = cardInputError(input);
    if (inputError) return fail(tx, row.id, inputError, null, last4);
    const card = cardOutcome(number);
    if (card.kind === 'declined') return fail(tx, row.id, card.code, card.declineCode ?? null, last4);
    const status: IntentStatus = card.kind === 'requires_authentication' ? 'requires_action' : 'requires_capture';
    await tx
      .update(testPaymentIntents)
      .set({ status, lastErrorCode: null, lastDeclineCode: null, cardLast4: last4, updatedAt: sql`now()` })
      .where(eq(testPaymentIntents.id, row.id));
    return { status, paymentIntentId: row.id } satisfies TestCardResult;
  });
  if (outcome instanceof AppError) throw outcome;
  return outcome;
}

/** The 3-D Secure step of the test mode: approve authorises the card, decline fails like Stripe does. */
export async function authenticateTestCard(db: Db, input: { paymentIntentId: string; userId: number; approve: boolean }): Promise<TestCardResult> {
  assertTestMode();
  const outcome = await db.transaction(async (tx) => {
    const row = await lockOwnIntent(tx, input.paymentIntentId, input.userId);
    if (row.status !== 'requires_action') {
      return new AppError('PAYMENT_INTENT_UNEXPECTED_STATE', { extra: { status: row.status, paymentIntentId: row.id } });
    }
    if (!input.approve) return fail(tx, row.id, 'payment_intent_authentication_failure', null, row.cardLast4);
    await tx
      .update(testPaymentIntents)
      .set({ status: 'requires_capture', updatedAt: sql`now()` })
      .where(eq(testPaymentIntents.id, row.id));
    return { status: 'requires_capture', paymentIntentId: row.id } satisfies TestCardResult;
  });
  if (outcome instanceof AppError) throw outcome;
  return outcome;
}
