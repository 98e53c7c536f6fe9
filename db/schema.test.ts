import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { setupTestDb } from '@/test/fixtures/db';
import { discountCodes, payments, users } from './schema';

const t = setupTestDb();

const user = (email: string) => ({ adSoyad: 'X', email, passwordHash: 'h' });

/** drizzle wraps driver errors; the constraint name is on the cause. */
async function violation(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (err) {
    const e = err as { cause?: { constraint_name?: string; constraint?: string; message?: string }; message: string };
    return e.cause?.constraint_name ?? e.cause?.constraint ?? e.cause?.message ?? e.message;
  }
  throw new Error('expected a constraint violation');
}

describe('database constraints', () => {
  it('refuses a second account with the same e-mail in another case', async () => {
    await t.db.insert(users).values(user('same@example.com'));
    expect(await violation(t.db.insert(users).values(user('SAME@example.com')))).toContain('users_email_lower_uq');
  });

  it('lets a soft-deleted address register again', async () => {
    await t.db.update(users).set({ deletedAt: new Date() }).where(sql`lower(${users.email}) = 'same@example.com'`);
    await expect(t.db.insert(users).values(user('Same@Example.com'))).resolves.toBeDefined();
  });

  it('never lets a balance go negative', async () => {
    expect(await violation(t.db.insert(users).values({ ...user('neg@example.com'), bakiyeCents: -1 }))).toContain(
      'users_bakiye_non_negative',
    );
  });

  it('keeps discount percentages within 1–100 and codes unique regardless of case', async () => {
    const code = { kod: 'YAZ50', indirimYuzdesi: 50, maksimumKullanim: 10, bitisTarihi: new Date(Date.now() + 86400000) };
    await t.db.insert(discountCodes).values(code);
    expect(await violation(t.db.insert(discountCodes).values({ ...code, kod: 'yaz50' }))).toContain('discount_codes_kod_uq');
    expect(await violation(t.db.insert(discountCodes).values({ ...code, kod: 'X0', indirimYuzdesi: 0 }))).toContain(
      'discount_codes_percent_range',
    );
    expect(await violation(t.db.insert(discountCodes).values({ ...code, kod: 'X101', indirimYuzdesi: 101 }))).toContain(
      'discount_codes_percent_range',
    );
  });

  it('records a payment intent only once', async () => {
    const [u] = await t.db.insert(users).values(user('payer@example.com')).returning();
    const p = { intentId: 'pi_test_1', provider: 'test', userId: u!.id, kind: 'balance' as const, amountCents: 1000 };
    await t.db.insert(payments).values(p);
    expect(await violation(t.db.insert(payments).values(p))).toContain('payments_intent_uq');
  });
});
