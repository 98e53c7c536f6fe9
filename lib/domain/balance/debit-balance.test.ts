import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { open, transactionWithPipelinedBegin } from '@/db/client';
import { isUniqueViolation } from '@/db/errors';
import { rawQuery } from '@/db/raw';
import { balanceLedger, orders, users } from '@/db/schema';
import { FOLLOWER_PRICED_SERVICES, platformOfService } from '@/lib/domain/catalogue/services';
import { onPostgres, setupTestDb } from '@/test/fixtures/db';
import { creditBalance, debitBalance, ORDER_DEBIT_REASON } from './index';
import { recordSocketWrites } from '@/test/fixtures/socket-writes';
import { cachedBalance, ledgerSum } from '@/test/fixtures/balance';

const t = setupTestDb();
let userId: number;

beforeAll(async () => {
  const [u] = await t.db.insert(users).values({ adSoyad: 'D', email: 'd@example.com', passwordHash: 'h' }).returning();
  userId = u!.id;
  await creditBalance(t.db, { userId, amountCents: 10_000, reason: 'adjustment', note: 'test' });
});

/** A paid order of the user's, for a debit to name (balance_ledger.order_id). */
async function order(priceCents: number) {
  const service = FOLLOWER_PRICED_SERVICES[0]!;
  const [o] = await t.db
    .insert(orders)
    .values({ userId, platform: platformOfService(service)!, service, profileIds: [1], profileCount: 1, priceCents, status: 'pending' })
    .returning({ id: orders.id });
  return o!.id;
}

const balance = () => cachedBalance(t.db, userId);

const ledgerTotal = () => ledgerSum(t.db, userId);

describe('debiting a balance for an order', () => {
  it('takes the charge with one debit row of the order and the cached balance, in the caller transaction', async () => {
    const orderId = await order(300);
    const before = await balance();
    await t.db.transaction(async (tx) => {
      await debitBalance(tx, { userId, orderId, amountCents: 300, note: 'pay_per_action' });
    });
    expect(await balance()).toBe(before - 300);
    expect(await ledgerTotal()).toBe(await balance());
    const rows = await t.db.select().from(balanceLedger).where(eq(balanceLedger.orderId, orderId));
    expect(rows).toEqual([expect.objectContaining({ userId, amountCents: -300, reason: ORDER_DEBIT_REASON, note: 'pay_per_action' })]);
  });

  it('sends nothing until it is awaited', async () => {
    const orderId = await order(200);
    const before = await balance();
    await t.db.transaction(async (tx) => {
      const debit = debitBalance(tx, { userId, orderId, amountCents: 200 });
      expect(await tx.select().from(balanceLedger).where(eq(balanceLedger.orderId, orderId))).toHaveLength(0);
      await debit;
      // Awaited again, it is not sent again.
      await debit;
    });
    expect(await balance()).toBe(before - 200);
    expect(await ledgerTotal()).toBe(await balance());
  });

  it('refuses a second debit of the same order, and the rollback undoes the first', async () => {
    const orderId = await order(100);
    const before = await balance();
    const failed = await t.db
      .transaction(async (tx) => {
        await debitBalance(tx, { userId, orderId, amountCents: 100 });
        await debitBalance(tx, { userId, orderId, amountCents: 100 });
      })
      .catch((err: unknown) => err);
    expect(isUniqueViolation(failed, 'balance_ledger_order_debit_uq')).toBe(true);
    expect(await balance()).toBe(before);
    expect(await ledgerTotal()).toBe(before);
  });

  it('refuses a charge the balance does not cover, and a zero, negative or fractional amount', async () => {
    const orderId = await order(1);
    const before = await balance();
    await expect(t.db.transaction(async (tx) => debitBalance(tx, { userId, orderId, amountCents: before + 1 }))).rejects.toThrow(/users_bakiye_non_negative/);
    for (const amountCents of [0, -5, 1.5]) {
      await expect(t.db.transaction(async (tx) => debitBalance(tx, { userId, orderId, amountCents }))).rejects.toMatchObject({ code: 'INVALID_AMOUNT' });
    }
    expect(await balance()).toBe(before);
    expect(await ledgerTotal()).toBe(before);
  });
});

// The send pipelines its writes (lib/domain/operations/send-store.ts): the debit must not cost a round
// trip of its own.
describe.runIf(onPostgres())('a debit on PostgreSQL', () => {
  it('goes out in the same write as the statements sent before it', async () => {
    const one = await open({ databaseUrl: t.url!, max: 1, migrate: false });
    const port = Number(new URL(t.url!).port);
    const { writes, stop } = recordSocketWrites(port);
    try {
      // The first run prepares the statements on the connection (a describe round trip each).
      for (const run of [1, 2]) {
        const orderId = await order(50);
        const sent = await transactionWithPipelinedBegin(one.db, async (tx, began) => {
          await began;
          writes.length = 0;
          const before = rawQuery(tx, `select bakiye_cents from users where id = $1::int for update`, [userId]);
          await Promise.all([before, debitBalance(tx, { userId, orderId, amountCents: 50 })]);
          return [...writes];
        });
        // Once prepared, the three statements (Bind and Execute of each) are one write.
        if (run === 2) expect(sent).toHaveLength(1);
        expect(await t.db.select().from(balanceLedger).where(eq(balanceLedger.orderId, orderId))).toHaveLength(1);
      }
    } finally {
      stop();
      await one.close();
    }
  });
});
