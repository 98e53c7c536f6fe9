import 'server-only';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { balanceLedger, users } from '@/db/schema';

/**
 * Gives an order's money back to its owner's balance: one `refund` ledger row and the cached
 * users.bakiye_cents, with the user's row locked, inside the caller's transaction. At most one
 * refund row per order (balance_ledger_order_refund_uq): a second call refunds nothing. Returns
 * the cents refunded (0 when the order had its refund already).
 */
export async function refundOrderCharge(tx: Db, input: { userId: number; orderId: string; cents: number; note?: string }): Promise<number> {
  if (input.cents <= 0) return 0;
  await tx.select({ id: users.id }).from(users).where(eq(users.id, input.userId)).for('update');
  const [row] = await tx
    .insert(balanceLedger)
    .values({ userId: input.userId, amountCents: input.cents, reason: 'refund', orderId: input.orderId, note: input.note })
    .onConflictDoNothing()
    .returning({ id: balanceLedger.id });
  if (!row) return 0;
  await tx
    .update(users)
    .set({ bakiyeCents: sql`${users.bakiyeCents} + ${input.cents}` })
    .where(eq(users.id, input.userId));
  return input.cents;
}
