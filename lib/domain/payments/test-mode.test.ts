import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { setupTestDb, onPostgres } from '@/test/fixtures/db';
import { insertPackages } from '@/test/fixtures/packages';
import { call } from '@/test/http';
import {
  balanceLedger,
  discountCodePackages,
  discountCodes,
  discountRedemptions,
  mailOutbox,
  payments,
  platforms,
  testPaymentIntents,
  userPackages,
  users,
} from '@/db/schema';
import { signToken } from '@/lib/domain/credentials';
import { POST as createIntent } from '@/app/api/payment/create-payment-intent/route';
import { POST as confirmPayment } from '@/app/api/payment/confirm-payment/route';
import { POST as testCardConfirm } from '@/app/api/payment/test-card/confirm/route';
import { POST as testCardAuthenticate } from '@/app/api/payment/test-card/authenticate/route';
import { POST as quote } from '@/app/api/payment/quote/route';
import { GET as listPaymentsRoute } from '@/app/api/payment/payments/route';
import { GET as getPaymentRoute } from '@/app/api/payment/payments/[id]/route';
import { settlePayment } from './index';

const t = setupTestDb({ asAppDb: true });
let packageId: number;
const DAY = 24 * 3600 * 1000;
const NEXT_YEAR = new Date().getFullYear() + 1;

type Customer = { id: number; token: string };

async function customer(email: string, locale = 'tr'): Promise<Customer> {
  const [u] = await t.db.insert(users).values({ adSoyad: `Ayşe ${email}`, email, passwordHash: 'x', locale }).returning();
  return { id: u!.id, token: await signToken(t.db, u!, 'user') };
}

async function balanceOf(userId: number): Promise<number> {
  const [u] = await t.db.select({ b: users.bakiyeCents }).from(users).where(eq(users.id, userId));
  return u!.b;
}

async function topupIntent(c: Customer, amount = 2500): Promise<string> {
  const res = await call(createIntent, { token: c.token, body: { amount, type: 'balance', cardholderName: 'Ayşe Yılmaz' } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.paymentIntentId as string;
}

function pay(c: Customer, paymentIntentId: string, cardNumber = '4242 4242 4242 4242', extra: Partial<{ expMonth: number; expYear: number; cvc: string }> = {}) {
  return call(testCardConfirm, { token: c.token, body: { paymentIntentId, cardNumber, expMonth: 12, expYear: NEXT_YEAR, cvc: '123', ...extra } });
}

function confirm(c: Customer, paymentIntentId: string) {
  return call(confirmPayment, { token: c.token, body: { paymentIntentId, amount: 999999, type: 'balance' } });
}

async function makeCode(kod: string, percent: number, max: number, used = 0): Promise<number> {
  const [code] = await t.db
    .insert(discountCodes)
    .values({ kod, indirimYuzdesi: percent, maksimumKullanim: max, kullanilanSayisi: used, bitisTarihi: new Date(Date.now() + 10 * DAY) })
    .returning();
  await t.db.insert(discountCodePackages).values({ codeId: code!.id, packageId });
  return code!.id;
}

beforeAll(async () => {
  await t.db.insert(platforms).values([
    { ad: 'twitter', aktif: true, sortOrder: 0 },
    { ad: 'instagram', aktif: true, sortOrder: 1 },
    { ad: 'youtube', aktif: true, sortOrder: 2 },
  ]);
  const [pkg] = await insertPackages(t.db, [{ ad: 'Profesyonel', prices: { instagram: 999, twitter: 1499, youtube: 333 }, gunlukLimit: 50, profilLimit: 15 }]);
  packageId = pkg!.id;
});

describe('a balance top-up in test mode', () => {
  it('credits $25 paid with 4242 once, answers the new balance and queues one receipt in the user’s language', async () => {
    const c = await customer('topup@example.com', 'en');
    const id = await topupIntent(c, 2500);
    expect(id).toMatch(/^pi_test_/);
    expect(await balanceOf(c.id)).toBe(0);

    const card = await pay(c, id);
    expect(card.body).toMatchObject({ success: true, status: 'requires_capture' });
    const first = await confirm(c, id);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ success: true, alreadyCredited: false, bakiye: 25, bakiye_cents: 2500, mesaj: 'Bakiye başarıyla eklendi!' });

    const again = await confirm(c, id);
    expect(again.body).toMatchObject({ success: true, alreadyCredited: true, bakiye: 25 });
    expect(await balanceOf(c.id)).toBe(2500);
    const ledger = await t.db.select().from(balanceLedger).where(eq(balanceLedger.userId, c.id));
    expect(ledger).toHaveLength(1);
    const [intent] = await t.db.select().from(testPaymentIntents).where(eq(testPaymentIntents.id, id));
    expect(intent).toMatchObject({ status: 'succeeded', cardLast4: '4242' });
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'topup@example.com'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/^Payment receipt: \$25\.00/);
    expect(mails[0]!.text).toContain('Balance top-up: $25.00');
  });

  it('refuses any amount other than $10, $25, $50 or $100 before a payment exists', async () => {
    const c = await customer('amounts@example.com');
    for (const amount of [1234, 0, -1000, 2500.5, 100000]) {
      const res = await call(createIntent, { token: c.token, body: { amount, type: 'balance', cardholderName: 'A' } });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('TOPUP_AMOUNT_INVALID');
    }
    expect(await t.db.select().from(payments).where(eq(payments.userId, c.id))).toHaveLength(0);
    for (const amount of [1000, 5000, 10000]) {
      expect((await call(createIntent, { token: c.token, body: { amount, cardholderName: 'A' } })).body.amount).toBe(amount);
    }
  });

  it('asks for the cardholder’s name and a login', async () => {
    const c = await customer('name@example.com');
    const res = await call(createIntent, { token: c.token, body: { amount: 1000, type: 'balance', cardholderName: '  ' } });
    expect(res.status).toBe(400);
    expect(res.body.mesaj).toBe('Kart sahibinin adını girin.');
    expect((await call(createIntent, { body: { amount: 1000, type: 'balance', cardholderName: 'A' } })).status).toBe(401);
  });
});

describe('Stripe’s test cards in test mode', () => {
  const declines: [string, string, string][] = [
    ['4000 0000 0000 0002', 'CARD_DECLINED', 'Kartınız reddedildi.'],
    ['4000 0000 0000 9995', 'PAYMENT_INSUFFICIENT_FUNDS', 'Kartınızda yeterli bakiye yok.'],
    ['4000 0000 0000 0069', 'CARD_EXPIRED', 'Kartınızın süresi dolmuş.'],
    ['4000 0000 0000 0127', 'CARD_INCORRECT_CVC', 'Kartın güvenlik kodu hatalı.'],
  ];
  for (const [number, code, mesaj] of declines) {
    it(`declines ${number} with ${code}, credits nothing and lets another card pay`, async () => {
      const c = await customer(`card-${code}@example.com`);
      const id = await topupIntent(c, 1000);
      const res = await pay(c, id, number);
      expect(res.status).toBe(402);
      expect(res.body).toMatchObject({ success: false, code, mesaj, status: 'requires_payment_method' });
      const confirmed = await confirm(c, id);
      expect(confirmed.status).toBe(402);
      expect(confirmed.body.code).toBe(code);
      expect(await balanceOf(c.id)).toBe(0);
      expect((await pay(c, id)).body.status).toBe('requires_capture');
      expect((await confirm(c, id)).body).toMatchObject({ success: true, bakiye: 10 });
    });
  }

  it('checks the number (Luhn), expiry and CVC like Stripe', async () => {
    const c = await customer('checks@example.com');
    const id = await topupIntent(c, 1000);
    expect((await pay(c, id, '4242 4242 4242 4241')).body.code).toBe('CARD_INCORRECT_NUMBER');
    expect((await pay(c, id, '4242 4242')).body.code).toBe('CARD_INCOMPLETE_NUMBER');
    expect((await pay(c, id, '')).body.code).toBe('CARD_INCOMPLETE_NUMBER');
    expect((await pay(c, id, '4242 abcd 4242 4242')).body.code).toBe('CARD_INVALID_NUMBER');
    expect((await pay(c, id, undefined, { expMonth: 13 })).body.code).toBe('CARD_INVALID_EXPIRY_MONTH');
    // Each field's problem has its own code, which the card form shows under that field (issue #32 item 8).
    expect((await pay(c, id, undefined, { expYear: 2001 })).body).toMatchObject({ code: 'CARD_EXPIRY_PAST', mesaj: 'Son kullanma tarihi geçmişte kalmış.' });
    expect((await pay(c, id, undefined, { cvc: '12' })).body).toMatchObject({ code: 'CARD_INCOMPLETE_CVC', mesaj: 'Güvenlik kodu (CVC) eksik.' });
    expect((await pay(c, id, undefined, { cvc: '1234' })).body.code).toBe('CARD_INVALID_CVC');
    expect((await pay(c, id, '3782 822463 10005', { cvc: '123' })).body.code).toBe('CARD_INCOMPLETE_CVC');
    expect((await pay(c, id, '3782 822463 10005', { cvc: '1234' })).body.status).toBe('requires_capture');
  });

  it('asks 4000 0025 0000 3155 for 3-D Secure: approving pays, declining fails with the authentication error', async () => {
    const c = await customer('threeds@example.com');
    const id = await topupIntent(c, 5000);
    expect((await pay(c, id, '4000 0025 0000 3155')).body).toMatchObject({ success: true, status: 'requires_action' });
    const early = await confirm(c, id);
    expect(early.status).toBe(402);
    expect(early.body.code).toBe('PAYMENT_REQUIRES_ACTION');
    const declined = await call(testCardAuthenticate, { token: c.token, body: { paymentIntentId: id, approve: false } });
    expect(declined.status).toBe(402);
    expect(declined.body.code).toBe('CARD_AUTHENTICATION_REQUIRED');
    expect((await confirm(c, id)).body.code).toBe('CARD_AUTHENTICATION_REQUIRED');
    expect(await balanceOf(c.id)).toBe(0);

    expect((await pay(c, id, '4000 0025 0000 3155')).body.status).toBe('requires_action');
    const approved = await call(testCardAuthenticate, { token: c.token, body: { paymentIntentId: id, approve: true } });
    expect(approved.body).toMatchObject({ success: true, status: 'requires_capture' });
    expect((await confirm(c, id)).body).toMatchObject({ success: true, bakiye: 50 });
  });

  it('will not confirm a card on an intent that is already paid', async () => {
    const c = await customer('twice@example.com');
    const id = await topupIntent(c, 1000);
    await pay(c, id);
    await confirm(c, id);
    const res = await pay(c, id);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('PAYMENT_INTENT_UNEXPECTED_STATE');
  });
});

describe('intents that must credit nothing', () => {
  it('refuses a forged simulated_payment_ id, an unknown id, an unpaid intent and someone else’s paid intent, saying why', async () => {
    const owner = await customer('owner@example.com');
    const thief = await customer('thief@example.com');

    const forged = await confirm(thief, `simulated_payment_${Date.now()}`);
    expect(forged.status).toBe(400);
    expect(forged.body).toMatchObject({ success: false, code: 'PAYMENT_SIMULATED' });
    expect(forged.body.mesaj).toMatch(/tarafımızca verilmedi/);

    const unknown = await confirm(thief, 'pi_test_doesnotexist');
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('PAYMENT_NOT_FOUND');

    const unpaid = await topupIntent(thief, 10000);
    const unpaidRes = await confirm(thief, unpaid);
    expect(unpaidRes.status).toBe(402);
    expect(unpaidRes.body.code).toBe('PAYMENT_NOT_PAID');

    const owners = await topupIntent(owner, 2500);
    const stolenCard = await pay(thief, owners);
    expect(stolenCard.status).toBe(404);
    await pay(owner, owners);
    const stolen = await confirm(thief, owners);
    expect(stolen.status).toBe(404);
    expect(stolen.body.code).toBe('PAYMENT_NOT_FOUND');

    expect(await balanceOf(thief.id)).toBe(0);
    expect(await balanceOf(owner.id)).toBe(0);
    expect((await confirm(owner, owners)).body).toMatchObject({ success: true, bakiye: 25 });
  });

  it('refuses to credit an intent whose processor record does not match what was ordered', async () => {
    const c = await customer('mismatch@example.com');
    const id = await topupIntent(c, 1000);
    await pay(c, id);
    await t.db.update(testPaymentIntents).set({ amountCents: 100 }).where(eq(testPaymentIntents.id, id));
    const res = await confirm(c, id);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('PAYMENT_MISMATCH');
    expect(await balanceOf(c.id)).toBe(0);
  });
});

describe('a package purchase', () => {
  it('charges the server’s price for two platforms with a 50 % code, ignoring the client’s amount, and gives both subscriptions', async () => {
    const c = await customer('buyer@example.com');
    const codeId = await makeCode('YARIYARIYA', 50, 5);
    const q = await call(quote, { token: c.token, body: { packageId, platformIds: ['twitter', 'youtube'], discountCode: ' yariyariya ' } });
    // (1499 + 333) × 0.5 = 916 exactly.
    expect(q.body).toMatchObject({ success: true, amount: 916, ara_toplam: 1832, indirim_yuzdesi: 50 });

    const created = await call(createIntent, {
      token: c.token,
      body: { amount: 1, packageId, platformIds: ['twitter', 'youtube'], discountCode: 'yariyariya', cardholderName: 'Ayşe Yılmaz' },
    });
    expect(created.body).toMatchObject({ success: true, amount: 916 });
    const id = created.body.paymentIntentId as string;
    await pay(c, id);
    const done = await call(confirmPayment, { token: c.token, body: { paymentIntentId: id, packageId, platformIds: ['twitter'], amount: 1 } });
    expect(done.body).toMatchObject({ success: true, mesaj: 'Paketiniz başarıyla satın alındı!' });
    expect((done.body.abonelikler as unknown[]).length).toBe(2);

    const subs = await t.db.select().from(userPackages).where(eq(userPackages.userId, c.id));
    expect(subs.map((s) => s.platform).sort()).toEqual(['twitter', 'youtube']);
    const [code] = await t.db.select().from(discountCodes).where(eq(discountCodes.id, codeId));
    expect(code!.kullanilanSayisi).toBe(1);
    expect(await t.db.select().from(discountRedemptions).where(eq(discountRedemptions.codeId, codeId))).toHaveLength(1);
    expect(await balanceOf(c.id)).toBe(0);
  });

  it('rounds a discounted total half up to the cent', async () => {
    const c = await customer('round@example.com');
    await makeCode('ROUND50', 50, 5);
    await makeCode('ROUND33', 33, 5);
    // 999 × 0.5 = 499.5 → 500; (999 + 1499) × 0.67 = 1673.66 → 1674.
    expect((await call(quote, { token: c.token, body: { packageId, platformIds: ['instagram'], discountCode: 'ROUND50' } })).body.amount).toBe(500);
    expect((await call(quote, { token: c.token, body: { packageId, platformIds: ['instagram', 'twitter'], discountCode: 'ROUND33' } })).body.amount).toBe(1674);
  });

  it('refuses an unknown package, no platform, an inactive platform and a bad code', async () => {
    const c = await customer('badpkg@example.com');
    expect((await call(quote, { token: c.token, body: { packageId: 99999, platformIds: ['twitter'] } })).status).toBe(404);
    expect((await call(quote, { token: c.token, body: { packageId, platformIds: [] } })).body.mesaj).toBe('Lütfen en az bir platform seçin!');
    await t.db.update(platforms).set({ aktif: false }).where(eq(platforms.ad, 'youtube'));
    expect((await call(quote, { token: c.token, body: { packageId, platformIds: ['youtube'] } })).body.code).toBe('PLATFORM_INACTIVE');
    await t.db.update(platforms).set({ aktif: true }).where(eq(platforms.ad, 'youtube'));
    expect((await call(quote, { token: c.token, body: { packageId, platformIds: ['twitter'], discountCode: 'NOPE' } })).body.code).toBe('DISCOUNT_CODE_INVALID');
  });

  it('releases the card and credits nothing when the code was used up between quote and payment', async () => {
    const c = await customer('late@example.com');
    const codeId = await makeCode('SONHAK', 50, 1);
    const created = await call(createIntent, { token: c.token, body: { packageId, platformIds: ['instagram'], discountCode: 'SONHAK', cardholderName: 'A' } });
    const id = created.body.paymentIntentId as string;
    await pay(c, id);
    await t.db.update(discountCodes).set({ kullanilanSayisi: 1 }).where(eq(discountCodes.id, codeId));
    const res = await call(confirmPayment, { token: c.token, body: { paymentIntentId: id } });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'DISCOUNT_CODE_EXHAUSTED', released: true });
    const [intent] = await t.db.select().from(testPaymentIntents).where(eq(testPaymentIntents.id, id));
    expect(intent!.status).toBe('canceled');
    expect(await t.db.select().from(userPackages).where(eq(userPackages.userId, c.id))).toHaveLength(0);
    expect((await call(confirmPayment, { token: c.token, body: { paymentIntentId: id } })).body.code).toBe('DISCOUNT_CODE_EXHAUSTED');
  });
});

describe('the payments list', () => {
  it('shows a user their own payments and answers 404 for another user’s', async () => {
    const a = await customer('list-a@example.com');
    const b = await customer('list-b@example.com');
    const id = await topupIntent(a, 1000);
    await pay(a, id);
    await confirm(a, id);
    const list = await call(listPaymentsRoute, { token: a.token, path: '/api/payment/payments' });
    const rows = list.body.odemeler as { id: number; durum: string; tutar: number; tur: string }[];
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ durum: 'succeeded', tutar: 10, tur: 'balance' });
    expect(((await call(listPaymentsRoute, { token: b.token })).body.odemeler as unknown[]).length).toBe(0);
    expect((await call(getPaymentRoute, { token: a.token, params: { id: String(rows[0]!.id) } })).status).toBe(200);
    const foreign = await call(getPaymentRoute, { token: b.token, params: { id: String(rows[0]!.id) } });
    expect(foreign.status).toBe(404);
    expect(foreign.body.code).toBe('PAYMENT_NOT_FOUND');
  });
});

describe.runIf(onPostgres())('under concurrency (PostgreSQL)', () => {
  it('credits one intent once when 20 confirms arrive at once, by the client and the processor road mixed', async () => {
    const c = await customer('race@example.com');
    const id = await topupIntent(c, 10000);
    await pay(c, id);
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? confirm(c, id).then((r) => r.body) : settlePayment(t.db, { intentId: id }))),
    );
    expect(results.every((r) => r.status === 'fulfilled')).toBe(true);
    const values = results.map((r) => (r as PromiseFulfilledResult<{ alreadyCredited: boolean }>).value);
    expect(values.filter((v) => v.alreadyCredited === false)).toHaveLength(1);
    expect(await balanceOf(c.id)).toBe(10000);
    expect(await t.db.select().from(balanceLedger).where(eq(balanceLedger.userId, c.id))).toHaveLength(1);
    expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'race@example.com'))).toHaveLength(1);
  });

  it('gives the last use of a code to exactly one of 10 racing buyers; the others are released uncharged', async () => {
    const codeId = await makeCode('SONKISI', 50, 3, 2);
    const buyers = await Promise.all(Array.from({ length: 10 }, (_, i) => customer(`racer${i}@example.com`)));
    const ids: string[] = [];
    for (const b of buyers) {
      const created = await call(createIntent, { token: b.token, body: { packageId, platformIds: ['twitter', 'instagram'], discountCode: 'SONKISI', cardholderName: 'R' } });
      expect(created.body.amount).toBe(1249);
      ids.push(created.body.paymentIntentId as string);
      await pay(b, ids.at(-1)!);
    }
    const results = await Promise.all(buyers.map((b, i) => call(confirmPayment, { token: b.token, body: { paymentIntentId: ids[i] } })));
    const winners = results.filter((r) => r.status === 200);
    expect(winners).toHaveLength(1);
    expect(results.filter((r) => r.status === 409 && r.body.code === 'DISCOUNT_CODE_EXHAUSTED')).toHaveLength(9);
    const [code] = await t.db.select().from(discountCodes).where(eq(discountCodes.id, codeId));
    expect(code!.kullanilanSayisi).toBe(3);
    expect(await t.db.select().from(discountRedemptions).where(eq(discountRedemptions.codeId, codeId))).toHaveLength(1);
    const captured = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(testPaymentIntents)
      .where(and(sql`${testPaymentIntents.id} in ${ids}`, eq(testPaymentIntents.status, 'succeeded')));
    expect(captured[0]!.n).toBe(1);
    const subs = await t.db.select().from(userPackages).where(sql`${userPackages.userId} in ${buyers.map((b) => b.id)}`);
    expect(subs).toHaveLength(2);
  });
});
