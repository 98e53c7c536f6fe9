import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { setupTestDb, onPostgres } from '@/test/fixtures/db';
import { call } from '@/test/http';
import { startStripeStandIn, type StripeStandIn } from '@/test/stripe-stand-in';
import { balanceLedger, mailOutbox, paymentEvents, payments, users } from '@/db/schema';
import { signToken } from '@/lib/domain/credentials';

// The Stripe implementation, configured the way a deployment with keys is, pointed at the
// stand-in. Each vitest project gets its own port (both may run at once).
const PORT = process.env.TEST_DB === 'postgres' ? 3602 : 3601;
const WEBHOOK_SECRET = 'whsec_stand_in_secret';
vi.hoisted(() => {
  const port = process.env.TEST_DB === 'postgres' ? 3602 : 3601;
  process.env.STRIPE_SECRET_KEY = 'sk_test_stand_in';
  process.env.NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY = 'pk_test_stand_in';
  process.env.STRIPE_WEBHOOK_SECRET = 'whsec_stand_in_secret';
  process.env.STRIPE_API_BASE = `http://127.0.0.1:${port}`;
});

const { POST: createIntent } = await import('@/app/api/payment/create-payment-intent/route');
const { POST: confirmPayment } = await import('@/app/api/payment/confirm-payment/route');
const { POST: webhook } = await import('@/app/api/payment/webhook/route');
const { POST: testCardConfirm } = await import('@/app/api/payment/test-card/confirm/route');

const t = setupTestDb({ asAppDb: true });
let stripe: StripeStandIn;

async function customer(email: string) {
  const [u] = await t.db.insert(users).values({ adSoyad: 'Stripe Müşteri', email, passwordHash: 'x' }).returning();
  return { id: u!.id, token: await signToken(t.db, u!, 'user') };
}

async function balanceOf(userId: number) {
  const [u] = await t.db.select({ b: users.bakiyeCents }).from(users).where(eq(users.id, userId));
  return u!.b;
}

function signed(event: object, secret = WEBHOOK_SECRET) {
  const payload = JSON.stringify(event);
  const header = Stripe.webhooks.generateTestHeaderString({ payload, secret });
  return call(webhook, { rawBody: payload, headers: { 'stripe-signature': header, 'content-type': 'application/json' } });
}

async function topup(c: { token: string }, amount = 2500) {
  const res = await call(createIntent, { token: c.token, body: { amount, type: 'balance', cardholderName: 'S' } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { paymentIntentId: string; clientSecret: string; provider: string; amount: number };
}

beforeAll(async () => {
  stripe = await startStripeStandIn({ port: PORT, secretKey: 'sk_test_stand_in' });
});
afterAll(async () => {
  await stripe?.close();
});

describe('the Stripe implementation', () => {
  it('creates a manual-capture PaymentIntent for the server’s amount and credits it after the browser confirmed the card', async () => {
    const c = await customer('stripe-topup@example.com');
    const created = await topup(c, 2500);
    expect(created.provider).toBe('stripe');
    expect(created.paymentIntentId).toMatch(/^pi_/);
    const pi = stripe.intents.get(created.paymentIntentId)!;
    expect(pi).toMatchObject({ amount: 2500, currency: 'usd', capture_method: 'manual', metadata: { user_id: String(c.id), payment_kind: 'balance' } });
    expect(created.clientSecret).toBe(pi.client_secret);

    const unpaid = await call(confirmPayment, { token: c.token, body: { paymentIntentId: created.paymentIntentId } });
    expect(unpaid.status).toBe(402);
    expect(unpaid.body.code).toBe('PAYMENT_NOT_PAID');

    stripe.confirm(created.paymentIntentId, 'pm_card_visa');
    const done = await call(confirmPayment, { token: c.token, body: { paymentIntentId: created.paymentIntentId } });
    expect(done.body).toMatchObject({ success: true, alreadyCredited: false, bakiye: 25 });
    expect(stripe.intents.get(created.paymentIntentId)!.status).toBe('succeeded');
    expect(await balanceOf(c.id)).toBe(2500);
  });

  it('reports a declined card with its localized message and credits nothing', async () => {
    const c = await customer('stripe-declined@example.com');
    const created = await topup(c, 1000);
    stripe.confirm(created.paymentIntentId, 'pm_card_chargeDeclinedInsufficientFunds');
    const res = await call(confirmPayment, { token: c.token, body: { paymentIntentId: created.paymentIntentId }, headers: { 'accept-language': 'de' } });
    expect(res.status).toBe(402);
    expect(res.body).toMatchObject({ code: 'PAYMENT_INSUFFICIENT_FUNDS', mesaj: 'Ihre Karte ist nicht ausreichend gedeckt.' });
    const [row] = await t.db.select().from(payments).where(eq(payments.intentId, created.paymentIntentId));
    expect(row).toMatchObject({ status: 'failed', failureCode: 'insufficient_funds', creditedAt: null });
    expect(await balanceOf(c.id)).toBe(0);
  });

  it('switches the test-card endpoint off when Stripe keys are set', async () => {
    const c = await customer('stripe-testcard@example.com');
    const created = await topup(c, 1000);
    const res = await call(testCardConfirm, { token: c.token, body: { paymentIntentId: created.paymentIntentId, cardNumber: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123' } });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('TEST_MODE_DISABLED');
  });
});

describe('the Stripe webhook', () => {
  it('credits a payment from a signed event, once, and acknowledges a repeated event id', async () => {
    const c = await customer('stripe-webhook@example.com');
    const created = await topup(c, 5000);
    const authorised = stripe.confirm(created.paymentIntentId, 'pm_card_visa');
    const event = stripe.event('payment_intent.amount_capturable_updated', authorised);
    const first = await signed(event);
    expect(first.body).toMatchObject({ success: true, received: true, duplicate: false, outcome: 'credited' });
    const repeat = await signed(event);
    expect(repeat.body).toMatchObject({ success: true, duplicate: true });
    const later = await signed(stripe.event('payment_intent.succeeded', stripe.intents.get(created.paymentIntentId)!));
    expect(later.body).toMatchObject({ outcome: 'already_credited' });
    const client = await call(confirmPayment, { token: c.token, body: { paymentIntentId: created.paymentIntentId } });
    expect(client.body).toMatchObject({ success: true, alreadyCredited: true, bakiye: 50 });
    expect(await balanceOf(c.id)).toBe(5000);
    expect(await t.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, event.id))).toHaveLength(1);
  });

  it('refuses an event with a wrong or missing signature and credits nothing', async () => {
    const c = await customer('stripe-forged@example.com');
    const created = await topup(c, 1000);
    const authorised = stripe.confirm(created.paymentIntentId, 'pm_card_visa');
    const forged = await signed(stripe.event('payment_intent.succeeded', { ...authorised, status: 'succeeded' }), 'whsec_someone_else');
    expect(forged.status).toBe(400);
    expect(forged.body.code).toBe('WEBHOOK_SIGNATURE_INVALID');
    const unsigned = await call(webhook, { rawBody: JSON.stringify(stripe.event('payment_intent.succeeded', authorised)) });
    expect(unsigned.status).toBe(400);
    expect(await balanceOf(c.id)).toBe(0);
  });

  it('ignores a signed event for an intent that is not ours', async () => {
    const res = await signed(stripe.event('payment_intent.succeeded', { ...stripe.confirm((await topup(await customer('stripe-other@example.com'), 1000)).paymentIntentId, 'pm_card_visa'), id: 'pi_not_ours' }));
    expect(res.status).toBe(200);
    expect(res.body.outcome).toBe('PAYMENT_NOT_FOUND');
  });

  it.runIf(onPostgres())('credits once when 20 confirms and webhooks for one intent arrive at once (PostgreSQL)', async () => {
    const c = await customer('stripe-race@example.com');
    const created = await topup(c, 10000);
    const authorised = stripe.confirm(created.paymentIntentId, 'pm_card_visa');
    const capturesBefore = stripe.captureCalls();
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2 === 0
          ? call(confirmPayment, { token: c.token, body: { paymentIntentId: created.paymentIntentId } })
          : signed(stripe.event('payment_intent.amount_capturable_updated', authorised)),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    const credits = results.filter((r) => r.body.alreadyCredited === false || r.body.outcome === 'credited');
    expect(credits).toHaveLength(1);
    expect(stripe.captureCalls() - capturesBefore).toBe(1);
    expect(await balanceOf(c.id)).toBe(10000);
    expect(await t.db.select().from(balanceLedger).where(eq(balanceLedger.userId, c.id))).toHaveLength(1);
    expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'stripe-race@example.com'))).toHaveLength(1);
  });
});
