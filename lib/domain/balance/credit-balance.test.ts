import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestDb, onPostgres } from '@/test/fixtures/db';
import { payments, users } from '@/db/schema';
import { creditBalance } from './index';
import { cachedBalance, ledgerSum } from '@/test/fixtures/balance';

const t = setupTestDb();
let userId: number;

beforeAll(async () => {
  const [u] = await t.db.insert(users).values({ adSoyad: 'B', email: 'b@example.com', passwordHash: 'h' }).returning();
  userId = u!.id;
});

async function payment(amountCents: number) {
  const [p] = await t.db
    .insert(payments)
    .values({ intentId: `pi_test_${Math.random()}`, provider: 'test', userId, kind: 'balance', amountCents, status: 'succeeded' })
    .returning();
  return p!.id;
}

const ledgerTotal = () => ledgerSum(t.db, userId);

const balance = () => cachedBalance(t.db, userId);

describe('crediting a balance', () => {
  it('adds a top-up to the ledger and the cached balance together', async () => {
    const paymentId = await payment(2500);
    const result = await creditBalance(t.db, { userId, amountCents: 2500, reason: 'topup', paymentId });
    expect(result).toMatchObject({ credited: true, balanceCents: 2500 });
    expect(await balance()).toBe(2500);
    expect(await ledgerTotal()).toBe(2500);
  });

  it('credits a payment only once, however often it is called', async () => {
    const paymentId = await payment(1000);
    const before = await balance();
    const results = await Promise.all(
      Array.from({ length: onPostgres() ? 20 : 3 }, () => creditBalance(t.db, { userId, amountCents: 1000, reason: 'topup', paymentId })),
    );
    expect(results.filter((r) => r.credited)).toHaveLength(1);
    expect(await balance()).toBe(before + 1000);
    expect(await ledgerTotal()).toBe(await balance());
  });

  it('refuses a zero, negative or fractional amount and a top-up without a payment', async () => {
    await expect(creditBalance(t.db, { userId, amountCents: 0, reason: 'adjustment' })).rejects.toMatchObject({ code: 'INVALID_AMOUNT' });
    await expect(creditBalance(t.db, { userId, amountCents: -5, reason: 'adjustment' })).rejects.toMatchObject({ code: 'INVALID_AMOUNT' });
    await expect(creditBalance(t.db, { userId, amountCents: 1.5, reason: 'adjustment' })).rejects.toMatchObject({ code: 'INVALID_AMOUNT' });
    await expect(creditBalance(t.db, { userId, amountCents: 100, reason: 'topup' })).rejects.toMatchObject({ code: 'INVALID_AMOUNT' });
  });

  it('joins the caller transaction, so a rollback there undoes the credit', async () => {
    const paymentId = await payment(700);
    const before = await balance();
    await expect(
      t.db.transaction(async (tx) => {
        await creditBalance(tx, { userId, amountCents: 700, reason: 'topup', paymentId });
        throw new Error('caller failed');
      }),
    ).rejects.toThrow('caller failed');
    expect(await balance()).toBe(before);
    expect(await ledgerTotal()).toBe(before);
  });
});
