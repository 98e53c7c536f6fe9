import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { setupTestDb } from '@/test/fixtures/db';
import { seed } from '@/lib/domain/seed';
import { balanceLedger, orders, payments, users } from '@/db/schema';
import { AppError } from '@/lib/infra/errors';
import type { ProcessorIntent } from '@/lib/domain/payments';
import en from '@/messages/en.json';
import { INTEGRITY_KINDS, lastIntegrityCheck, runIntegrityCheck } from './index';

const t = setupTestDb();
let userId: number;
let paymentId: number;
let orderId: string;

const processor: Record<string, ProcessorIntent> = {};
const retrieveIntent = async (_provider: string, intentId: string) => processor[intentId] ?? null;
const intent = (id: string, amountCents: number, status: ProcessorIntent['status'] = 'succeeded'): ProcessorIntent => ({
  id,
  status,
  amountCents,
  currency: 'usd',
  metadata: {},
  lastErrorCode: null,
  lastDeclineCode: null,
});

beforeAll(async () => {
  await seed(t.db, { baseUrl: 'http://127.0.0.1:9', adminEmail: 'admin@example.com', demo: true });
  // A consistent customer: a credited top-up of 1000, a paid new tweet of 300 ended with 100 refunded.
  const [u] = await t.db.insert(users).values({ adSoyad: 'Ece', email: 'ece@example.com', passwordHash: 'x', bakiyeCents: 800 }).returning();
  userId = u!.id;
  const [p] = await t.db
    .insert(payments)
    .values({ intentId: 'pi_test_ok', provider: 'test', userId, kind: 'balance', amountCents: 1000, status: 'succeeded', creditedAt: new Date() })
    .returning();
  paymentId = p!.id;
  processor.pi_test_ok = intent('pi_test_ok', 1000);
  const [o] = await t.db
    .insert(orders)
    .values({ userId, platform: 'twitter', service: 'new_tweet', profileIds: [1, 2, 3], profileCount: 3, priceCents: 300, status: 'partial', refundedCents: 100, completedAt: new Date() })
    .returning();
  orderId = o!.id;
  await t.db.insert(balanceLedger).values([
    { userId, amountCents: 1000, reason: 'topup', paymentId },
    { userId, amountCents: -300, reason: 'new_tweet', orderId },
    { userId, amountCents: 100, reason: 'refund', orderId },
  ]);
});

describe('the integrity check', () => {
  it('passes on a consistent database and stores its result for the dashboard', async () => {
    expect(await lastIntegrityCheck(t.db)).toBeNull();
    const result = await runIntegrityCheck(t.db, { retrieveIntent });
    expect(result.discrepancies).toEqual([]);
    expect(result.ok).toBe(true);
    expect(result.checked).toMatchObject({ paymentsAsked: 1 });
    expect((await lastIntegrityCheck(t.db))!.id).toBe(result.id);
  });

  it('names every kind of discrepancy: balance ≠ ledger, an order refunded wrongly or ended oddly, a payment its processor disagrees with', async () => {
    await t.db.update(users).set({ bakiyeCents: 850 }).where(eq(users.id, userId));
    await t.db.update(orders).set({ refundedCents: 150 }).where(eq(orders.id, orderId));
    const [open] = await t.db
      .insert(orders)
      .values({ userId, platform: 'twitter', service: 'like', profileIds: [1], profileCount: 1, status: 'processing', completedAt: new Date() })
      .returning();
    processor.pi_test_ok = intent('pi_test_ok', 1000, 'canceled');
    const [late] = await t.db.insert(payments).values({ intentId: 'pi_test_x', provider: 'test', userId, kind: 'balance', amountCents: 500, status: 'succeeded' }).returning();

    const result = await runIntegrityCheck(t.db, { retrieveIntent });
    expect(result.ok).toBe(false);
    const kinds = result.discrepancies.map((d) => `${d.kind}:${d.id}`).sort();
    expect(kinds).toEqual(
      [
        `balance_mismatch:${userId}`,
        `refund_mismatch:${orderId}`,
        `end_time_mismatch:${open!.id}`,
        `processor_mismatch:${paymentId}`,
        `payment_state_mismatch:${late!.id}`,
      ].sort(),
    );
    expect(result.discrepancies.find((d) => d.kind === 'balance_mismatch')!.detail).toBe('balance 850 ≠ ledger 800');
    expect((await lastIntegrityCheck(t.db))!.ok).toBe(false);
  });

  it('skips, without a discrepancy, a payment of a processor this server is not configured for', async () => {
    const result = await runIntegrityCheck(t.db, {
      retrieveIntent: async () => {
        throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE');
      },
    });
    expect(result.checked).toMatchObject({ paymentsAsked: 0, paymentsNotAskable: 1 });
    expect(result.discrepancies.map((d) => d.kind)).not.toContain('processor_unreachable');
  });

  it('names each kind of discrepancy on the dashboard', () => {
    expect(Object.keys(en.Admin.integrity.kinds).sort()).toEqual([...INTEGRITY_KINDS].sort());
  });
});
